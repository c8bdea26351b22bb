import type { Site } from '@docs-api/sdk/contract';
import { notFound } from '../errors.js';
import type { SiteRow, Store } from '../store.js';
import { requireOrganization } from './organizations.js';

/*
 * A site's identity as every area reads it: the 404 of an unknown site, where it is published
 * and its API view. Handlers share it from here (they do not import each other).
 */

/** The domain of the sandbox's sites: `<organization hostname>.sandbox.docs-api.local`. */
export const SANDBOX_DOMAIN = 'sandbox.docs-api.local';

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'docs'
  );
}

/** What the sandbox's only user, an admin of every seeded organization, may do with a site. */
const SITE_PERMISSIONS = {
  view: true,
  access: true,
  edit: true,
  create: true,
  admin: true,
  installIntegration: true,
  viewAdaptiveSchema: true,
  editAdaptiveSchema: true,
};

/** The site, if it is one of the organization's (and the actor a member of it); 404 otherwise. */
export function requireSite(store: Store, organizationId: string, siteId: string): SiteRow {
  requireOrganization(store, organizationId);
  const row = store.sites.get(siteId);
  if (!row || row.organization !== organizationId) throw notFound('site', siteId);
  return row;
}

/** Where the site is (or would be) published. */
export function publishedUrl(store: Store, row: SiteRow): string {
  const organization = store.organizations.get(row.organization);
  const host = row.site.hostname ?? `${organization?.hostname ?? row.organization}.${SANDBOX_DOMAIN}`;
  return `https://${host}/${row.site.basename ?? slugify(row.site.title)}`;
}

/** Where the site's preview is served (`urls.preview`). */
export function sitePreviewUrl(row: SiteRow): string {
  return `https://preview.${SANDBOX_DOMAIN}/${row.site.id}`;
}

/** The API view of a site: counts and URLs are derived from its rows, as the service sends them. */
export function siteView(store: Store, row: SiteRow): Site {
  const published = publishedUrl(store, row);
  return {
    ...row.site,
    appliedType: row.site.type,
    defaultLevel: row.site.defaultLevel ?? 'inherit',
    permissions: { ...SITE_PERMISSIONS },
    siteSpaces: row.siteSpaces.length,
    features: row.site.features ?? [],
    urls: {
      location: store.apiUrl(`/orgs/${row.organization}/sites/${row.site.id}`),
      app: `https://app.${SANDBOX_DOMAIN}/o/${row.organization}/sites/${row.site.id}`,
      preview: sitePreviewUrl(row),
      // Only a published site has a published URL.
      ...(row.site.published ? { published } : {}),
    },
  };
}
