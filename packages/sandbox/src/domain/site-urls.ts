import type { SiteRow, SiteSpaceRow, Store } from '../store.js';

/*
 * Where the sandbox publishes sites: on its own domain (`<organization>.sandbox.docs-api.local`)
 * or the site's hostname, under the site's basename. The site reads and the URL lookups share it.
 */

export const SANDBOX_DOMAIN = 'sandbox.docs-api.local';

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'docs'
  );
}

/** Where the site is (or would be) published. */
export function publishedUrl(store: Store, row: SiteRow): string {
  const organization = store.organizations.get(row.organization);
  const host = row.site.hostname ?? `${organization?.hostname ?? row.organization}.${SANDBOX_DOMAIN}`;
  return `https://${host}/${row.site.basename ?? slugify(row.site.title)}`;
}

/**
 * Where a site space is published: the site's URL, the section's path, the site space's path.
 * Like every published URL, only defined while the site is published.
 */
export function siteSpaceUrls(store: Store, row: SiteRow, siteSpace: SiteSpaceRow): { published?: string } {
  if (!row.site.published) return {};
  const section = row.sections.find((candidate) => candidate.id === siteSpace.section);
  const path = [section?.path, siteSpace.path].filter(Boolean).join('/');
  return { published: `${publishedUrl(store, row)}/${path}` };
}
