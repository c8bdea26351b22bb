import * as z from 'zod/mini';
import { defineOperation } from './operation.js';
import {
  listOf,
  loose,
  openEnum,
  pageQuery,
  PermissionsSchema,
  ROLES,
  strict,
  withFallback,
} from './schema.js';

/*
 * The Sites area, in modules that an app loads only when it calls them: sites (this one),
 * their adaptive schemas (site-adaptive-schemas.ts), the published view (published-sites.ts,
 * which embeds spaces) and the site's integrations (site-integrations.ts). Listing sites so
 * loads no other area's schemas.
 */

/** The area name (endpoints.tsv) of every Sites module. */
export const SITES_AREA = 'Sites';

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

/** One site, the root of most Sites paths. */
export const SITE_PATH = '/v1/orgs/{organizationId}/sites/{siteId}' as const;

export const listSites = /* @__PURE__ */ defineOperation({
  id: 'sites.list',
  area: SITES_AREA,
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
  area: SITES_AREA,
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
  area: SITES_AREA,
  summary: 'Get a site',
  method: 'GET',
  idempotent: true,
  path: SITE_PATH,
  status: 200,
  response: SiteSchema,
});

export const deleteSite = /* @__PURE__ */ defineOperation({
  id: 'sites.delete',
  area: SITES_AREA,
  summary: 'Delete a site',
  method: 'DELETE',
  idempotent: true,
  path: SITE_PATH,
  status: 204,
});

export const updateSite = /* @__PURE__ */ defineOperation({
  id: 'sites.update',
  area: SITES_AREA,
  summary: 'Update a site',
  method: 'PATCH',
  idempotent: true,
  path: SITE_PATH,
  body: SiteUpdateBody,
  extractOnly: { body: ['agentsContext'] },
  status: 200,
  response: SiteSchema,
});
