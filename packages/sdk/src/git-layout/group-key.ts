import { isExternal, resolveRelative } from './links.js';
import type { SyncMapping } from './mapping.js';
import { groupKey, linkKey, slugify } from './placement.js';
import type { SummaryEntry, SummarySection } from './summary.js';

/*
 * Which group of the mapping a `##` section of SUMMARY.md is. A group has no file of its own, so
 * its key (`<folder>/`) comes from what it holds. One that holds pages has their shared folder.
 * One that holds only links has no folder on disk: its key must come from the mapping. A fresh
 * title slug would change when a sibling moves ("getting-4" read back as "getting-2"), and the
 * push would then delete the group and its links instead of keeping them.
 */

/** The top-level folder every file of the section lives in, when they share one. */
export function sharedFolder(entries: readonly SummaryEntry[], summaryFile: string): string | undefined {
  const folders = new Set<string>();
  for (const entry of entries) {
    if (entry.computed !== undefined || isExternal(entry.target)) continue;
    const file = resolveRelative(summaryFile, entry.target);
    if (file !== undefined) folders.add(file.includes('/') ? file.slice(0, file.indexOf('/')) : '');
  }
  return folders.size === 1 ? [...folders][0] || undefined : undefined;
}

/** The shared folders of all the groups: the keys the sections that hold pages will take. */
export function reservedFolders(sections: readonly SummarySection[], summaryFile: string): Set<string> {
  const reserved = new Set<string>();
  for (const section of sections) {
    if (section.group === undefined) continue;
    const shared = sharedFolder(section.entries, summaryFile);
    if (shared) reserved.add(shared.toLowerCase());
  }
  return reserved;
}

export interface GroupKeyInput {
  title: string;
  entries: readonly SummaryEntry[];
  summaryFile: string;
  mapping: SyncMapping | undefined;
  /** Root slugs already given (pages and groups before this one), in lowercase. */
  taken: ReadonlySet<string>;
  /** Of those, the ones only link pages hold (nominal: a group of the mapping may take one). */
  linkOnly: ReadonlySet<string>;
  /** From `reservedFolders`: folders other groups will take. */
  reserved: ReadonlySet<string>;
}

/**
 * A group's key: 1. the folder its pages share (the mapping's path for it when known); 2. a group
 * of the mapping not yet taken whose folder is its title's slug (`getting`, `getting-4`); 3. one
 * its links were in (a renamed group); 4. its title's slug made unique among the pages before it
 * and the mapping's other groups.
 */
export function groupKeyFor(input: GroupKeyInput): string {
  const { title, entries, summaryFile, mapping, taken, linkOnly, reserved } = input;
  const shared = sharedFolder(entries, summaryFile);
  if (shared) {
    const known = mapping?.pages[groupKey(shared)];
    return groupKey(known ? known.path : shared);
  }
  const known = Object.keys(mapping?.pages ?? {})
    .filter((key) => key.endsWith('/') && !key.slice(0, -1).includes('/'))
    .map((key) => key.slice(0, -1));
  const free = known.filter((folder) => {
    const lower = folder.toLowerCase();
    return (!taken.has(lower) || linkOnly.has(lower)) && !reserved.has(lower);
  });
  const linkedFrom = new Set<string>();
  for (const entry of entries) {
    if (!isExternal(entry.target)) continue;
    const path = mapping?.pages[linkKey(entry.target)]?.path;
    if (path?.includes('/')) linkedFrom.add(path.slice(0, path.indexOf('/')));
  }
  const base = slugify(title);
  // By title first, in the order their slugs were given (`v2`, then `v2-2`: the mapping file is
  // sorted, `v2-2/` before `v2/`): groups of one title keep their order even when a link moved
  // from one to the other; a renamed group is then found by its links.
  const byTitle = free
    .map((folder) => ({ folder, rank: slugRank(folder, base) }))
    .filter((candidate) => candidate.rank > 0)
    .sort((a, b) => a.rank - b.rank)[0]?.folder;
  if (byTitle !== undefined) return groupKey(byTitle);
  const byLinks = free.find((folder) => linkedFrom.has(folder));
  if (byLinks !== undefined) return groupKey(byLinks);
  const avoided = new Set([...taken, ...reserved, ...known.map((folder) => folder.toLowerCase())]);
  return groupKey(uniqueSlug(base, avoided));
}

/** `base`, or `base-2`, `base-3`... the first not `taken` (compared in lowercase). */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug.toLowerCase()); n++) slug = `${base}-${n}`;
  return slug;
}

/** 1 when `folder` is `base`, n when it is `base-<n>`, 0 otherwise (compared in lowercase). */
const slugRank = (folder: string, base: string): number => {
  const lower = folder.toLowerCase();
  const prefix = base.toLowerCase();
  if (lower === prefix) return 1;
  const suffix = lower.startsWith(`${prefix}-`) ? lower.slice(prefix.length + 1) : '';
  return /^\d+$/.test(suffix) ? Number(suffix) : 0;
};
