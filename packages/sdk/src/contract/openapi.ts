import { z } from 'zod';
import { PermissionsSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';

const AREA = 'OpenAPI specifications';

/** A spec's slug: words of letters and digits joined by single hyphens (`petstore`, `billing-v2`). */
export const OPENAPI_SLUG_PATTERN = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/;
const SLUG_MESSAGE = 'must be letters and digits, words joined by single hyphens (e.g. billing-v2)';
export const OpenApiSlugInput = z.string().regex(OPENAPI_SLUG_PATTERN, SLUG_MESSAGE);

/** The contract lists both visibilities, so requests accept only these. */
export const OPENAPI_VISIBILITIES = ['private', 'public'] as const;

/**
 * Processing states. The contract shows only `pending`; `processing`, `completed` and `failed`
 * are the names the SDK types as known (the sandbox uses `pending`, `completed`, `failed`);
 * any other string is accepted.
 */
export const OPENAPI_PROCESSING_STATES = ['pending', 'processing', 'completed', 'failed'] as const;

/** States in which the spec is still being fetched and processed: the waiter polls while it sees one. */
export const OPENAPI_IN_PROGRESS_STATES: readonly string[] = ['pending', 'processing'];

/** States that mean the last processing did not succeed (guessed names: the contract shows none). */
export const OPENAPI_FAILED_STATES: readonly string[] = ['failed', 'error', 'errored'];

export const OpenApiSpecSchema = loose({
  object: z.literal('openapi-spec'),
  id: z.string(),
  slug: z.string(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  /** Where the spec is fetched from. */
  sourceURL: z.string().optional().nullable(),
  processingState: openEnum(OPENAPI_PROCESSING_STATES).optional(),
  visibility: openEnum(OPENAPI_VISIBILITIES).optional(),
  /** Id of the latest processed version. */
  lastVersion: z.string().optional().nullable(),
  lastProcessedAt: z.string().optional().nullable(),
  lastProcessErrorCode: openEnum(['FETCH_TIMEOUT']).optional().nullable(),
  lastProcessedErrors: z
    .array(loose({ message: z.string(), code: z.string().optional() }))
    .optional()
    .nullable(),
  permissions: PermissionsSchema.optional(),
  urls: loose({
    location: z.string().optional(),
    app: z.string().optional(),
    published: z.string().optional(),
  }).optional(),
});
export type OpenApiSpec = z.infer<typeof OpenApiSpecSchema>;

/** Where the spec is fetched from: an http(s) URL. */
const SourceInput = strict({
  url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }),
});

export const OpenApiSpecCreateBody = strict({
  slug: OpenApiSlugInput,
  source: SourceInput,
});
export type OpenApiSpecCreateBody = z.input<typeof OpenApiSpecCreateBody>;

export const OpenApiSpecReplaceBody = strict({ source: SourceInput });
export type OpenApiSpecReplaceBody = z.input<typeof OpenApiSpecReplaceBody>;

export const OpenApiSpecUpdateBody = strict({ visibility: z.enum(OPENAPI_VISIBILITIES) });
export type OpenApiSpecUpdateBody = z.input<typeof OpenApiSpecUpdateBody>;

export const OpenApiSpecListQuery = strict({ ...pageQuery });
export type OpenApiSpecListQuery = z.input<typeof OpenApiSpecListQuery>;

const SPECS = '/v1/orgs/{organizationId}/openapi' as const;
const SPEC = `${SPECS}/{specSlug}` as const;
/** A slug that breaks the pattern cannot name a spec: refused before sending. */
const specParams = { specSlug: OpenApiSlugInput };

export const listOpenApiSpecs = defineOperation({
  id: 'openapi.list',
  area: AREA,
  summary: 'List the OpenAPI specifications of an organization',
  method: 'GET',
  idempotent: true,
  path: SPECS,
  query: OpenApiSpecListQuery,
  status: 200,
  response: listOf(OpenApiSpecSchema),
  paginated: true,
});

export const createOpenApiSpec = defineOperation({
  id: 'openapi.create',
  area: AREA,
  summary: 'Create an OpenAPI specification fetched from a URL',
  method: 'POST',
  idempotent: false,
  path: SPECS,
  body: OpenApiSpecCreateBody,
  // "spec created": the code is not shown; 201 as for the other creations.
  status: 201,
  response: OpenApiSpecSchema,
});

export const getOpenApiSpec = defineOperation({
  id: 'openapi.get',
  area: AREA,
  summary: 'Get an OpenAPI specification',
  method: 'GET',
  idempotent: true,
  path: SPEC,
  params: specParams,
  status: 200,
  response: OpenApiSpecSchema,
});

export const replaceOpenApiSpec = defineOperation({
  id: 'openapi.replace',
  area: AREA,
  summary: "Replace a specification's source, or create the specification when absent",
  method: 'PUT',
  idempotent: true,
  path: SPEC,
  params: specParams,
  body: OpenApiSpecReplaceBody,
  status: 200,
  response: OpenApiSpecSchema,
});

export const deleteOpenApiSpec = defineOperation({
  id: 'openapi.delete',
  area: AREA,
  summary: 'Delete an OpenAPI specification (succeeds when it does not exist)',
  method: 'DELETE',
  idempotent: true,
  path: SPEC,
  params: specParams,
  status: 204,
});

export const updateOpenApiSpec = defineOperation({
  id: 'openapi.update',
  area: AREA,
  summary: "Change a specification's visibility",
  method: 'PATCH',
  idempotent: true,
  path: SPEC,
  params: specParams,
  body: OpenApiSpecUpdateBody,
  status: 200,
  response: OpenApiSpecSchema,
});

export const openApiOperations = [
  listOpenApiSpecs,
  createOpenApiSpec,
  getOpenApiSpec,
  replaceOpenApiSpec,
  deleteOpenApiSpec,
  updateOpenApiSpec,
] as const;
