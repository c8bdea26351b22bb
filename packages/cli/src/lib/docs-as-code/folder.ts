import { CONFIG_FILE, inRoot, type ContentConfig } from './config.js';
import type { LayoutFs } from './fs.js';
import type { SyncMapping } from './mapping.js';

/*
 * Which folder `docs pull` and `docs push` may work in, decided before anything is written or
 * sent, as `git clone` and `gh repo clone` decide: a new folder named after the space, an empty
 * one, or one that holds the same space's mapping. Pure, over the injected file system.
 */

/** Entries that do not make a folder "not empty" (a fresh `git init` has only `.git`). */
const IGNORED = new Set(['.git']);

/**
 * The folder `docs pull <space>` makes when none is named: the space's title made a folder name
 * (lower case, words joined by `-`, letters and digits of any script kept), else its id.
 */
export function folderNameOf(title: string | undefined, id: string): string {
  const name = (title ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100)
    .replace(/[-.]+$/g, '');
  const safeId = id.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '');
  return name || safeId || 'space';
}

/** Whether the folder has nothing in it (or only `.git`). */
export async function isEmptyFolder(fs: LayoutFs): Promise<boolean> {
  return (await fs.list('')).every((entry) => IGNORED.has(entry.name));
}

/** Whether the folder is laid out for Git Sync: a `.gitbook.yaml`, or a `SUMMARY.md` at its root. */
export async function hasGitSyncLayout(fs: LayoutFs, config: ContentConfig): Promise<boolean> {
  if ((await fs.size(CONFIG_FILE)) !== undefined) return true;
  return (await fs.size(inRoot(config, config.summary))) !== undefined;
}

/**
 * The files a pull is about to write that it did not write before: they exist in the folder, and
 * neither the previous mapping names them nor are they the table of contents or the mapping of a
 * folder pulled before. Overwriting them needs `--force`.
 */
export async function unknownFiles(
  fs: LayoutFs,
  config: ContentConfig,
  previous: SyncMapping | undefined,
  paths: Iterable<string>,
): Promise<string[]> {
  const known = new Set<string>();
  if (previous) {
    for (const key of [...Object.keys(previous.pages), ...Object.keys(previous.files)]) known.add(key);
    known.add(config.summary);
  }
  const found: string[] = [];
  for (const path of paths) {
    if (known.has(path)) continue;
    if ((await fs.size(inRoot(config, path))) !== undefined) found.push(inRoot(config, path));
  }
  return found;
}

/** A folder as typed in a suggested command: quoted for a POSIX shell when it needs to be. */
export const shellWord = (word: string): string =>
  /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
