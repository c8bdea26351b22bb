import {
  createSiteShareLink,
  deleteSiteShareLinkById,
  listSiteShareLinks,
  updateSiteShareLinkById,
  type ShareLink,
} from '@docs-api/sdk/contract';
import { notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ShareLinkRow, SiteRow, Store } from '../store.js';
import { publishedUrl, requireSite } from '../domain/sites.js';

/*
 * Share links of a site. Each has a secret key, which opens the site to whoever holds it
 * (`getPublishedContentSite`, `listSiteSpaces` and `listSiteSections` with `?shareKey=`) while
 * the link is active. The document defines no field for the key: it is in the link's URL
 * (`urls.published`, `<site URL>?share=<key>`), which only the create answer and the list answers
 * carry; an update's answer, and every error, leave it out. `search` matches a name (any case,
 * a part of it) or a whole key. Deleting a link the site does not have succeeds (204).
 *
 * Keys are random (32 hex digits), not from the id counter: a key that followed a counter
 * could be guessed from another.
 */

function newKey(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '');
}

function requireShareLink(store: Store, row: SiteRow, shareLinkId: string): ShareLinkRow {
  const link = store.siteShareLinks.get(shareLinkId);
  if (!link || link.site !== row.site.id) throw notFound('share link', shareLinkId);
  return link;
}

/** The API view; `withUrl` only where the key may be shown (create and list answers). */
function shareLinkView(store: Store, row: SiteRow, link: ShareLinkRow, withUrl: boolean): ShareLink {
  return {
    object: 'share-link',
    id: link.id,
    createdAt: link.createdAt,
    name: link.name,
    active: link.active,
    urls: withUrl ? { published: `${publishedUrl(store, row)}?share=${encodeURIComponent(link.key)}` } : {},
  };
}

export const siteShareLinkHandlers = [
  implement(listSiteShareLinks, ({ store, params, query }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const search = query.search?.toLowerCase();
    const links = [...store.siteShareLinks.values()].filter(
      (link) =>
        link.site === row.site.id &&
        (search === undefined || link.name.toLowerCase().includes(search) || link.key === query.search),
    );
    return paginate(
      links.map((link) => shareLinkView(store, row, link, true)),
      query,
    );
  }),

  implement(createSiteShareLink, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const link: ShareLinkRow = {
      id: store.newId('sharelink'),
      site: row.site.id,
      name: body.name,
      key: newKey(),
      active: true,
      createdAt: store.now(),
    };
    store.siteShareLinks.set(link.id, link);
    return shareLinkView(store, row, link, true);
  }),

  implement(updateSiteShareLinkById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const link = requireShareLink(store, row, params.shareLinkId);
    if (body.name !== undefined) link.name = body.name;
    if (body.active !== undefined) link.active = body.active;
    return shareLinkView(store, row, link, false);
  }),

  implement(deleteSiteShareLinkById, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const link = store.siteShareLinks.get(params.shareLinkId);
    if (link?.site === row.site.id) store.siteShareLinks.delete(link.id);
  }),
];
