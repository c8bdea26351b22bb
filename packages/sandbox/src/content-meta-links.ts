import type { RevisionPageMetaLinks, RevisionPageMetaLinkTarget } from '@docs-api/sdk/contract';
import { APP_HOST, findPage, primaryRevision, type FlatPage, type RevisionRow } from './content.js';
import { linkIndex, resolveTarget } from './content-links.js';
import type { Store } from './store.js';

/*
 * A page's meta links (`RevisionPageMetaLinks`): its canonical URL and its alternates, as the
 * page keeps them in its front matter (`metaLinks: { canonical, alternates: [...] }`, the form
 * the service's Git Sync writes: a relative path to a page of the space, or an app URL of a page
 * of another space, `https://app.gitbook.com/s/<spaceId>/<path>`). A target that names a page the
 * sandbox has is that page; any other stays the URL as written.
 */

/** Hosts whose `/s/<spaceId>/<path>` URLs name a page: the service's app and the sandbox's. */
const APP_HOSTS = new Set(['app.gitbook.com', APP_HOST]);

/** What the meta links need of the sandbox: another space's live content, when it exists. */
type LiveContentOf = (spaceId: string) => RevisionRow | undefined;

/** The meta links of a page of `revision`; pages of other spaces are read in their live content. */
export function pageMetaLinks(store: Store, revision: RevisionRow, entry: FlatPage): RevisionPageMetaLinks {
  return metaLinksOf(revision, entry, (spaceId) => {
    const space = store.spaces.get(spaceId);
    return space?.organization ? primaryRevision(store, space) : undefined;
  });
}

function metaLinksOf(
  revision: RevisionRow,
  entry: FlatPage,
  liveContentOf: LiveContentOf,
): RevisionPageMetaLinks {
  const declared = entry.page.meta?.metaLinks;
  const links = (typeof declared === 'object' && declared !== null ? declared : {}) as {
    canonical?: unknown;
    alternates?: unknown;
  };
  const target = (raw: string) => metaLinkTarget(raw, revision, entry, liveContentOf);
  const alternates = Array.isArray(links.alternates)
    ? links.alternates.filter((value): value is string => typeof value === 'string').map(target)
    : [];
  return {
    ...(typeof links.canonical === 'string' ? { canonical: target(links.canonical) } : {}),
    alternates,
  };
}

function metaLinkTarget(
  raw: string,
  revision: RevisionRow,
  entry: FlatPage,
  liveContentOf: LiveContentOf,
): RevisionPageMetaLinkTarget {
  const value = raw.trim();
  const app = appPage(value);
  if (app) {
    const content = app.space === revision.space ? revision : liveContentOf(app.space);
    const page = content ? pageAtPath(content, app.path) : undefined;
    if (page)
      return app.space === revision.space
        ? { kind: 'page', page: page.id }
        : { kind: 'page', page: page.id, space: app.space };
    return { kind: 'url', url: raw };
  }
  const index = linkIndex(revision);
  const resolved = resolveTarget(value, {
    index,
    pageIds: new Set(index.paths.keys()),
    from: index.files.get(entry.page.id) ?? `${entry.path}.md`,
    refs: new Map(),
  });
  if (resolved?.kind === 'page') return { kind: 'page', page: resolved.id };
  return { kind: 'url', url: raw };
}

/** The space and page path of an app URL (`https://<app host>/s/<spaceId>/<path>`). */
function appPage(value: string): { space: string; path: string } | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (!APP_HOSTS.has(url.host)) return undefined;
  const match = /^\/s\/([^/]+)(?:\/(.*))?$/.exec(url.pathname);
  if (!match?.[1]) return undefined;
  return {
    space: decodeURIComponent(match[1]),
    path: decodeURIComponent(match[2] ?? '').replace(/\/+$/, ''),
  };
}

/** The page at a slug path; the space's first page for the empty path, as its app URL shows it. */
function pageAtPath(revision: RevisionRow, path: string) {
  if (path === '') return revision.pages[0];
  const id = [...linkIndex(revision).paths].find(([, candidate]) => candidate === path)?.[0];
  return id === undefined ? undefined : findPage(revision, id)?.page;
}
