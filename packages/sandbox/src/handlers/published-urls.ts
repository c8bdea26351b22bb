import {
  getContentByUrl,
  getPublishedContentByUrl,
  resolvePublishedContentByUrl,
  type PublishedSiteContent,
  type RevisionPageDocument,
  type RevisionPageGroup,
} from '@docs-api/sdk/contract';
import type { Context } from 'hono';
import {
  APP_HOST,
  flattenPages,
  groupView,
  pageView,
  primaryRevision,
  requireRevision,
  type RevisionRow,
} from '../content.js';
import { linkIndex } from '../content-links.js';
import { changeRequestView } from '../domain/change-requests.js';
import { collectionView } from '../domain/collections.js';
import { resolvePublishedUrl } from '../domain/published-urls.js';
import { requireSpace, spaceView } from '../domain/spaces.js';
import { notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import type { Store } from '../store.js';
import { requireCollection } from '../tree.js';

/*
 * URLs resolved to what they show. App URLs the sandbox gives (its spaces', change requests',
 * collections' `urls.app`) and published URLs: to the space, change request, collection and page
 * (`getContentByUrl`). Published URLs resolved to the site, section, site space, space and page they show
 * (domain/published-urls.ts), from the sites the sandbox keeps and the URLs it gives them.
 * `apiToken` is the token the caller sent: the only one the sandbox accepts.
 */

function lookup(store: Store, context: Context, url: string, field: string): PublishedSiteContent {
  const found = resolvePublishedUrl(store, url, field);
  const token = /^Bearer\s+(.+)$/i.exec(context.req.header('authorization') ?? '')?.[1] ?? '';
  return {
    site: found.row.site.id,
    siteSection: found.section.id,
    siteSpace: found.siteSpace.id,
    space: found.space.id,
    organization: found.row.organization,
    pathname: found.pathname,
    basePath: found.basePath,
    siteBasePath: found.siteBasePath,
    apiToken: token,
    complete: found.complete,
    canonicalUrl: found.canonicalUrl,
  };
}

const noContent = (url: string) => new SandboxError(404, `No content was found for the URL "${url}"`);

/** The page at a slug path of a revision, as the URL answer shows one (a document or a group). */
function pageAt(
  revision: RevisionRow,
  path: string,
  url: string,
): RevisionPageDocument | RevisionPageGroup | undefined {
  if (path === '') return undefined;
  const entry = flattenPages(revision.pages).find((candidate) => candidate.path === path);
  if (!entry || entry.page.type === 'link' || entry.page.type === 'computed') throw noContent(url);
  const options = { index: linkIndex(revision) };
  return entry.page.type === 'group'
    ? groupView(revision, entry, options)
    : pageView(revision, entry, options);
}

/**
 * What an app URL the sandbox gives names: a collection (`/c/<id>`), a space (`/s/<id>`), a
 * change request of it (`/s/<id>/~/changes/<number>`), and a page's path after either; else the
 * content a published URL shows.
 */
function contentAt(store: Store, raw: string) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The document's `url` is any string: one that is no URL names no content.
    throw noContent(raw);
  }
  if (url.host !== APP_HOST) {
    const found = resolvePublishedUrl(store, raw, 'query.url');
    const page = pageAt(found.revision, found.pathname, raw);
    return { space: spaceView(store, found.space), ...(page ? { page } : {}) };
  }
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [kind, id = '', ...rest] = segments;
  if (kind === 'c' && rest.length === 0)
    return { collection: collectionView(store, requireCollection(store, id)) };
  if (kind !== 's') throw noContent(raw);
  const space = requireSpace(store, id);
  if (rest[0] === '~' && rest[1] === 'changes') {
    const number = Number(rest[2]);
    const row = [...store.changeRequests.values()].find(
      (candidate) => candidate.space === space.id && candidate.number === number,
    );
    if (!row) throw notFound('change request', rest[2] ?? '');
    const page = pageAt(requireRevision(store, row.revision), rest.slice(3).join('/'), raw);
    return {
      space: spaceView(store, space),
      changeRequest: changeRequestView(store, row),
      ...(page ? { page } : {}),
    };
  }
  if (rest[0] === '~') throw noContent(raw);
  const page = pageAt(primaryRevision(store, space), rest.join('/'), raw);
  return { space: spaceView(store, space), ...(page ? { page } : {}) };
}

export const publishedUrlHandlers = [
  implement(getContentByUrl, ({ store, query }) => contentAt(store, query.url)),
  implement(getPublishedContentByUrl, ({ store, query, context }) =>
    lookup(store, context, query.url, 'query.url'),
  ),
  implement(resolvePublishedContentByUrl, ({ store, body, context }) =>
    lookup(store, context, body.url, 'body.url'),
  ),
].map((implementation) => ({ ...implementation, answer: 'computed' as const }));
