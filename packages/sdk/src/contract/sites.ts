import { z } from 'zod';
import { IntegrationSchema, IntegrationScriptSchema } from './integrations.js';
import { defineOperation } from './operation.js';
import { PermissionsSchema, ROLES } from './common.js';
import { listOf, loose, openEnum, pageQuery, strict, withFallback } from './schema.js';
import { SpaceSchema } from './spaces.js';

const AREA = 'Sites';

/** The contract lists every visibility, so requests accept only these. */
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
/** Site types, from the published document (the extract shows only `basic`). */
export const SITE_TYPES = [
  'basic',
  'premium',
  'ultimate',
  'sponsored',
  'legacy-basic',
  'legacy-premium',
] as const;
/** In the extract only: the published document has no `agentsContext`. */
export const AGENTS_CONTEXTS = ['excluded', 'included'] as const;

export const HOSTNAME_PATTERN =
  /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
/** A proxy location: a domain followed by at least one path segment, e.g. `example.com/docs`. */
export const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;

/**
 * A site's icon. The document gives a themed image (`{icon: {light, dark}}`), an emoji
 * (`{emoji}`) or an empty object; the extract also allows a plain string. Other forms are kept.
 */
export const SiteIconSchema = withFallback([
  loose({ icon: loose({ light: z.string(), dark: z.string() }) }),
  loose({ emoji: z.string() }),
  z.string(),
]);
export type SiteIcon = z.infer<typeof SiteIconSchema>;

export const SiteSchema = loose({
  object: z.literal('site'),
  id: z.string(),
  /** `basic`, `premium`, `ultimate`, `sponsored`, ...; create defaults to `basic`. */
  type: openEnum(SITE_TYPES),
  /** The type in effect: a frozen site may apply a lower one than `type`. */
  appliedType: openEnum(SITE_TYPES).optional(),
  title: z.string(),
  icon: SiteIconSchema.optional().nullable(),
  /** Custom hostname, e.g. `docs.example.com`. */
  hostname: z.string().optional().nullable(),
  basename: z.string().optional().nullable(),
  proxy: loose({ origin: z.string().optional(), target: z.string().optional() }).optional().nullable(),
  visibility: openEnum(SITE_VISIBILITIES),
  /** Default role on the site's content: a member role, `inherit`, or null for guests. */
  defaultLevel: openEnum([...ROLES, 'inherit'])
    .optional()
    .nullable(),
  /** What the caller may do: `view`, `access`, `edit`, `create`, `admin`, `installIntegration`, ... */
  permissions: PermissionsSchema.optional(),
  /** True when the site is reachable by the audience its `visibility` names. */
  published: z.boolean(),
  /** Number of spaces published on the site. */
  siteSpaces: z.number(),
  gitSync: loose({}).optional(),
  createdAt: z.string(),
  lastScanAt: z.string().optional(),
  adaptiveContent: loose({ enabled: z.boolean() }).optional(),
  /** Ads programme state: `status` (`pending`, `in-review`, `rejected`, `live`, `disabled`, ...). */
  ads: loose({
    status: openEnum(['pending', 'in-review', 'rejected', 'live', 'disabled']).optional(),
    submittable: z.boolean().optional(),
  }).optional(),
  /**
   * Whether AI agents may read the site. In the extract (required there) but not in the
   * published document: absent from the service's answers.
   */
  agentsContext: openEnum(AGENTS_CONTEXTS).optional(),
  styleguide: loose({ kind: z.string().optional(), space: z.string().optional() }).optional(),
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
    /** The site in the API. */
    location: z.string().optional(),
    /** The site in the application. */
    app: z.string().optional(),
    /** The published site, when it is published. */
    published: z.string().optional(),
    preview: z.string().optional(),
    login: z.string().optional(),
    logout: z.string().optional(),
  }).optional(),
});
export type Site = z.infer<typeof SiteSchema>;

/** The visitor schema: a JSON Schema object, kept as sent. */
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
  title: z.string().optional(),
  path: z.string().optional(),
  section: z.string().optional().nullable(),
  default: z.boolean().optional(),
  draft: z.boolean().optional(),
  hidden: z.boolean().optional(),
  condition: z.string().optional().nullable(),
  /** Custom home page of the space on the site. */
  pageId: z.string().optional().nullable(),
  space: SpaceSchema,
  urls: loose({ published: z.string().optional() }).optional(),
});
export type SiteSpace = z.infer<typeof SiteSpaceSchema>;

export const SiteSectionSchema = loose({
  object: z.literal('site-section'),
  id: z.string(),
  title: z.string().optional(),
  description: z.string().optional().nullable(),
  default: z.boolean().optional(),
  draft: z.boolean().optional(),
  path: z.string().optional(),
  condition: z.string().optional().nullable(),
  sectionGroup: z.string().optional().nullable(),
  icon: z.string().optional(),
  siteSpaces: z.array(SiteSpaceSchema).optional(),
  urls: loose({ published: z.string().optional() }).optional(),
});
export type SiteSection = z.infer<typeof SiteSectionSchema>;

/** A group of sections (published document only); `children` nest sections, groups and links. */
export const SiteSectionGroupSchema = loose({
  object: z.literal('site-section-group'),
  id: z.string(),
  title: z.string().optional(),
  sectionGroup: z.string().optional(),
  draft: z.boolean().optional(),
  children: z.array(z.looseObject({ object: z.string() })).optional(),
});
export type SiteSectionGroup = z.infer<typeof SiteSectionGroupSchema>;

/** A link to an outside URL in the site's navigation (published document only). */
export const SiteExternalLinkSchema = loose({
  object: z.literal('site-external-link'),
  id: z.string(),
  title: z.string().optional(),
  url: z.string().optional(),
  draft: z.boolean().optional(),
});
export type SiteExternalLink = z.infer<typeof SiteExternalLinkSchema>;

/**
 * How a published site is organised: sections (with groups and external links), or site spaces
 * directly; any other form is kept as it comes.
 */
export const SiteStructureSchema = withFallback(
  [
    loose({
      type: z.literal('sections'),
      structure: z.array(
        withFallback(
          [SiteSectionSchema, SiteSectionGroupSchema, SiteExternalLinkSchema],
          z.looseObject({ object: z.string() }),
        ),
      ),
    }),
    loose({ type: z.literal('siteSpaces'), structure: z.array(SiteSpaceSchema) }),
  ],
  z.looseObject({ type: z.string() }),
);
export type SiteStructure = z.infer<typeof SiteStructureSchema>;

export const PublishedSiteSchema = loose({
  object: z.literal('published-content-site'),
  site: SiteSchema,
  structure: SiteStructureSchema,
  /** The site's customization, and per site space (published document only). */
  customizations: loose({}).optional(),
  /** Integration scripts loaded on the site (published document only). */
  scripts: z.array(IntegrationScriptSchema).optional(),
});
export type PublishedSite = z.infer<typeof PublishedSiteSchema>;

const siteTitle = z.string().min(2).max(128);
/** A default role in a request: a member role, `inherit`, or null for guests. */
const DefaultLevelInput = z.enum([...ROLES, 'inherit']).nullable();

export const SiteCreateBody = strict({
  type: z.enum(SITE_TYPES).optional(),
  title: siteTitle.optional(),
  visibility: z.enum(SITE_VISIBILITIES).optional(),
  /** Ids of spaces to publish on the site. */
  spaces: z.array(z.string().min(1)).optional(),
});
export type SiteCreateBody = z.input<typeof SiteCreateBody>;

export const SiteUpdateBody = strict({
  title: siteTitle.optional(),
  visibility: z.enum(SITE_VISIBILITIES).optional(),
  basename: z.string().min(1).max(100).optional(),
  adaptiveContent: strict({ enabled: z.boolean() }).optional(),
  /** From the published document: the default role on the site's content. */
  defaultLevel: DefaultLevelInput.optional(),
  /** In the extract only: the published document does not list it, the service may ignore it. */
  agentsContext: z.enum(AGENTS_CONTEXTS).optional(),
  defaultSiteSpace: z.string().min(1).optional(),
  defaultSiteSection: z.string().min(1).optional(),
  /** `null` removes the proxy. */
  proxy: z.string().max(512).regex(PROXY_PATTERN, 'must look like example.com/docs').nullable().optional(),
  /** From the published document: a space holding the writing style guide; `null` removes it. */
  styleguide: z.string().min(1).nullable().optional(),
});
export type SiteUpdateBody = z.input<typeof SiteUpdateBody>;

export const SiteListQuery = strict({
  ...pageQuery,
  /** Only sites publishing this space. */
  space: z.string().min(1).optional(),
  /** Only sites whose title contains this text. */
  title: z.string().min(1).optional(),
  published: z.boolean().optional(),
  /** From the published document: only sites of these types. */
  type: z.array(z.enum(SITE_TYPES)).optional(),
});
export type SiteListQuery = z.input<typeof SiteListQuery>;

/** The description the published document requires of the visitor schema's `unsigned` claims. */
export const UNSIGNED_CLAIMS_DESCRIPTION = 'Unsigned claims of the site visitor.';

/** A claim of the visitor schema, as the published document allows them: primitives with a description. */
const ClaimPrimitive = z.union([
  strict({ type: z.literal('boolean'), description: z.string() }),
  strict({ type: z.literal('string'), enum: z.array(z.string()), description: z.string() }),
  strict({ type: z.literal('string'), description: z.string() }),
  strict({ type: z.literal('number'), description: z.string() }),
]);

type Claim =
  | z.input<typeof ClaimPrimitive>
  | { type: 'array'; description: string; items: z.input<typeof ClaimPrimitive> }
  | { type: 'object'; description: string; properties: Record<string, Claim>; additionalProperties: false };

const Claim: z.ZodType<Claim, Claim> = z.lazy(() =>
  z.union([
    ClaimPrimitive,
    strict({ type: z.literal('array'), description: z.string(), items: ClaimPrimitive }),
    strict({
      type: z.literal('object'),
      description: z.string(),
      properties: z.record(z.string(), Claim),
      additionalProperties: z.literal(false),
    }),
  ]),
);

/**
 * The visitor schema, checked against the published document's stricter form: an object schema
 * with `additionalProperties: false`, whose claims each have a `type` and a `description`;
 * `unsigned` holds the claims visitors may set without signing them.
 */
export const AdaptiveSchemaBody = strict({
  jsonSchema: strict({
    $schema: z.literal('http://json-schema.org/draft-07/schema#').optional(),
    type: z.literal('object'),
    properties: z
      .object({
        unsigned: strict({
          type: z.literal('object'),
          /** The document fixes this text. */
          description: z.literal(UNSIGNED_CLAIMS_DESCRIPTION),
          properties: z.record(z.string(), Claim),
          additionalProperties: z.literal(false),
        }).optional(),
      })
      .catchall(Claim),
    additionalProperties: z.literal(false),
  }),
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
  extractOnly: { body: ['agentsContext'] },
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
  // The published document lists only `search` here; paging follows the extract's convention.
  extractOnly: { query: ['page', 'limit'] },
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
