import {
  createSite,
  deleteSiteById,
  getPublishedContentSite,
  getSiteById,
  getSiteAdaptiveSchema,
  listSiteIntegrations,
  listSiteIntegrationScripts,
  listSites,
  listSiteAdaptiveTemplateConditions,
  updateSiteById,
  updateSiteAdaptiveSchema,
  type Site,
  type SiteAdaptiveJSONSchemaParam,
  type SiteAdaptiveSchema,
  type SiteAdaptiveTemplateCondition,
  type SiteSection,
  type SiteSpace,
} from '@docs-api/sdk/contract';
import { badRequest, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { SiteRow, SiteSectionRow, SiteSpaceRow, Store } from '../store.js';
import { integrationView } from '../domain/integrations.js';
import { requireOrganization } from '../domain/organizations.js';
import { spaceView } from './spaces.js';

const SANDBOX_DOMAIN = 'sandbox.docs-api.local';

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'docs'
  );
}

/** The visitor schema of a new site, in the form the published document requires. */
export const DEFAULT_ADAPTIVE_SCHEMA: SiteAdaptiveJSONSchemaParam = {
  type: 'object',
  properties: {
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: {},
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

/** The customization every sandbox site publishes with: the service's defaults. */
const DEFAULT_CUSTOMIZATION = {
  styling: {
    theme: 'clean',
    primaryColor: { light: '#346ddb', dark: '#346ddb' },
    infoColor: { light: '#787878', dark: '#787878' },
    successColor: { light: '#00c950', dark: '#00c950' },
    warningColor: { light: '#fe9a00', dark: '#fe9a00' },
    dangerColor: { light: '#fb2c36', dark: '#fb2c36' },
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    background: 'plain',
    icons: 'regular',
    codeTheme: {
      default: { light: 'default-light', dark: 'default-dark' },
      openapi: { light: 'default-light', dark: 'default-dark' },
    },
    sidebar: { background: 'default', list: 'default' },
    search: 'prominent',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'light', toggeable: true },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: false },
  pageActions: { items: [] },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  trademark: { enabled: true },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: true },
};

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
      preview: `https://preview.${SANDBOX_DOMAIN}/${row.site.id}`,
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

/** Removes a site and what belongs to it: share links, redirects, site installations. */
export function removeSite(store: Store, siteId: string): void {
  store.sites.delete(siteId);
  for (const map of [store.siteShareLinks, store.siteRedirects] as const) {
    for (const [id, child] of map) if (child.site === siteId) map.delete(id);
  }
  for (const [id, installation] of store.installations) {
    if (installation.target === 'site' && installation.site === siteId) store.installations.delete(id);
  }
}

/** Claims of the visitor schema become the conditions templates can test. */
function templateConditions(jsonSchema: SiteAdaptiveJSONSchemaParam): SiteAdaptiveTemplateCondition[] {
  const conditions: SiteAdaptiveTemplateCondition[] = [];
  const walk = (schema: unknown, prefix: string) => {
    const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    for (const [name, property] of Object.entries(properties)) {
      const typed = property as { type?: string; description?: string };
      if (typed.type === 'object') walk(property, `${prefix}${name}.`);
      else if (typed.type === 'boolean') {
        conditions.push({
          description: typed.description ?? `The visitor claim ${prefix}${name} is true`,
          condition: `visitor.claims.${prefix}${name} === true`,
        });
      }
    }
  };
  walk(jsonSchema, '');
  return conditions;
}

function adaptiveSchemaView(row: SiteRow): SiteAdaptiveSchema {
  return {
    object: 'site-adaptive-schema',
    jsonSchema: structuredClone(row.adaptiveSchema.jsonSchema),
    updatedAt: row.adaptiveSchema.updatedAt,
  };
}

/** The scripts the site's enabled integrations inject. */
function integrationScripts(store: Store, row: SiteRow) {
  return row.integrations.flatMap((name) => {
    const integration = store.integrations.get(name);
    return integration?.script
      ? [
          {
            script: integration.script,
            cookies: integration.cookies ?? false,
            contentSecurityPolicy: `script-src ${new URL(integration.script).origin}`,
          },
        ]
      : [];
  });
}

export const siteHandlers = [
  implement(listSites, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const title = query.title?.toLowerCase();
    const rows = [...store.sites.values()].filter(
      (row) =>
        row.organization === params.organizationId &&
        (query.space === undefined || row.siteSpaces.some((siteSpace) => siteSpace.space === query.space)) &&
        (title === undefined || row.site.title.toLowerCase().includes(title)) &&
        (query.published === undefined || row.site.published === query.published) &&
        (query.type === undefined || query.type.includes(row.site.type as never)),
    );
    return paginate(
      rows.map((row) => siteView(store, row)),
      query,
    );
  }),

  implement(createSite, ({ store, params, body }) => {
    requireOrganization(store, params.organizationId);
    const spaceIds = [...new Set(body.spaces ?? [])];
    for (const spaceId of spaceIds) {
      const space = store.spaces.get(spaceId);
      if (!space || space.organization !== params.organizationId) {
        throw badRequest(`body.spaces: space "${spaceId}" is not in organization "${params.organizationId}"`);
      }
    }
    const id = store.newId('site');
    const title = body.title ?? 'Untitled site';
    const sectionId = store.newId('sitesc');
    const row: SiteRow = {
      organization: params.organizationId,
      site: {
        object: 'site',
        id,
        type: body.type ?? 'basic',
        title,
        visibility: body.visibility ?? 'public',
        published: false,
        siteSpaces: 0,
        createdAt: store.now(),
        agentsContext: 'included',
        adaptiveContent: { enabled: false },
        // Stored without what siteView computes (appliedType, permissions, features, urls).
      } as Site,
      sections: [{ id: sectionId, title, path: slugify(title) }],
      siteSpaces: spaceIds.map((spaceId) => ({
        id: store.newId('sitesp'),
        space: spaceId,
        section: sectionId,
        path: slugify(store.spaces.get(spaceId)?.title ?? spaceId),
      })),
      shareKey: store.newId('share'),
      adaptiveSchema: { jsonSchema: structuredClone(DEFAULT_ADAPTIVE_SCHEMA), updatedAt: store.now() },
      integrations: [],
    };
    store.sites.set(id, row);
    return siteView(store, row);
  }),

  implement(getSiteById, ({ store, params }) =>
    siteView(store, requireSite(store, params.organizationId, params.siteId)),
  ),

  implement(deleteSiteById, ({ store, params }) => {
    requireSite(store, params.organizationId, params.siteId);
    removeSite(store, params.siteId);
  }),

  implement(updateSiteById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    if (body.defaultSiteSpace !== undefined && !row.siteSpaces.some((s) => s.id === body.defaultSiteSpace)) {
      throw badRequest(`body.defaultSiteSpace: "${body.defaultSiteSpace}" is not a site space of this site`);
    }
    if (
      body.defaultSiteSection !== undefined &&
      !row.sections.some((s) => s.id === body.defaultSiteSection)
    ) {
      throw badRequest(`body.defaultSiteSection: "${body.defaultSiteSection}" is not a section of this site`);
    }
    const site = row.site;
    if (body.title !== undefined) site.title = body.title;
    if (body.visibility !== undefined) site.visibility = body.visibility;
    if (body.basename !== undefined) site.basename = body.basename;
    if (body.adaptiveContent !== undefined) site.adaptiveContent = { enabled: body.adaptiveContent.enabled };
    if (body.agentsContext !== undefined) site.agentsContext = body.agentsContext;
    if (body.defaultLevel !== undefined) site.defaultLevel = body.defaultLevel;
    if (body.styleguide === null) delete site.styleguide;
    else if (body.styleguide !== undefined) {
      const space = store.spaces.get(body.styleguide);
      if (!space || space.organization !== params.organizationId) {
        throw badRequest(
          `body.styleguide: space "${body.styleguide}" is not in organization "${params.organizationId}"`,
        );
      }
      site.styleguide = { kind: 'space', space: body.styleguide };
    }
    if (body.defaultSiteSpace !== undefined) row.defaultSiteSpace = body.defaultSiteSpace;
    if (body.defaultSiteSection !== undefined) row.defaultSiteSection = body.defaultSiteSection;
    if (body.proxy === null) delete site.proxy;
    else if (body.proxy !== undefined) {
      site.proxy = { origin: body.proxy, target: publishedUrl(store, row) };
    }
    return siteView(store, row);
  }),

  implement(getSiteAdaptiveSchema, ({ store, params }) =>
    adaptiveSchemaView(requireSite(store, params.organizationId, params.siteId)),
  ),

  implement(updateSiteAdaptiveSchema, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    row.adaptiveSchema = { jsonSchema: body.jsonSchema, updatedAt: store.now() };
    return adaptiveSchemaView(row);
  }),

  implement(listSiteAdaptiveTemplateConditions, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    return { items: templateConditions(row.adaptiveSchema.jsonSchema) };
  }),

  implement(getPublishedContentSite, ({ store, params, query }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    if (query.shareKey !== undefined && !opensSite(store, row, query.shareKey)) {
      throw new SandboxError(403, 'The share key does not open this site');
    }
    const site = siteView(store, row);
    if (query.shareKey !== undefined && site.urls?.published) {
      site.urls.published = `${site.urls.published}?share=${encodeURIComponent(query.shareKey)}`;
    }
    return {
      object: 'published-content-site' as const,
      site,
      structure: {
        type: 'sections' as const,
        structure: row.sections
          .filter((section) => !section.draft)
          .map((section) => siteSectionView(store, row, section, { drafts: false })),
      },
      customizations: { site: structuredClone(DEFAULT_CUSTOMIZATION), siteSpaces: {} },
      scripts: integrationScripts(store, row),
    };
  }),

  implement(listSiteIntegrationScripts, ({ store, params }) =>
    integrationScripts(store, requireSite(store, params.organizationId, params.siteId)),
  ),

  implement(listSiteIntegrations, ({ store, params, query }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const search = query.search?.toLowerCase();
    const integrations = row.integrations
      .flatMap((name) => {
        const integration = store.integrations.get(name);
        return integration ? [integrationView(store, integration)] : [];
      })
      .filter(
        (integration) =>
          search === undefined ||
          integration.name.toLowerCase().includes(search) ||
          (integration.title ?? '').toLowerCase().includes(search),
      );
    return paginate(integrations, query);
  }),
];
