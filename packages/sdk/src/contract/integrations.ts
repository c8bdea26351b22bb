import { z } from 'zod';
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
export const ContentSecurityPolicySchema = withFallback([z.string(), z.record(z.string(), z.string())]);
export type ContentSecurityPolicy = z.infer<typeof ContentSecurityPolicySchema>;

const propertyBase = {
  title: z.string().optional(),
  description: z.string().optional(),
};

/**
 * One property of a configuration form, by its `type`: `string` (with `completion_url` for
 * suggestions and `enum` for a closed list), `number`, `boolean`, or a `button` calling
 * `callback_url`. Properties of other types are kept as they come.
 */
export const ConfigurationPropertySchema = withFallback(
  [
    loose({
      ...propertyBase,
      type: z.literal('string'),
      default: z.string().optional(),
      /** Called for suggestions when the property is filled in. */
      completion_url: z.string().optional(),
      /** The only values allowed, when given. */
      enum: z.array(z.string()).optional(),
    }),
    loose({ ...propertyBase, type: z.literal('number'), default: z.number().optional() }),
    loose({ ...propertyBase, type: z.literal('boolean'), default: z.boolean().optional() }),
    loose({
      ...propertyBase,
      type: z.literal('button'),
      callback_url: z.string().optional(),
      button_text: z.string().optional(),
    }),
  ],
  loose({ ...propertyBase, type: z.string().optional(), default: z.unknown().optional() }),
);
export type ConfigurationProperty = z.infer<typeof ConfigurationPropertySchema>;

/**
 * How an integration is configured at one level: a form (`properties` by name, the `required`
 * names), or a ContentKit component (`componentId`, published document only). Other forms are kept.
 */
export const IntegrationConfigurationSchema = withFallback([
  loose({ componentId: z.string() }),
  loose({
    properties: z.record(z.string(), ConfigurationPropertySchema).optional(),
    required: z.array(z.string()).optional(),
  }),
]);
export type IntegrationConfiguration = z.infer<typeof IntegrationConfigurationSchema>;

/** A custom block an integration provides. */
export const IntegrationBlockSchema = loose({
  /** Unique within the integration; also names the UI component. */
  id: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  /** URL of the block's icon. */
  icon: z.string().optional(),
  /** URL patterns turned into this block. */
  urlUnfurl: z.array(z.string()).optional(),
  /** How the block is written in Markdown: a code block (`codeblock` syntax, `body` property). */
  markdown: withFallback([loose({ codeblock: z.string(), body: z.string() })]).optional(),
});
export type IntegrationBlock = z.infer<typeof IntegrationBlockSchema>;

/** A content source an integration provides. */
export const IntegrationContentSourceSchema = loose({
  id: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  icon: z.string().optional(),
  /** The ContentKit component that configures the source. */
  configuration: loose({ componentId: z.string().optional() }).optional(),
});
export type IntegrationContentSource = z.infer<typeof IntegrationContentSourceSchema>;

export const IntegrationSchema = loose({
  object: z.literal('integration'),
  /** Unique name: the integration's identifier. */
  name: z.string(),
  version: z.number().optional(),
  /** 2 to 30 characters. */
  title: z.string().optional(),
  /** At most 100 characters. */
  description: z.string().optional(),
  /** Long Markdown summary, at most 2 048 characters. */
  summary: z.string().optional(),
  /** URLs of up to 3 images showcasing the integration. */
  previewImages: z.array(z.string()).optional(),
  /** Where it can be installed: `all`, `site`, `space` or `organization`. */
  target: openEnum(INTEGRATION_TARGETS).optional(),
  /** Verified by the service's team. */
  verified: z.boolean().optional(),
  /** `public`, `private` (its owner only) or `unlisted`. */
  visibility: openEnum(INTEGRATION_VISIBILITIES).optional(),
  /** Permissions granted to the integration, e.g. `space:content:read`. */
  scopes: z.array(openEnum(INTEGRATION_SCOPES)).optional(),
  /** Marketplace categories, e.g. `analytics`. */
  categories: z.array(openEnum(INTEGRATION_CATEGORIES)).optional(),
  blocks: z.array(IntegrationBlockSchema).optional(),
  contentSources: z.array(IntegrationContentSourceSchema).optional(),
  /** The configuration asked at each level it can be installed on. */
  configurations: loose({
    account: IntegrationConfigurationSchema.optional(),
    space: IntegrationConfigurationSchema.optional(),
    site: IntegrationConfigurationSchema.optional(),
  }).optional(),
  /** Links the developer gives (up to 5). */
  externalLinks: z.array(loose({ url: z.string().optional(), label: z.string().optional() })).optional(),
  /** The organization that publishes it. */
  owner: OrganizationSchema.optional(),
  urls: loose({
    /** The integration in the API. */
    location: z.string().optional(),
    icon: z.string().optional(),
    /** The integration in the application. */
    app: z.string().optional(),
    assets: z.string().optional(),
    /** Its public HTTP endpoint. */
    publicEndpoint: z.string().optional(),
    /** Where its rendered content is served, apart from `publicEndpoint` (published document only). */
    publicContentEndpoint: z.string().optional(),
  }).optional(),
  /** `admin`: the caller can publish new versions. */
  permissions: loose({ admin: z.boolean().optional() }).optional(),
  /** Sent as headers when the script and blocks are fetched. */
  contentSecurityPolicy: ContentSecurityPolicySchema.optional(),
});
export type Integration = z.infer<typeof IntegrationSchema>;

/** A script an integration injects into a published site. */
export const IntegrationScriptSchema = loose({
  script: z.string(),
  contentSecurityPolicy: z.unknown().optional(),
  cookies: z.boolean().optional(),
});
export type IntegrationScript = z.infer<typeof IntegrationScriptSchema>;

/**
 * An integration's name, as in `/v1/integrations/{integrationName}`: at most 100 letters, digits,
 * `-`, `_` and `.` (the contract's `^[a-zA-Z0-9-_.]+$`). The same rule applies to `blockDomain`.
 */
export const INTEGRATION_NAME_PATTERN = /^[a-zA-Z0-9_.-]+$/;
const NAME_MESSAGE = 'may hold only letters, digits, "-", "_" and "."';
export const IntegrationNameInput = z.string().max(100).regex(INTEGRATION_NAME_PATTERN, NAME_MESSAGE);

/**
 * The resource an installation is on (published document only): the organization, a site or a
 * space. Other forms are kept as they come.
 */
export const InstallationTargetSchema = withFallback(
  [
    loose({ type: z.literal('organization'), organizationId: z.string() }),
    loose({ type: z.literal('site'), siteId: z.string() }),
    loose({ type: z.literal('space'), spaceId: z.string() }),
  ],
  loose({ type: z.string() }),
);
export type InstallationTarget = z.infer<typeof InstallationTargetSchema>;

/** One row of an organization's installations status: an installation's status and its integration. */
export const InstallationStatusSchema = loose({
  /** `active`, `pending` or `paused`. */
  status: openEnum(INSTALLATION_STATUSES).optional(),
  integration: IntegrationSchema.optional(),
  /** What the integration is installed on (published document only). */
  target: InstallationTargetSchema.optional(),
});
export type InstallationStatus = z.infer<typeof InstallationStatusSchema>;

export const IntegrationListQuery = strict({
  ...pageQuery,
  /** Text to look for in names. */
  search: z.string().min(1).optional(),
  /** Only integrations in this category. */
  category: z.enum(INTEGRATION_CATEGORIES).optional(),
  /** Only integrations with a block unfurling URLs of this domain. */
  blockDomain: IntegrationNameInput.optional(),
  /** Only integrations that provide blocks (true) or none (false). */
  blocks: z.boolean().optional(),
  /** Only integrations that provide content sources (true) or none (false). */
  contentSources: z.boolean().optional(),
  /** Only integrations owned by this organization id. */
  owner: z.string().min(1).optional(),
  /** Only integrations that ask for this scope. */
  scope: z.enum(INTEGRATION_SCOPES).optional(),
  /** Only integrations for this target (those for `all` targets included). */
  target: z.enum(INTEGRATION_TARGETS).optional(),
});
export type IntegrationListQuery = z.input<typeof IntegrationListQuery>;

export const InstallationsStatusQuery = strict({
  ...pageQuery,
  /** Which installations: on the organization (the service's default), on spaces or on sites. */
  target: z.enum(INSTALLATION_TARGETS).optional(),
  /**
   * From the published API document: only the installations on this site. Only with `target`
   * `site` (`client.integrations.installationsStatus` sends it when no target is given).
   */
  site: z.string().min(1).optional(),
  /**
   * From the published API document: only the installations on this space. Only with `target`
   * `space` (`client.integrations.installationsStatus` sends it when no target is given).
   */
  space: z.string().min(1).optional(),
}).superRefine((query, context) => {
  for (const key of ['site', 'space'] as const) {
    if (query[key] !== undefined && query.target !== undefined && query.target !== key) {
      context.addIssue({ code: 'custom', path: [key], message: `is only valid with target "${key}"` });
    }
  }
  if (query.site !== undefined && query.space !== undefined && query.target === undefined) {
    context.addIssue({ code: 'custom', path: ['space'], message: 'cannot be combined with site' });
  }
});
export type InstallationsStatusQuery = z.input<typeof InstallationsStatusQuery>;

const base64 = (what: string) => z.base64({ error: `${what} must be a base64 string` });
/** A URL as the document allows them: at most 2 048 characters. */
const UrlInput = z.url({ error: 'must be a URL' }).max(2048);

/*
 * The nested parts of a manifest (blocks, content sources, configurations, links) are checked
 * with the published document's rules, which are stricter than the extract's: every field it
 * names, no other, with its limits.
 */
const BlockInput = strict({
  id: z.string().min(1),
  /** 2 to 40 characters. */
  title: z.string().min(2).max(40),
  /** At most 150 characters. */
  description: z.string().max(150).optional(),
  /** URL of the block's icon. */
  icon: z.string().optional(),
  /** URL patterns turned into this block. */
  urlUnfurl: z.array(z.string()).optional(),
  /** Write the block as a code block of this syntax, with this property as its body. */
  markdown: strict({ codeblock: z.string().min(1), body: z.string().min(1) }).optional(),
});

const ComponentInput = strict({
  /** The ContentKit component defined in the integration. */
  componentId: z.string().min(1),
});

const ContentSourceInput = strict({
  id: z.string().min(1),
  /** 2 to 40 characters. */
  title: z.string().min(2).max(40),
  /** At most 150 characters. */
  description: z.string().max(150).optional(),
  icon: z.string().optional(),
  configuration: ComponentInput,
});

const propertyInputBase = {
  /** 2 to 50 characters. */
  title: z.string().min(2).max(50).optional(),
  /** At most 100 characters. */
  description: z.string().max(100).optional(),
};

const ConfigurationPropertyInput = z.discriminatedUnion('type', [
  strict({
    ...propertyInputBase,
    type: z.literal('string'),
    default: z.string().optional(),
    completion_url: z.string().optional(),
    enum: z.array(z.string()).optional(),
  }),
  strict({ ...propertyInputBase, type: z.literal('number'), default: z.number().optional() }),
  strict({ ...propertyInputBase, type: z.literal('boolean'), default: z.boolean().optional() }),
  strict({
    ...propertyInputBase,
    type: z.literal('button'),
    callback_url: z.string().min(1),
    button_text: z.string().min(1),
  }),
]);

/** A configuration form (`properties`, `required` names), or a ContentKit component. */
const ConfigurationInput = z.union([
  strict({
    properties: z.record(z.string(), ConfigurationPropertyInput),
    required: z
      .array(z.string())
      .refine((names) => new Set(names).size === names.length, 'must not repeat a name')
      .optional(),
  }),
  ComponentInput,
]);

/** The content security policy, as a header value or an object of the document's directives. */
const ContentSecurityPolicyInput = z.union([
  z.string(),
  strict(
    Object.fromEntries(CSP_DIRECTIVES.map((name) => [name, z.string().optional()])) as Record<
      (typeof CSP_DIRECTIVES)[number],
      z.ZodOptional<z.ZodString>
    >,
  ),
]);

/** The body of `POST /v1/integrations/{integrationName}`: a new version of the integration. */
export const IntegrationPublishBody = strict({
  /** `v1` (the service's default) or `v2`. */
  runtime: z.enum(INTEGRATION_RUNTIMES).optional(),
  /** The icon, base64. */
  icon: base64('icon').optional(),
  title: z.string().min(2).max(30),
  description: z.string().max(100),
  /** Markdown. */
  summary: z.string().max(2048).optional(),
  /** Up to 3 images, each base64. */
  previewImages: z.array(base64('each preview image')).max(3).optional(),
  visibility: z.enum(INTEGRATION_VISIBILITIES).optional(),
  /** The service's default is `all`. */
  target: z.enum(INTEGRATION_TARGETS).optional(),
  /** Required by the published document (the extract marks it optional); may be empty. */
  scopes: z.array(z.enum(INTEGRATION_SCOPES)),
  categories: z.array(z.enum(INTEGRATION_CATEGORIES)).optional(),
  blocks: z.array(BlockInput).optional(),
  contentSources: z.array(ContentSourceInput).optional(),
  /** Up to 5 links, each with a `label`. */
  externalLinks: z
    .array(strict({ url: UrlInput, label: z.string().min(1) }))
    .max(5)
    .optional(),
  configurations: strict({
    account: ConfigurationInput.optional(),
    space: ConfigurationInput.optional(),
    site: ConfigurationInput.optional(),
  }).optional(),
  /** The script's content (not a URL). */
  script: z.string().min(1),
  /** Id or subdomain of the publishing organization. */
  organization: z.string().min(1),
  /** Up to 20 secrets, passed to the script at run time. */
  secrets: z
    .record(z.string(), z.string())
    .refine((secrets) => Object.keys(secrets).length <= 20, 'must hold at most 20 secrets')
    .optional(),
  /** Validates the script and blocks; sent as headers when they are fetched. */
  contentSecurityPolicy: ContentSecurityPolicyInput.optional(),
});
export type IntegrationPublishBody = z.input<typeof IntegrationPublishBody>;

const INTEGRATION = '/v1/integrations/{integrationName}' as const;
const integrationParams = { integrationName: IntegrationNameInput };

export const listIntegrations = defineOperation({
  id: 'integrations.list',
  area: AREA,
  summary: 'List integrations, filtered by text, category, blocks, owner, scope or target',
  method: 'GET',
  idempotent: true,
  path: '/v1/integrations',
  query: IntegrationListQuery,
  status: 200,
  response: listOf(IntegrationSchema),
  paginated: true,
});

export const getIntegration = defineOperation({
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

export const publishIntegration = defineOperation({
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

export const listInstallationsStatus = defineOperation({
  id: 'integrations.installationsStatus',
  area: AREA,
  summary: "List the status of an organization's integration installations",
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs/{organizationId}/integrations/installations-status',
  query: InstallationsStatusQuery,
  status: 200,
  response: listOf(InstallationStatusSchema),
  paginated: true,
});

export const integrationOperations = [
  listIntegrations,
  getIntegration,
  publishIntegration,
  listInstallationsStatus,
] as const;
