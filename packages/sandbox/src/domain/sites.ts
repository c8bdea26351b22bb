import type { Site, SiteSection, SiteSpace } from '@docs-api/sdk/contract';
import { notFound } from '../errors.js';
import type { SiteRow, SiteSectionRow, SiteSpaceRow, Store } from '../store.js';
import { requireOrganization } from './organizations.js';
import { spaceView } from './spaces.js';

/*
 * What every site area needs: the lookup of a site (404 outside its organization), its published
 * URL, and the API views of a site, its sections and site spaces. A domain module: handlers
 * import it, it imports no handler.
 */

const SANDBOX_DOMAIN = 'sandbox.docs-api.local';

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

/** A site space as the API shows it; none when its space is gone. */
export function siteSpaceView(store: Store, row: SiteRow, siteSpace: SiteSpaceRow): SiteSpace[] {
  const space = store.spaces.get(siteSpace.space);
  if (!space) return [];
  return [
    {
      object: 'site-space' as const,
      id: siteSpace.id,
      title: siteSpace.title ?? space.title ?? space.id,
      path: siteSpace.path,
      section: siteSpace.section,
      default: (row.defaultSiteSpace ?? row.siteSpaces[0]?.id) === siteSpace.id,
      draft: siteSpace.draft ?? false,
      ...(siteSpace.hidden !== undefined ? { hidden: siteSpace.hidden } : {}),
      ...(siteSpace.condition !== undefined ? { condition: siteSpace.condition } : {}),
      ...(siteSpace.pageId !== undefined ? { pageId: siteSpace.pageId } : {}),
      space: spaceView(store, space),
      urls: siteSpaceUrls(store, row, siteSpace),
    },
  ];
}

/**
 * A section as the API shows it, with its site spaces; the published view leaves drafts out
 * (`drafts: false`), the editors' lists keep them.
 */
export function siteSectionView(
  store: Store,
  row: SiteRow,
  section: SiteSectionRow,
  options: { drafts: boolean },
): SiteSection {
  return {
    object: 'site-section' as const,
    id: section.id,
    title: section.title,
    ...(section.description ? { description: section.description } : {}),
    default: (row.defaultSiteSection ?? row.sections[0]?.id) === section.id,
    draft: section.draft ?? false,
    path: section.path,
    ...(section.condition ? { condition: section.condition } : {}),
    ...(section.icon ? { icon: section.icon } : {}),
    siteSpaces: row.siteSpaces
      .filter((siteSpace) => siteSpace.section === section.id && (options.drafts || !siteSpace.draft))
      .flatMap((siteSpace) => siteSpaceView(store, row, siteSpace)),
    urls: row.site.published ? { published: `${publishedUrl(store, row)}/${section.path}` } : {},
  };
}

/**
 * Whether `key` opens the site: its own share key, or the key of one of its active share links.
 */
export function opensSite(store: Store, row: SiteRow, key: string): boolean {
  if (key === row.shareKey) return true;
  for (const link of store.siteShareLinks.values()) {
    if (link.site === row.site.id && link.active && link.key === key) return true;
  }
  return false;
}

/** One of the site's site spaces; 404 otherwise. */
export function requireSiteSpace(row: SiteRow, siteSpaceId: string): SiteSpaceRow {
  const siteSpace = row.siteSpaces.find((candidate) => candidate.id === siteSpaceId);
  if (!siteSpace) throw notFound('site space', siteSpaceId);
  return siteSpace;
}

/** `base` as a slug, with `-2`, `-3`... until no sibling has it. */
export function uniquePath(base: string, taken: readonly string[]): string {
  const slug = slugify(base);
  let path = slug;
  for (let n = 2; taken.includes(path); n++) path = `${slug}-${n}`;
  return path;
}
