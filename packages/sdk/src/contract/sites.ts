import * as z from 'zod/mini';
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
export const SiteIconSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback([
    loose({ icon: loose({ light: z.string(), dark: z.string() }) }),
    loose({ emoji: z.string() }),
    z.string(),
  ]),
);
export type SiteIcon = z.infer<typeof SiteIconSchema>;

export const SiteSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('site'),
    id: z.string(),
    /** `basic`, `premium`, `ultimate`, `sponsored`, ...; create defaults to `basic`. */
    type: openEnum(SITE_TYPES),
    /** The type in effect: a frozen site may apply a lower one than `type`. */
    appliedType: z.optional(openEnum(SITE_TYPES)),
    title: z.string(),
    icon: z.nullable(z.optional(SiteIconSchema)),
    /** Custom hostname, e.g. `docs.example.com`. */
    hostname: z.nullable(z.optional(z.string())),
    basename: z.nullable(z.optional(z.string())),
    proxy: z.nullable(z.optional(loose({ origin: z.optional(z.string()), target: z.optional(z.string()) }))),
    visibility: openEnum(SITE_VISIBILITIES),
    /** Default role on the site's content: a member role, `inherit`, or null for guests. */
    defaultLevel: z.nullable(z.optional(openEnum([...ROLES, 'inherit']))),
    /** What the caller may do: `view`, `access`, `edit`, `create`, `admin`, `installIntegration`, ... */
    permissions: z.optional(PermissionsSchema),
    /** True when the site is reachable by the audience its `visibility` names. */
    published: z.boolean(),
    /** Number of spaces published on the site. */
    siteSpaces: z.number(),
    gitSync: z.optional(loose({})),
    createdAt: z.string(),
    lastScanAt: z.optional(z.string()),
    adaptiveContent: z.optional(loose({ enabled: z.boolean() })),
    /** Ads programme state: `status` (`pending`, `in-review`, `rejected`, `live`, `disabled`, ...). */
    ads: z.optional(
      loose({
        status: z.optional(openEnum(['pending', 'in-review', 'rejected', 'live', 'disabled'])),
        submittable: z.optional(z.boolean()),
      }),
    ),
    /**
     * Whether AI agents may read the site. In the extract (required there) but not in the
     * published document: absent from the service's answers.
     */
    agentsContext: z.optional(openEnum(AGENTS_CONTEXTS)),
    styleguide: z.optional(loose({ kind: z.optional(z.string()), space: z.optional(z.string()) })),
    features: z.optional(
      z.array(
        loose({
          id: z.string(),
          plan: z.optional(z.string()),
          frozen: z.optional(z.boolean()),
          customizations: z.optional(z.array(z.string())),
        }),
      ),
    ),
    urls: z.optional(
      loose({
        /** The site in the API. */
        location: z.optional(z.string()),
        /** The site in the application. */
        app: z.optional(z.string()),
        /** The published site, when it is published. */
        published: z.optional(z.string()),
        preview: z.optional(z.string()),
        login: z.optional(z.string()),
        logout: z.optional(z.string()),
      }),
    ),
  }),
);
export type Site = z.infer<typeof SiteSchema>;

/** The visitor schema: a JSON Schema object, kept as sent. */
const JsonSchemaObject = /* @__PURE__ */ z.lazy(() => z.record(z.string(), z.unknown()));

export const SiteAdaptiveSchemaSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('site-adaptive-schema'),
    jsonSchema: JsonSchemaObject,
    updatedAt: z.optional(z.string()),
  }),
);
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchemaSchema>;

export const TemplateConditionSchema = /* @__PURE__ */ z.lazy(() =>
  loose({ description: z.string(), condition: z.string() }),
);
export type TemplateCondition = z.infer<typeof TemplateConditionSchema>;

export const SiteSpaceSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('site-space'),
    id: z.string(),
    title: z.optional(z.string()),
    path: z.optional(z.string()),
    section: z.nullable(z.optional(z.string())),
    default: z.optional(z.boolean()),
    draft: z.optional(z.boolean()),
    hidden: z.optional(z.boolean()),
    condition: z.nullable(z.optional(z.string())),
    /** Custom home page of the space on the site. */
    pageId: z.nullable(z.optional(z.string())),
    space: SpaceSchema,
    urls: z.optional(loose({ published: z.optional(z.string()) })),
  }),
);
export type SiteSpace = z.infer<typeof SiteSpaceSchema>;

export const SiteSectionSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('site-section'),
    id: z.string(),
    title: z.optional(z.string()),
    description: z.nullable(z.optional(z.string())),
    default: z.optional(z.boolean()),
    draft: z.optional(z.boolean()),
    path: z.optional(z.string()),
    condition: z.nullable(z.optional(z.string())),
    sectionGroup: z.nullable(z.optional(z.string())),
    icon: z.optional(z.string()),
    siteSpaces: z.optional(z.array(SiteSpaceSchema)),
    urls: z.optional(loose({ published: z.optional(z.string()) })),
  }),
);
export type SiteSection = z.infer<typeof SiteSectionSchema>;

/** A group of sections (published document only); `children` nest sections, groups and links. */
export const SiteSectionGroupSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('site-section-group'),
    id: z.string(),
    title: z.optional(z.string()),
    sectionGroup: z.optional(z.string()),
    draft: z.optional(z.boolean()),
    children: z.optional(z.array(z.looseObject({ object: z.string() }))),
  }),
);
export type SiteSectionGroup = z.infer<typeof SiteSectionGroupSchema>;

/** A link to an outside URL in the site's navigation (published document only). */
export const SiteExternalLinkSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('site-external-link'),
    id: z.string(),
    title: z.optional(z.string()),
    url: z.optional(z.string()),
    draft: z.optional(z.boolean()),
  }),
);
export type SiteExternalLink = z.infer<typeof SiteExternalLinkSchema>;

/**
 * How a published site is organised: sections (with groups and external links), or site spaces
 * directly; any other form is kept as it comes.
 */
export const SiteStructureSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback(
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
  ),
);
export type SiteStructure = z.infer<typeof SiteStructureSchema>;

export const PublishedSiteSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('published-content-site'),
    site: SiteSchema,
    structure: SiteStructureSchema,
    /** The site's customization, and per site space (published document only). */
    customizations: z.optional(loose({})),
    /** Integration scripts loaded on the site (published document only). */
    scripts: z.optional(z.array(IntegrationScriptSchema)),
  }),
);
export type PublishedSite = z.infer<typeof PublishedSiteSchema>;

const siteTitle = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(2), z.maxLength(128)));
/** A default role in a request: a member role, `inherit`, or null for guests. */
const DefaultLevelInput = /* @__PURE__ */ z.lazy(() => z.nullable(z.enum([...ROLES, 'inherit'])));

export const SiteCreateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    type: z.optional(z.enum(SITE_TYPES)),
    title: z.optional(siteTitle),
    visibility: z.optional(z.enum(SITE_VISIBILITIES)),
    /** Ids of spaces to publish on the site. */
    spaces: z.optional(z.array(z.string().check(z.minLength(1)))),
  }),
);
export type SiteCreateBody = z.input<typeof SiteCreateBody>;

export const SiteUpdateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    title: z.optional(siteTitle),
    visibility: z.optional(z.enum(SITE_VISIBILITIES)),
    basename: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    adaptiveContent: z.optional(strict({ enabled: z.boolean() })),
    /** From the published document: the default role on the site's content. */
    defaultLevel: z.optional(DefaultLevelInput),
    /** In the extract only: the published document does not list it, the service may ignore it. */
    agentsContext: z.optional(z.enum(AGENTS_CONTEXTS)),
    defaultSiteSpace: z.optional(z.string().check(z.minLength(1))),
    defaultSiteSection: z.optional(z.string().check(z.minLength(1))),
    /** `null` removes the proxy. */
    proxy: z.optional(
      z.nullable(
        z.string().check(z.maxLength(512), z.regex(PROXY_PATTERN, 'must look like example.com/docs')),
      ),
    ),
    /** From the published document: a space holding the writing style guide; `null` removes it. */
    styleguide: z.optional(z.nullable(z.string().check(z.minLength(1)))),
  }),
);
export type SiteUpdateBody = z.input<typeof SiteUpdateBody>;

export const SiteListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** Only sites publishing this space. */
    space: z.optional(z.string().check(z.minLength(1))),
    /** Only sites whose title contains this text. */
    title: z.optional(z.string().check(z.minLength(1))),
    published: z.optional(z.boolean()),
    /** From the published document: only sites of these types. */
    type: z.optional(z.array(z.enum(SITE_TYPES))),
  }),
);
export type SiteListQuery = z.input<typeof SiteListQuery>;

/** The description the published document requires of the visitor schema's `unsigned` claims. */
export const UNSIGNED_CLAIMS_DESCRIPTION = 'Unsigned claims of the site visitor.';

/** A claim of the visitor schema, as the published document allows them: primitives with a description. */
const ClaimPrimitive = /* @__PURE__ */ z.lazy(() =>
  z.union([
    strict({ type: z.literal('boolean'), description: z.string() }),
    strict({ type: z.literal('string'), enum: z.array(z.string()), description: z.string() }),
    strict({ type: z.literal('string'), description: z.string() }),
    strict({ type: z.literal('number'), description: z.string() }),
  ]),
);

type Claim =
  | z.input<typeof ClaimPrimitive>
  | { type: 'array'; description: string; items: z.input<typeof ClaimPrimitive> }
  | { type: 'object'; description: string; properties: Record<string, Claim>; additionalProperties: false };

const Claim: z.ZodMiniType<Claim, Claim> = /* @__PURE__ */ z.lazy(() =>
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
export const AdaptiveSchemaBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    jsonSchema: strict({
      $schema: z.optional(z.literal('http://json-schema.org/draft-07/schema#')),
      type: z.literal('object'),
      properties: z.catchall(
        z.object({
          unsigned: z.optional(
            strict({
              type: z.literal('object'),
              /** The document fixes this text. */
              description: z.literal(UNSIGNED_CLAIMS_DESCRIPTION),
              properties: z.record(z.string(), Claim),
              additionalProperties: z.literal(false),
            }),
          ),
        }),
        Claim,
      ),
      additionalProperties: z.literal(false),
    }),
  }),
);
export type AdaptiveSchemaBody = z.input<typeof AdaptiveSchemaBody>;

const SITE = '/v1/orgs/{organizationId}/sites/{siteId}' as const;

export const listSites = /* @__PURE__ */ defineOperation({
  id: 'sites.list',
  area: AREA,
  summary: 'List the sites of an organization',
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs/{organizationId}/sites',
  query: SiteListQuery,
  status: 200,
  response: () => listOf(SiteSchema),
  paginated: true,
});

export const createSite = /* @__PURE__ */ defineOperation({
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

export const getSite = /* @__PURE__ */ defineOperation({
  id: 'sites.get',
  area: AREA,
  summary: 'Get a site',
  method: 'GET',
  idempotent: true,
  path: SITE,
  status: 200,
  response: SiteSchema,
});

export const deleteSite = /* @__PURE__ */ defineOperation({
  id: 'sites.delete',
  area: AREA,
  summary: 'Delete a site',
  method: 'DELETE',
  idempotent: true,
  path: SITE,
  status: 204,
});

export const updateSite = /* @__PURE__ */ defineOperation({
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

export const getSiteAdaptiveSchema = /* @__PURE__ */ defineOperation({
  id: 'sites.adaptiveSchema.get',
  area: AREA,
  summary: "Get a site's adaptive-content visitor schema",
  method: 'GET',
  idempotent: true,
  path: `${SITE}/adaptive-schema`,
  status: 200,
  response: SiteAdaptiveSchemaSchema,
});

export const updateSiteAdaptiveSchema = /* @__PURE__ */ defineOperation({
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

export const listSiteTemplateConditions = /* @__PURE__ */ defineOperation({
  id: 'sites.adaptiveSchema.templateConditions',
  area: AREA,
  summary: 'List the template conditions usable with the adaptive schema',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/adaptive-schema/template-conditions`,
  status: 200,
  response: () => loose({ items: z.array(TemplateConditionSchema) }),
});

export const getPublishedSite = /* @__PURE__ */ defineOperation({
  id: 'sites.published',
  area: AREA,
  summary: 'Get the published view of a site: its sections and site spaces',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/published`,
  query: () => strict({ shareKey: z.optional(z.string().check(z.minLength(1))) }),
  status: 200,
  response: PublishedSiteSchema,
});

export const listSiteIntegrationScripts = /* @__PURE__ */ defineOperation({
  id: 'sites.integrationScripts',
  area: AREA,
  summary: 'List the integration scripts enabled on a site',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/integration-scripts`,
  status: 200,
  response: () => z.array(IntegrationScriptSchema),
});

export const listSiteIntegrations = /* @__PURE__ */ defineOperation({
  id: 'sites.integrations',
  area: AREA,
  summary: 'List the integrations enabled on a site',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/integrations`,
  query: () => strict({ ...pageQuery(), search: z.optional(z.string().check(z.minLength(1))) }),
  // The published document lists only `search` here; paging follows the extract's convention.
  extractOnly: { query: ['page', 'limit'] },
  status: 200,
  response: () => listOf(IntegrationSchema),
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
