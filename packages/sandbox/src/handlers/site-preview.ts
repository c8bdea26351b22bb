import { getSitePublishingPreviewById } from '@docs-api/sdk/contract';
import { requirePublishedSiteSpace } from '../domain/site-content.js';
import { requireSite, sitePreviewUrl } from '../domain/sites.js';
import { invalidField } from '../errors.js';
import { implement, type Implementation } from '../implement.js';

/*
 * A temporary preview URL: the site's preview address (`urls.preview` of its reads) with what the
 * query asks to preview (a site space, drafts, a page, visitor claims) and when it expires, one
 * hour on the sandbox's clock, as the service's URLs do.
 */

const HOUR = 60 * 60 * 1000;

export const sitePreviewHandlers: Implementation[] = [
  implement(getSitePublishingPreviewById, ({ store, params, query }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    if (query.siteSpace !== undefined) requirePublishedSiteSpace(store, row, query.siteSpace);
    if (query.claims !== undefined) {
      let claims: unknown;
      try {
        claims = JSON.parse(query.claims);
      } catch {
        claims = undefined;
      }
      if (!claims || typeof claims !== 'object' || Array.isArray(claims))
        throw invalidField('claims', 'must be a JSON object of visitor claims');
    }
    const url = new URL(sitePreviewUrl(row));
    if (query.siteSpace !== undefined) url.searchParams.set('siteSpace', query.siteSpace);
    if (query.draft !== undefined) url.searchParams.set('draft', String(query.draft));
    if (query.target !== undefined) url.searchParams.set('target', query.target);
    if (query.claims !== undefined) url.searchParams.set('claims', query.claims);
    url.searchParams.set('expires', new Date(Date.parse(store.now()) + HOUR).toISOString());
    return { url: url.toString() };
  }),
];
