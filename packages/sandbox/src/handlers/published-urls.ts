import {
  getPublishedContentByUrl,
  resolvePublishedContentByUrl,
  type PublishedSiteContent,
} from '@docs-api/sdk/contract';
import type { Context } from 'hono';
import { resolvePublishedUrl } from '../domain/published-urls.js';
import { implement } from '../implement.js';
import type { Store } from '../store.js';

/*
 * Published URLs resolved to the site, section, site space, space and page they show
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

export const publishedUrlHandlers = [
  implement(getPublishedContentByUrl, ({ store, query, context }) =>
    lookup(store, context, query.url, 'query.url'),
  ),
  implement(resolvePublishedContentByUrl, ({ store, body, context }) =>
    lookup(store, context, body.url, 'body.url'),
  ),
].map((implementation) => ({ ...implementation, answer: 'computed' as const }));
