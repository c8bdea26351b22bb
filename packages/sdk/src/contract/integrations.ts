import * as z from 'zod/mini';
import { defineOperation } from './operation.js';
import { OrganizationSchema } from './organizations.js';
import { listOf, loose, openEnum, pageQuery, strict, withFallback } from './schema.js';

const AREA = 'Integrations';

/*
 * The enumerations below are the published document's (`@gitbook/api`); the extract shows one
 * value of each. Answers are read with open enums (a new value never breaks a reader), requests
 * take only these values.
 */

/** Where an integration can be installed (`IntegrationTarget`). */
export const INTEGRATION_TARGETS = ['all', 'site', 'space', 'organization'] as const;
/** Who can see an integration (`IntegrationVisibility`). */
export const INTEGRATION_VISIBILITIES = ['public', 'private', 'unlisted'] as const;
/** Marketplace categories (`IntegrationCategory`). */
export const INTEGRATION_CATEGORIES = [
  'analytics',
  'collaboration',
  'content',
  'marketing',
  'visitor-auth',
  'other',
] as const;
/** Permissions an integration asks for (`IntegrationScope`). */
export const INTEGRATION_SCOPES = [
  'space:content:read',
  'space:content:write',
  'space:metadata:read',
  'space:metadata:write',
  'space:git:sync',
  'page:feedback:read',
  'site:metadata:read',
  'site:views:read',
  'site:script:inject',
  'site:script:cookies',
  'site:visitor:auth',
  'site:visitor:claims',
  'site:adaptive:read',
  'site:adaptive:write',
  'conversations:ingest',
  'openapi:read',
  'openapi:write',
] as const;
/** Runtimes an integration's script runs in; the service's default is `v1`. */
export const INTEGRATION_RUNTIMES = ['v1', 'v2'] as const;
/** Installation statuses (`IntegrationInstallationStatus`). */
export const INSTALLATION_STATUSES = ['active', 'pending', 'paused'] as const;
/** What an installations-status list is about: the installations' target. */
export const INSTALLATION_TARGETS = ['organization', 'space', 'site'] as const;

export type IntegrationTarget = (typeof INTEGRATION_TARGETS)[number];
export type IntegrationVisibility = (typeof INTEGRATION_VISIBILITIES)[number];
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/** The directives a content security policy object may hold (the document's list). */
export const CSP_DIRECTIVES = [
  'base-uri',
  'block-all-mixed-content',
  'child-src',
  'connect-src',
  'default-src',
  'font-src',
  'form-action',
  'frame-ancestors',
  'frame-src',
  'img-src',
  'manifest-src',
  'media-src',
  'navigate-to',
  'object-src',
  'plugin-types',
  'prefetch-src',
  'referrer',
  'report-to',
  'report-uri',
  'require-sri-for',
  'require-trusted-types-for',
  'sandbox',
  'script-src',
  'script-src-attr',
  'script-src-elem',
  'style-src',
  'style-src-attr',
  'style-src-elem',
  'trusted-types',
  'upgrade-insecure-requests',
  'worker-src',
] as const;

/**
 * A content security policy: a header value, or an object of directives (`script-src`, ...).
 * Any other form is kept as it comes.
 */
export const ContentSecurityPolicySchema = /* @__PURE__ */ z.lazy(() =>
  withFallback([z.string(), z.record(z.string(), z.string())]),
);
export type ContentSecurityPolicy = z.infer<typeof ContentSecurityPolicySchema>;

const propertyBase = () => ({
  title: z.optional(z.string()),
  description: z.optional(z.string()),
});

/**
 * One property of a configuration form, by its `type`: `string` (with `completion_url` for
 * suggestions and `enum` for a closed list), `number`, `boolean`, or a `button` calling
 * `callback_url`. Properties of other types are kept as they come.
 */
export const ConfigurationPropertySchema = /* @__PURE__ */ z.lazy(() =>
  withFallback(
    [
      loose({
        ...propertyBase(),
        type: z.literal('string'),
        default: z.optional(z.string()),
        /** Called for suggestions when the property is filled in. */
        completion_url: z.optional(z.string()),
        /** The only values allowed, when given. */
        enum: z.optional(z.array(z.string())),
      }),
      loose({ ...propertyBase(), type: z.literal('number'), default: z.optional(z.number()) }),
      loose({ ...propertyBase(), type: z.literal('boolean'), default: z.optional(z.boolean()) }),
      loose({
        ...propertyBase(),
        type: z.literal('button'),
        callback_url: z.optional(z.string()),
        button_text: z.optional(z.string()),
      }),
    ],
    loose({ ...propertyBase(), type: z.optional(z.string()), default: z.optional(z.unknown()) }),
    'type',
  ),
);
export type ConfigurationProperty = z.infer<typeof ConfigurationPropertySchema>;

/**
 * How an integration is configured at one level: a form (`properties` by name, the `required`
 * names), or a ContentKit component (`componentId`, published document only). Other forms are kept.
 */
export const IntegrationConfigurationSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback([
    loose({ componentId: z.string() }),
    loose({
      properties: z.optional(z.record(z.string(), ConfigurationPropertySchema)),
      required: z.optional(z.array(z.string())),
    }),
  ]),
);
export type IntegrationConfiguration = z.infer<typeof IntegrationConfigurationSchema>;

/** A custom block an integration provides. */
export const IntegrationBlockSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** Unique within the integration; also names the UI component. */
    id: z.string(),
    title: z.optional(z.string()),
    description: z.optional(z.string()),
    /** URL of the block's icon. */
    icon: z.optional(z.string()),
    /** URL patterns turned into this block. */
    urlUnfurl: z.optional(z.array(z.string())),
    /** How the block is written in Markdown: a code block (`codeblock` syntax, `body` property). */
    markdown: z.optional(withFallback([loose({ codeblock: z.string(), body: z.string() })])),
  }),
);
export type IntegrationBlock = z.infer<typeof IntegrationBlockSchema>;

/** A content source an integration provides. */
export const IntegrationContentSourceSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    id: z.string(),
    title: z.optional(z.string()),
    description: z.optional(z.string()),
    icon: z.optional(z.string()),
    /** The ContentKit component that configures the source. */
    configuration: z.optional(loose({ componentId: z.optional(z.string()) })),
  }),
);
export type IntegrationContentSource = z.infer<typeof IntegrationContentSourceSchema>;

export const IntegrationSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('integration'),
    /** Unique name: the integration's identifier. */
    name: z.string(),
    version: z.optional(z.number()),
    /** 2 to 30 characters. */
    title: z.optional(z.string()),
    /** At most 100 characters. */
    description: z.optional(z.string()),
    /** Long Markdown summary, at most 2 048 characters. */
    summary: z.optional(z.string()),
    /** URLs of up to 3 images showcasing the integration. */
    previewImages: z.optional(z.array(z.string())),
    /** Where it can be installed: `all`, `site`, `space` or `organization`. */
    target: z.optional(openEnum(INTEGRATION_TARGETS)),
    /** Verified by the service's team. */
    verified: z.optional(z.boolean()),
    /** `public`, `private` (its owner only) or `unlisted`. */
    visibility: z.optional(openEnum(INTEGRATION_VISIBILITIES)),
    /** Permissions granted to the integration, e.g. `space:content:read`. */
    scopes: z.optional(z.array(openEnum(INTEGRATION_SCOPES))),
    /** Marketplace categories, e.g. `analytics`. */
    categories: z.optional(z.array(openEnum(INTEGRATION_CATEGORIES))),
    blocks: z.optional(z.array(IntegrationBlockSchema)),
    contentSources: z.optional(z.array(IntegrationContentSourceSchema)),
    /** The configuration asked at each level it can be installed on. */
    configurations: z.optional(
      loose({
        account: z.optional(IntegrationConfigurationSchema),
        space: z.optional(IntegrationConfigurationSchema),
        site: z.optional(IntegrationConfigurationSchema),
      }),
    ),
    /** Links the developer gives (up to 5). */
    externalLinks: z.optional(z.array(loose({ url: z.optional(z.string()), label: z.optional(z.string()) }))),
    /** The organization that publishes it. */
    owner: z.optional(OrganizationSchema),
    urls: z.optional(
      loose({
        /** The integration in the API. */
        location: z.optional(z.string()),
        icon: z.optional(z.string()),
        /** The integration in the application. */
        app: z.optional(z.string()),
        assets: z.optional(z.string()),
        /** Its public HTTP endpoint. */
        publicEndpoint: z.optional(z.string()),
        /** Where its rendered content is served, apart from `publicEndpoint` (published document only). */
        publicContentEndpoint: z.optional(z.string()),
      }),
    ),
    /** `admin`: the caller can publish new versions. */
    permissions: z.optional(loose({ admin: z.optional(z.boolean()) })),
    /** Sent as headers when the script and blocks are fetched. */
    contentSecurityPolicy: z.optional(ContentSecurityPolicySchema),
  }),
);
export type Integration = z.infer<typeof IntegrationSchema>;

/** A script an integration injects into a published site. */
export const IntegrationScriptSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    script: z.string(),
    contentSecurityPolicy: z.optional(z.unknown()),
    cookies: z.optional(z.boolean()),
  }),
);
export type IntegrationScript = z.infer<typeof IntegrationScriptSchema>;

/**
 * An integration's name, as in `/v1/integrations/{integrationName}`: at most 100 letters, digits,
 * `-`, `_` and `.` (the contract's `^[a-zA-Z0-9-_.]+$`). The same rule applies to `blockDomain`.
 */
export const INTEGRATION_NAME_PATTERN = /^[a-zA-Z0-9_.-]+$/;
const NAME_MESSAGE = 'may hold only letters, digits, "-", "_" and "."';
export const IntegrationNameInput = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.maxLength(100), z.regex(INTEGRATION_NAME_PATTERN, NAME_MESSAGE)),
);

/**
 * The resource an installation is on (published document only): the organization, a site or a
 * space. Other forms are kept as they come.
 */
export const InstallationTargetSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback(
    [
      loose({ type: z.literal('organization'), organizationId: z.string() }),
      loose({ type: z.literal('site'), siteId: z.string() }),
      loose({ type: z.literal('space'), spaceId: z.string() }),
    ],
    loose({ type: z.string() }),
    'type',
  ),
);
export type InstallationTarget = z.infer<typeof InstallationTargetSchema>;

/** One row of an organization's installations status: an installation's status and its integration. */
export const InstallationStatusSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** `active`, `pending` or `paused`. */
    status: z.optional(openEnum(INSTALLATION_STATUSES)),
    integration: z.optional(IntegrationSchema),
    /** What the integration is installed on (published document only). */
    target: z.optional(InstallationTargetSchema),
  }),
);
export type InstallationStatus = z.infer<typeof InstallationStatusSchema>;

export const IntegrationListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** Text to look for in names. */
    search: z.optional(z.string().check(z.minLength(1))),
    /** Only integrations in this category. */
    category: z.optional(z.enum(INTEGRATION_CATEGORIES)),
    /** Only integrations with a block unfurling URLs of this domain. */
    blockDomain: z.optional(IntegrationNameInput),
    /** Only integrations that provide blocks (true) or none (false). */
    blocks: z.optional(z.boolean()),
    /** Only integrations that provide content sources (true) or none (false). */
    contentSources: z.optional(z.boolean()),
    /** Only integrations owned by this organization id. */
    owner: z.optional(z.string().check(z.minLength(1))),
    /** Only integrations that ask for this scope. */
    scope: z.optional(z.enum(INTEGRATION_SCOPES)),
    /** Only integrations for this target (those for `all` targets included). */
    target: z.optional(z.enum(INTEGRATION_TARGETS)),
  }),
);
export type IntegrationListQuery = z.input<typeof IntegrationListQuery>;

export const InstallationsStatusQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** Which installations: on the organization (the service's default), on spaces or on sites. */
    target: z.optional(z.enum(INSTALLATION_TARGETS)),
    /**
     * From the published API document: only the installations on this site. Only with `target`
     * `site` (`client.integrations.installationsStatus` sends it when no target is given).
     */
    site: z.optional(z.string().check(z.minLength(1))),
    /**
     * From the published API document: only the installations on this space. Only with `target`
     * `space` (`client.integrations.installationsStatus` sends it when no target is given).
     */
    space: z.optional(z.string().check(z.minLength(1))),
  }).check(
    z.superRefine((query, context) => {
      for (const key of ['site', 'space'] as const) {
        if (query[key] !== undefined && query.target !== undefined && query.target !== key) {
          context.addIssue({ code: 'custom', path: [key], message: `is only valid with target "${key}"` });
        }
      }
      if (query.site !== undefined && query.space !== undefined && query.target === undefined) {
        context.addIssue({ code: 'custom', path: ['space'], message: 'cannot be combined with site' });
      }
    }),
  ),
);
export type InstallationsStatusQuery = z.input<typeof InstallationsStatusQuery>;

const base64 = (what: string) => z.base64({ error: `${what} must be a base64 string` });
/** A URL as the document allows them: at most 2 048 characters. */
const UrlInput = /* @__PURE__ */ z.lazy(() => z.url({ error: 'must be a URL' }).check(z.maxLength(2048)));

/*
 * The nested parts of a manifest (blocks, content sources, configurations, links) are checked
 * with the published document's rules, which are stricter than the extract's: every field it
 * names, no other, with its limits.
 */
const BlockInput = /* @__PURE__ */ z.lazy(() =>
  strict({
    id: z.string().check(z.minLength(1)),
    /** 2 to 40 characters. */
    title: z.string().check(z.minLength(2), z.maxLength(40)),
    /** At most 150 characters. */
    description: z.optional(z.string().check(z.maxLength(150))),
    /** URL of the block's icon. */
    icon: z.optional(z.string()),
    /** URL patterns turned into this block. */
    urlUnfurl: z.optional(z.array(z.string())),
    /** Write the block as a code block of this syntax, with this property as its body. */
    markdown: z.optional(
      strict({ codeblock: z.string().check(z.minLength(1)), body: z.string().check(z.minLength(1)) }),
    ),
  }),
);

const ComponentInput = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** The ContentKit component defined in the integration. */
    componentId: z.string().check(z.minLength(1)),
  }),
);

const ContentSourceInput = /* @__PURE__ */ z.lazy(() =>
  strict({
    id: z.string().check(z.minLength(1)),
    /** 2 to 40 characters. */
    title: z.string().check(z.minLength(2), z.maxLength(40)),
    /** At most 150 characters. */
    description: z.optional(z.string().check(z.maxLength(150))),
    icon: z.optional(z.string()),
    configuration: ComponentInput,
  }),
);

const propertyInputBase = () => ({
  /** 2 to 50 characters. */
  title: z.optional(z.string().check(z.minLength(2), z.maxLength(50))),
  /** At most 100 characters. */
  description: z.optional(z.string().check(z.maxLength(100))),
});

const ConfigurationPropertyInput = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    strict({
      ...propertyInputBase(),
      type: z.literal('string'),
      default: z.optional(z.string()),
      completion_url: z.optional(z.string()),
      enum: z.optional(z.array(z.string())),
    }),
    strict({ ...propertyInputBase(), type: z.literal('number'), default: z.optional(z.number()) }),
    strict({ ...propertyInputBase(), type: z.literal('boolean'), default: z.optional(z.boolean()) }),
    strict({
      ...propertyInputBase(),
      type: z.literal('button'),
      callback_url: z.string().check(z.minLength(1)),
      button_text: z.string().check(z.minLength(1)),
    }),
  ]),
);

/** A configuration form (`properties`, `required` names), or a ContentKit component. */
const ConfigurationInput = /* @__PURE__ */ z.lazy(() =>
  z.union([
    strict({
      properties: z.record(z.string(), ConfigurationPropertyInput),
      required: z.optional(
        z
          .array(z.string())
          .check(z.refine((names) => new Set(names).size === names.length, 'must not repeat a name')),
      ),
    }),
    ComponentInput,
  ]),
);

/** The content security policy, as a header value or an object of the document's directives. */
const ContentSecurityPolicyInput = /* @__PURE__ */ z.lazy(() =>
  z.union([
    z.string(),
    strict(
      Object.fromEntries(CSP_DIRECTIVES.map((name) => [name, z.optional(z.string())])) as Record<
        (typeof CSP_DIRECTIVES)[number],
        z.ZodMiniOptional<z.ZodMiniString>
      >,
    ),
  ]),
);

/** The body of `POST /v1/integrations/{integrationName}`: a new version of the integration. */
export const IntegrationPublishBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** `v1` (the service's default) or `v2`. */
    runtime: z.optional(z.enum(INTEGRATION_RUNTIMES)),
    /** The icon, base64. */
    icon: z.optional(base64('icon')),
    title: z.string().check(z.minLength(2), z.maxLength(30)),
    description: z.string().check(z.maxLength(100)),
    /** Markdown. */
    summary: z.optional(z.string().check(z.maxLength(2048))),
    /** Up to 3 images, each base64. */
    previewImages: z.optional(z.array(base64('each preview image')).check(z.maxLength(3))),
    visibility: z.optional(z.enum(INTEGRATION_VISIBILITIES)),
    /** The service's default is `all`. */
    target: z.optional(z.enum(INTEGRATION_TARGETS)),
    /** Required by the published document (the extract marks it optional); may be empty. */
    scopes: z.array(z.enum(INTEGRATION_SCOPES)),
    categories: z.optional(z.array(z.enum(INTEGRATION_CATEGORIES))),
    blocks: z.optional(z.array(BlockInput)),
    contentSources: z.optional(z.array(ContentSourceInput)),
    /** Up to 5 links, each with a `label`. */
    externalLinks: z.optional(
      z.array(strict({ url: UrlInput, label: z.string().check(z.minLength(1)) })).check(z.maxLength(5)),
    ),
    configurations: z.optional(
      strict({
        account: z.optional(ConfigurationInput),
        space: z.optional(ConfigurationInput),
        site: z.optional(ConfigurationInput),
      }),
    ),
    /** The script's content (not a URL). */
    script: z.string().check(z.minLength(1)),
    /** Id or subdomain of the publishing organization. */
    organization: z.string().check(z.minLength(1)),
    /** Up to 20 secrets, passed to the script at run time. */
    secrets: z.optional(
      z
        .record(z.string(), z.string())
        .check(z.refine((secrets) => Object.keys(secrets).length <= 20, 'must hold at most 20 secrets')),
    ),
    /** Validates the script and blocks; sent as headers when they are fetched. */
    contentSecurityPolicy: z.optional(ContentSecurityPolicyInput),
  }),
);
export type IntegrationPublishBody = z.input<typeof IntegrationPublishBody>;

const INTEGRATION = '/v1/integrations/{integrationName}' as const;
const integrationParams = () => ({ integrationName: IntegrationNameInput });

export const listIntegrations = /* @__PURE__ */ defineOperation({
  id: 'integrations.list',
  area: AREA,
  summary: 'List integrations, filtered by text, category, blocks, owner, scope or target',
  method: 'GET',
  idempotent: true,
  path: '/v1/integrations',
  query: IntegrationListQuery,
  status: 200,
  response: () => listOf(IntegrationSchema),
  paginated: true,
});

export const getIntegration = /* @__PURE__ */ defineOperation({
  id: 'integrations.get',
  area: AREA,
  summary: 'Get an integration',
  method: 'GET',
  idempotent: true,
  path: INTEGRATION,
  params: integrationParams,
  status: 200,
  response: IntegrationSchema,
});

export const publishIntegration = /* @__PURE__ */ defineOperation({
  id: 'integrations.publish',
  area: AREA,
  summary: 'Publish a version of an integration',
  method: 'POST',
  idempotent: false,
  path: INTEGRATION,
  params: integrationParams,
  body: IntegrationPublishBody,
  status: 200,
  response: IntegrationSchema,
});

export const listInstallationsStatus = /* @__PURE__ */ defineOperation({
  id: 'integrations.installationsStatus',
  area: AREA,
  summary: "List the status of an organization's integration installations",
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs/{organizationId}/integrations/installations-status',
  query: InstallationsStatusQuery,
  status: 200,
  response: () => listOf(InstallationStatusSchema),
  paginated: true,
});

export const integrationOperations = [
  listIntegrations,
  getIntegration,
  publishIntegration,
  listInstallationsStatus,
] as const;
