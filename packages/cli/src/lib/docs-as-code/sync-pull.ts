import type { RevisionFile } from '@docs-api/sdk';
import {
  ASSETS_DIR,
  contentHash,
  eachPage,
  emptyMapping,
  inRoot,
  keptPages,
  placePages,
  readLayout,
  summaryFor,
  writeMapping,
  writePage,
  type LayoutFs,
  type LayoutProblem,
  type Placement,
  type SyncMapping,
} from './index.js';
import { unknownFiles } from './folder.js';
import type { SpaceContent } from './space-content.js';
import {
  DEFAULT_CONCURRENCY,
  eachLimited,
  pageNodeOf,
  readConfig,
  readMapping,
  type LinkTargets,
} from './space-content.js';

/*
 * `docs pull` over the SDK: a space's (or a change request's) pages written into the folder in the
 * Git Sync layout. Nothing here prints: progress and warnings go through callbacks.
 *
 * Memory: a pull holds the tree of pages (titles, paths, ids: no markdown) and at most
 * `concurrency` pages' markdown at a time.
 */

export interface PullOptions {
  concurrency?: number;
  /** Bytes of a file of the space; `undefined` when it cannot be downloaded (a warning). */
  download?: (file: RevisionFile) => Promise<Uint8Array | undefined>;
  /** After each page written. */
  onPage?: (done: number, total: number) => void;
  onWarning?: (problem: LayoutProblem) => void;
  /** Record the change request in the mapping (a pull of `--cr`: the next push continues it). */
  changeRequest?: { id: string; number: number };
  /** Overwrite files of the folder that no earlier pull wrote (else an `OverwriteError`). */
  force?: boolean;
}

export interface PullResult {
  pages: number;
  files: number;
  /** Files of the previous pull that the space no longer has, removed. */
  removed: string[];
  mapping: SyncMapping;
  warnings: LayoutProblem[];
}

/** Thrown before anything is written when a pull would overwrite files it did not write. */
export class OverwriteError extends Error {
  override name = 'OverwriteError';
  constructor(readonly files: string[]) {
    super(
      `${files.length === 1 ? 'a file' : `${files.length} files`} that no pull wrote would be overwritten`,
    );
  }
}

/** A file name unique in the assets folder: `a.png`, then `a-<id>.png`. */
function assetPath(file: RevisionFile, taken: Set<string>): string {
  const name = (file.name ?? file.id).replace(/[/\\]/g, '-') || file.id;
  let path = `${ASSETS_DIR}/${name}`;
  if (taken.has(path.toLowerCase())) {
    const dot = name.lastIndexOf('.');
    const unique = dot > 0 ? `${name.slice(0, dot)}-${file.id}${name.slice(dot)}` : `${name}-${file.id}`;
    path = `${ASSETS_DIR}/${unique}`;
  }
  taken.add(path.toLowerCase());
  return path;
}

/**
 * Writes the content's pages into the folder in the Git Sync layout: SUMMARY.md from the tree,
 * each page's file as it is read (at most `concurrency` at once), the files under
 * `.gitbook/assets/`, and the mapping last. `.gitbook.yaml` is read (its root, readme and summary
 * are honoured) and never written.
 */
export async function pull(
  fs: LayoutFs,
  content: SpaceContent,
  options: PullOptions = {},
): Promise<PullResult> {
  const config = await readConfig(fs);
  const previous = await readMapping(fs, config);
  const tree = keptPages(await content.pages());
  const { placements, problems } = placePages(tree, config);
  const warnings = [...problems];
  for (const problem of problems) options.onWarning?.(problem);

  const fileOfPage = new Map<string, string>();
  const fileOfPath = new Map<string, string>();
  for (const [shape, placement] of placements) {
    if (placement.file && shape.id !== undefined) {
      fileOfPage.set(shape.id, placement.file);
      fileOfPath.set(shape.path, placement.file);
    }
  }

  // Files first: pages link to them.
  const mapping = emptyMapping(content.space);
  if (options.changeRequest) mapping.changeRequest = options.changeRequest;
  const assetOfFile = new Map<string, string>();
  const taken = new Set<string>();
  const files: { file: RevisionFile; path: string }[] = [];
  for await (const file of content.files()) files.push({ file, path: assetPath(file, taken) });
  if (!options.force) {
    // Checked before anything is written: a file the folder had before, not from a pull, stays.
    const writes = [
      config.summary,
      ...[...placements.values()].flatMap((placement) => (placement.file ? [placement.file] : [])),
      ...files.map(({ path }) => path),
    ];
    const foreign = await unknownFiles(fs, config, previous, writes);
    if (foreign.length > 0) throw new OverwriteError(foreign);
  }
  let written = 0;
  await eachLimited(files, options.concurrency ?? DEFAULT_CONCURRENCY, async ({ file, path }) => {
    assetOfFile.set(file.id, path);
    const known = previous?.files[path];
    const local = await fs.read(inRoot(config, path));
    if (known?.id === file.id && local && contentHash(local) === known.hash) {
      mapping.files[path] = known;
      written++;
      return;
    }
    const bytes = await options.download?.(file);
    if (!bytes) {
      const problem: LayoutProblem = {
        severity: 'warning',
        file: inRoot(config, path),
        message: `could not be downloaded (${file.id}): pages that show it point at a file the folder does not have`,
      };
      warnings.push(problem);
      options.onWarning?.(problem);
      return;
    }
    await fs.write(inRoot(config, path), bytes);
    mapping.files[path] = { id: file.id, hash: contentHash(bytes), size: bytes.byteLength };
    written++;
  });

  await fs.write(inRoot(config, config.summary), summaryFor(tree, placements));

  const targets: LinkTargets = { fileOfPage, fileOfPath, assetOfFile };
  const all = [...eachPage(tree)];
  const documents = all.filter((page) => placements.get(page)?.file !== undefined);
  let done = 0;
  await eachLimited(documents, options.concurrency ?? DEFAULT_CONCURRENCY, async (page) => {
    const placement = placements.get(page) as Placement & { file: string };
    const answer = await content.page(page.id);
    const node = pageNodeOf(answer, page, placement.file, targets);
    const stored = await writePage(fs, config, placement.file, node);
    const updatedAt = answer.updatedAt ?? page.updatedAt;
    mapping.pages[placement.key] = {
      id: page.id,
      path: page.path,
      stored,
      ...(updatedAt === undefined ? {} : { updatedAt }),
    };
    options.onPage?.(++done, documents.length);
  });
  for (const page of all) {
    const placement = placements.get(page);
    if (placement && !placement.file) mapping.pages[placement.key] = { id: page.id, path: page.path };
  }

  // Files a previous pull wrote that the content no longer has.
  const removed: string[] = [];
  const keep = new Set([...Object.keys(mapping.pages), ...Object.keys(mapping.files)]);
  for (const key of [...Object.keys(previous?.pages ?? {}), ...Object.keys(previous?.files ?? {})]) {
    if (keep.has(key) || key.endsWith('/') || key.startsWith('link:')) continue;
    await fs.remove(inRoot(config, key));
    removed.push(inRoot(config, key));
  }
  await writeMapping(fs, config, mapping);
  return { pages: documents.length, files: written, removed, mapping, warnings };
}

/**
 * The page files of the folder changed since its last pull or push (their hash is neither the
 * mapping's `stored` nor its `sent`): a pull would overwrite them.
 */
export async function localChanges(fs: LayoutFs): Promise<string[]> {
  const layout = await readLayout(fs);
  if (!layout.mapping) return [];
  const changed: string[] = [];
  for (const page of eachPage(layout.pages)) {
    const entry = layout.mapping.pages[page.key];
    if (!entry || page.hash === undefined || !page.file) continue;
    if (entry.stored !== page.hash && entry.sent !== page.hash)
      changed.push(inRoot(layout.config, page.file));
  }
  return changed;
}
