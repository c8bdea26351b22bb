import { z } from 'zod';
import { PermissionsSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';

const AREA = 'Integrations';

const ConfigurationSchema = loose({
  properties: z
    .record(
      z.string(),
      loose({
        title: z.string().optional(),
        description: z.string().optional(),
        type: z.string().optional(),
        default: z.unknown().optional(),
        completion_url: z.string().optional(),
        enum: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  required: z.array(z.string()).optional(),
});

export const IntegrationSchema = loose({
  object: z.literal('integration'),
  name: z.string(),
  version: z.number().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  summary: z.string().optional(),
  previewImages: z.array(z.string()).optional(),
  target: openEnum(['all']).optional(),
  verified: z.boolean().optional(),
  visibility: z.string().optional(),
  scopes: z.array(openEnum(['space:content:read'])).optional(),
  categories: z.array(openEnum(['analytics'])).optional(),
  blocks: z
    .array(
      loose({
        id: z.string(),
        title: z.string().optional(),
        description: z.string().optional(),
        icon: z.string().optional(),
        urlUnfurl: z.array(z.string()).optional(),
        markdown: loose({ codeblock: z.string().optional(), body: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  contentSources: z
    .array(
      loose({
        id: z.string(),
        title: z.string().optional(),
        description: z.string().optional(),
        icon: z.string().optional(),
        configuration: loose({ componentId: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  configurations: loose({
    account: ConfigurationSchema.optional(),
    space: ConfigurationSchema.optional(),
    site: ConfigurationSchema.optional(),
  }).optional(),
  externalLinks: z.array(loose({ url: z.string(), label: z.string().optional() })).optional(),
  owner: loose({ id: z.string() }).optional(),
  urls: loose({
    location: z.string().optional(),
    icon: z.string().optional(),
    app: z.string().optional(),
    assets: z.string().optional(),
    publicEndpoint: z.string().optional(),
  }).optional(),
  permissions: PermissionsSchema.optional(),
  contentSecurityPolicy: z.unknown().optional(),
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

/** Installation statuses: the contract shows only `active`; any other string is accepted. */
export const INSTALLATION_STATUSES = ['active'] as const;

/** One row of an organization's installations status: an installation's status and its integration. */
export const InstallationStatusSchema = loose({
  status: openEnum(INSTALLATION_STATUSES),
  integration: IntegrationSchema,
});
export type InstallationStatus = z.infer<typeof InstallationStatusSchema>;

/*
 * Enumerated request values the contract does not list (`category`, `scope`, `target`,
 * `visibility`, `runtime`) are accepted as any non-empty string, for the server to judge.
 */
const word = () => z.string().min(1);

export const IntegrationListQuery = strict({
  ...pageQuery,
  /** Text to look for in names and titles. */
  search: word().optional(),
  /** Only integrations in this category (e.g. `analytics`). */
  category: word().optional(),
  /** Only integrations with a block unfurling URLs of this domain. */
  blockDomain: IntegrationNameInput.optional(),
  /** Only integrations that provide blocks (true) or none (false). */
  blocks: z.boolean().optional(),
  /** Only integrations that provide content sources (true) or none (false). */
  contentSources: z.boolean().optional(),
  /** Only integrations owned by this organization id. */
  owner: word().optional(),
  /** Only integrations that ask for this scope (e.g. `space:content:read`). */
  scope: word().optional(),
  /** Only integrations for this target (e.g. `all`). */
  target: word().optional(),
});
export type IntegrationListQuery = z.input<typeof IntegrationListQuery>;

export const InstallationsStatusQuery = strict({
  ...pageQuery,
  /** Which installations: the server's default is `organization`. */
  target: word().optional(),
});
export type InstallationsStatusQuery = z.input<typeof InstallationsStatusQuery>;

const base64 = (what: string) => z.base64({ error: `${what} must be a base64 string` });

/*
 * The nested parts of a manifest (blocks, content sources, configurations) are checked for the
 * fields the contract documents, with the types an Integration carries; other fields pass.
 */
const BlockInput = z.looseObject({
  id: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  icon: z.string().optional(),
  urlUnfurl: z.array(z.string()).optional(),
  markdown: z.looseObject({ codeblock: z.string().optional(), body: z.string().optional() }).optional(),
});

const ContentSourceInput = z.looseObject({
  id: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  icon: z.string().optional(),
  configuration: z.looseObject({ componentId: z.string().optional() }).optional(),
});

const ConfigurationInput = z.looseObject({
  properties: z
    .record(
      z.string(),
      z.looseObject({
        title: z.string().optional(),
        description: z.string().optional(),
        type: z.string().optional(),
        default: z.unknown().optional(),
        completion_url: z.string().optional(),
        enum: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  required: z.array(z.string()).optional(),
});

/** The body of `POST /v1/integrations/{integrationName}`: a new version of the integration. */
export const IntegrationPublishBody = strict({
  /** The server's default is `v1`. */
  runtime: word().optional(),
  icon: base64('icon').optional(),
  title: z.string().min(2).max(30),
  description: z.string().max(100),
  /** Markdown. */
  summary: z.string().max(2048).optional(),
  previewImages: z.array(base64('each preview image')).max(3).optional(),
  visibility: word().optional(),
  /** The server's default is every target. */
  target: word().optional(),
  scopes: z.array(word()).optional(),
  categories: z.array(word()).optional(),
  blocks: z.array(BlockInput).optional(),
  contentSources: z.array(ContentSourceInput).optional(),
  externalLinks: z
    .array(strict({ url: z.url({ error: 'must be a URL' }), label: z.string().min(1).optional() }))
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
  secrets: z.record(z.string(), z.string()).optional(),
  /** Validates the script and blocks; sent as headers when they are fetched. */
  contentSecurityPolicy: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
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
