import { isUnchanged, type SyncMapping } from './mapping.js';
import { slugOf } from './model.js';
import { wirePath } from './placement.js';
import type { SpaceIndex } from './plan-space.js';
import type { LocalPage } from './read.js';

/**
 * Which page each of the folder's pages is: 1. the mapping's page for the file, unchanged; 2. a
 * page the mapping knew with this very content, under another file (moved, renamed, or swapped
 * with another); 3. the mapping's page for the file, edited; 4. the space's page at the same path
 * (a link page: to the same URL).
 */
export function matchPages(
  locals: readonly LocalPage[],
  mapping: SyncMapping,
  space: SpaceIndex,
): { idOf: Map<LocalPage, string>; claimed: Set<string> } {
  const { remote, byPath } = space;
  const idOf = new Map<LocalPage, string>();
  const claimed = new Set<string>();
  const claim = (page: LocalPage, id: string) => {
    idOf.set(page, id);
    claimed.add(id);
  };
  const compatible = (page: LocalPage, id: string) => remote.get(id)?.page.kind === page.kind;
  const free = (page: LocalPage, id: string | undefined): id is string =>
    id !== undefined && !idOf.has(page) && !claimed.has(id) && compatible(page, id);
  for (const page of locals) {
    const entry = mapping.pages[page.key];
    if (entry && (page.hash === undefined || isUnchanged(entry, page.hash)) && free(page, entry.id)) {
      claim(page, entry.id);
    }
  }
  const byHash = new Map<string, string[]>();
  for (const entry of Object.values(mapping.pages)) {
    for (const hash of new Set([entry.stored, entry.sent])) {
      if (hash !== undefined) byHash.set(hash, [...(byHash.get(hash) ?? []), entry.id]);
    }
  }
  const knownPath = new Map(Object.values(mapping.pages).map((entry) => [entry.id, entry.path]));
  // Among pages with this content: first, for every page, the one that had this very path (its
  // file changed form, README.md to .md); then the one that had this slug (a move keeps it); then
  // any. Pass by pass, so that a page that moved cannot take the content twin that stayed.
  const preferences: ((page: LocalPage, id: string) => boolean)[] = [
    (page, id) => knownPath.get(id) === page.path,
    (page, id) => slugOf(knownPath.get(id) ?? '') === slugOf(page.path),
    () => true,
  ];
  for (const preferred of preferences) {
    for (const page of locals) {
      if (page.hash === undefined || idOf.has(page)) continue;
      const id = (byHash.get(page.hash) ?? []).find((each) => free(page, each) && preferred(page, each));
      if (id !== undefined) claim(page, id);
    }
  }
  for (const page of locals) {
    const id = mapping.pages[page.key]?.id;
    if (free(page, id)) claim(page, id);
  }
  for (const page of locals) {
    const id = byPath.get(page.path) ?? byPath.get(wirePath(page.path));
    if (free(page, id)) claim(page, id);
  }
  // A link page the space has, pointing at the same place (link pages have no path of their own).
  for (const page of locals) {
    if (page.kind !== 'link' || idOf.has(page)) continue;
    const id = [...remote.values()].find(
      (entry) => entry.page.kind === 'link' && entry.page.href === page.href && !claimed.has(entry.page.id),
    )?.page.id;
    if (free(page, id)) claim(page, id);
  }
  return { idOf, claimed };
}
