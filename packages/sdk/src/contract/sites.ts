import { z } from 'zod';
import { IntegrationSchema, IntegrationScriptSchema } from './integrations.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';
import { SpaceSchema } from './spaces.js';

const AREA = 'Sites';

/** The contract lists every visibility, so requests accept only these. */
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export const AGENTS_CONTEXTS = ['excluded', 'included'] as const;

export const HOSTNAME_PATTERN =
  /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
/** A proxy location: a domain followed by at least one path segment, e.g. `example.com/docs`. */
export const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;

export const SiteSchema = loose({
  object: z.literal('site'),
  id: z.string(),
  type: openEnum(['basic']),
  title: z.string(),
  icon: z
    .union([
      loose({ icon: loose({ light: z.string().optional(), dark: z.string().optional() }) }),
      z.string(),
    ])
    .optional()
    .nullable(),
  hostname: z.string().optional().nullable(),
  basename: z.string().optional().nullable(),
  proxy: loose({ origin: z.string().optional(), target: z.string().optional() }).optional().nullable(),
  visibility: openEnum(SITE_VISIBILITIES),
  published: z.boolean(),
  siteSpaces: z.number(),
  createdAt: z.string(),
  adaptiveContent: loose({ enabled: z.boolean() }).optional(),
  ads: loose({ status: openEnum(['pending']).optional(), submittable: z.boolean().optional() }).optional(),
  agentsContext: openEnum(AGENTS_CONTEXTS),
  features: z
    .array(
      loose({
        id: z.string(),
        plan: z.string().optional(),
        frozen: z.boolean().optional(),
        customizations: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  urls: loose({
    location: z.string().optional(),
    app: z.string().optional(),
    published: z.string().optional(),
  }).optional(),
});
export type Site = z.infer<typeof SiteSchema>;

const JsonSchemaObject = z.record(z.string(), z.unknown());

export const SiteAdaptiveSchemaSchema = loose({
  object: z.literal('site-adaptive-schema'),
  jsonSchema: JsonSchemaObject,
  updatedAt: z.string().optional(),
});
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchemaSchema>;

export const TemplateConditionSchema = loose({ description: z.string(), condition: z.string() });
export type TemplateCondition = z.infer<typeof TemplateConditionSchema>;

export const SiteSpaceSchema = loose({
  object: z.literal('site-space'),
  id: z.string(),
  path: z.string().optional(),
  section: z.string().optional().nullable(),
  space: SpaceSchema,
});
export type SiteSpace = z.infer<typeof SiteSpaceSchema>;

export const SiteSectionSchema = loose({
  object: z.literal('site-section'),
  id: z.string(),
  title: z.string().optional(),
  description: z.string().optional().nullable(),
  default: z.boolean().optional(),
  path: z.string().optional(),
  condition: z.string().optional().nullable(),
  sectionGroup: z.string().optional().nullable(),
  siteSpaces: z.array(SiteSpaceSchema),
});
export type SiteSection = z.infer<typeof SiteSectionSchema>;

export const PublishedSiteSchema = loose({
  object: z.literal('published-content-site'),
  site: SiteSchema,
  structure: loose({
    type: openEnum(['sections']),
    structure: z.array(SiteSectionSchema),
  }),
});
export type PublishedSite = z.infer<typeof PublishedSiteSchema>;

const siteTitle = z.string().min(2).max(128);

export const SiteCreateBody = strict({
  /** Only `basic` is documented; other site types are passed through. */
  type: z.string().min(1).optional(),
  title: siteTitle.optional(),
  visibility: z.enum(SITE_VISIBILITIES).optional(),
  spaces: z.array(z.string().min(1)).optional(),
});
export type SiteCreateBody = z.input<typeof SiteCreateBody>;

export const SiteUpdateBody = strict({
  title: siteTitle.optional(),
  visibility: z.enum(SITE_VISIBILITIES).optional(),
  basename: z.string().min(1).max(100).optional(),
  adaptiveContent: strict({ enabled: z.boolean() }).optional(),
  agentsContext: z.enum(AGENTS_CONTEXTS).optional(),
  defaultSiteSpace: z.string().min(1).optional(),
  defaultSiteSection: z.string().min(1).optional(),
  /** `null` removes the proxy. */
  proxy: z.string().max(512).regex(PROXY_PATTERN, 'must look like example.com/docs').nullable().optional(),
});
export type SiteUpdateBody = z.input<typeof SiteUpdateBody>;

export const SiteListQuery = strict({
  ...pageQuery,
  space: z.string().min(1).optional(),
  title: z.string().min(1).optional(),
  published: z.boolean().optional(),
});
export type SiteListQuery = z.input<typeof SiteListQuery>;

export const AdaptiveSchemaBody = strict({
  jsonSchema: z.looseObject({ type: z.literal('object') }),
});
export type AdaptiveSchemaBody = z.input<typeof AdaptiveSchemaBody>;

const SITE = '/v1/orgs/{organizationId}/sites/{siteId}' as const;

export const listSites = defineOperation({
  id: 'sites.list',
  area: AREA,
  summary: 'List the sites of an organization',
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs/{organizationId}/sites',
  query: SiteListQuery,
  status: 200,
  response: listOf(SiteSchema),
  paginated: true,
});

export const createSite = defineOperation({
  id: 'sites.create',
  area: AREA,
  summary: 'Create a site',
  method: 'POST',
  idempotent: false,
  path: '/v1/orgs/{organizationId}/sites',
  body: SiteCreateBody,
  status: 201,
  response: SiteSchema,
});

export const getSite = defineOperation({
  id: 'sites.get',
  area: AREA,
  summary: 'Get a site',
  method: 'GET',
  idempotent: true,
  path: SITE,
  status: 200,
  response: SiteSchema,
});

export const deleteSite = defineOperation({
  id: 'sites.delete',
  area: AREA,
  summary: 'Delete a site',
  method: 'DELETE',
  idempotent: true,
  path: SITE,
  status: 204,
});

export const updateSite = defineOperation({
  id: 'sites.update',
  area: AREA,
  summary: 'Update a site',
  method: 'PATCH',
  idempotent: true,
  path: SITE,
  body: SiteUpdateBody,
  status: 200,
  response: SiteSchema,
});

export const getSiteAdaptiveSchema = defineOperation({
  id: 'sites.adaptiveSchema.get',
  area: AREA,
  summary: "Get a site's adaptive-content visitor schema",
  method: 'GET',
  idempotent: true,
  path: `${SITE}/adaptive-schema`,
  status: 200,
  response: SiteAdaptiveSchemaSchema,
});

export const updateSiteAdaptiveSchema = defineOperation({
  id: 'sites.adaptiveSchema.update',
  area: AREA,
  summary: "Replace a site's adaptive-content visitor schema",
  method: 'PUT',
  idempotent: true,
  path: `${SITE}/adaptive-schema`,
  body: AdaptiveSchemaBody,
  status: 200,
  response: SiteAdaptiveSchemaSchema,
});

export const listSiteTemplateConditions = defineOperation({
  id: 'sites.adaptiveSchema.templateConditions',
  area: AREA,
  summary: 'List the template conditions usable with the adaptive schema',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/adaptive-schema/template-conditions`,
  status: 200,
  response: loose({ items: z.array(TemplateConditionSchema) }),
});

export const getPublishedSite = defineOperation({
  id: 'sites.published',
  area: AREA,
  summary: 'Get the published view of a site: its sections and site spaces',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/published`,
  query: strict({ shareKey: z.string().min(1).optional() }),
  status: 200,
  response: PublishedSiteSchema,
});

export const listSiteIntegrationScripts = defineOperation({
  id: 'sites.integrationScripts',
  area: AREA,
  summary: 'List the integration scripts enabled on a site',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/integration-scripts`,
  status: 200,
  response: z.array(IntegrationScriptSchema),
});

export const listSiteIntegrations = defineOperation({
  id: 'sites.integrations',
  area: AREA,
  summary: 'List the integrations enabled on a site',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/integrations`,
  query: strict({ ...pageQuery, search: z.string().min(1).optional() }),
  status: 200,
  response: listOf(IntegrationSchema),
  paginated: true,
});

export const siteOperations = [
  listSites,
  createSite,
  getSite,
  deleteSite,
  updateSite,
  getSiteAdaptiveSchema,
  updateSiteAdaptiveSchema,
  listSiteTemplateConditions,
  getPublishedSite,
  listSiteIntegrationScripts,
  listSiteIntegrations,
] as const;
