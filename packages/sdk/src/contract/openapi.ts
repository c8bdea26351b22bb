import * as z from 'zod/mini';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, PermissionsSchema, strict } from './schema.js';

const AREA = 'OpenAPI specifications';

/** A spec's slug: words of letters and digits joined by single hyphens (`petstore`, `billing-v2`). */
export const OPENAPI_SLUG_PATTERN = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/;
const SLUG_MESSAGE = 'must be letters and digits, words joined by single hyphens (e.g. billing-v2)';
/** At most 100 characters (the published document's limit). */
export const OpenApiSlugInput = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.maxLength(100), z.regex(OPENAPI_SLUG_PATTERN, SLUG_MESSAGE)),
);

/** The contract lists both visibilities, so requests accept only these. */
export const OPENAPI_VISIBILITIES = ['private', 'public'] as const;

/**
 * Processing states, from the published document (the extract shows only `pending`): `pending`
 * (waiting), `progress` (being processed), `complete` (done, successfully or not: see
 * `lastProcessErrorCode`). Any other string is accepted when read.
 */
export const OPENAPI_PROCESSING_STATES = ['pending', 'progress', 'complete'] as const;

/**
 * Why the last processing failed (published document): the source could not be fetched in
 * time, could not be fetched, or could not be parsed.
 */
export const OPENAPI_PROCESS_ERROR_CODES = ['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'] as const;

export const OpenApiSpecSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('openapi-spec'),
    id: z.string(),
    /** The slug the spec is kept under, e.g. `petstore`. */
    slug: z.optional(z.string()),
    createdAt: z.optional(z.string()),
    updatedAt: z.optional(z.string()),
    /** Where the spec is fetched from; absent for a spec sent as text. */
    sourceURL: z.nullable(z.optional(z.string())),
    /** `pending`, `progress` or `complete`. */
    processingState: z.optional(openEnum(OPENAPI_PROCESSING_STATES)),
    /** `private`, or `public`: available to anyone with a public link. */
    visibility: z.optional(openEnum(OPENAPI_VISIBILITIES)),
    /** Id of the latest processed version. */
    lastVersion: z.nullable(z.optional(z.string())),
    lastProcessedAt: z.nullable(z.optional(z.string())),
    /** Set when the last processing failed: `FETCH_TIMEOUT`, `FETCH_ERROR` or `PARSE_ERROR`. */
    lastProcessErrorCode: z.nullable(z.optional(openEnum(OPENAPI_PROCESS_ERROR_CODES))),
    /** The errors of the last processing (possibly truncated: see `lastProcessedErrorCount`). */
    lastProcessedErrors: z.nullable(
      z.optional(z.array(loose({ message: z.optional(z.string()), code: z.optional(z.string()) }))),
    ),
    /** How many errors the last processing had, before `lastProcessedErrors` was truncated (published document only). */
    lastProcessedErrorCount: z.optional(z.number()),
    /** `view`, `edit`. */
    permissions: z.optional(PermissionsSchema),
    urls: z.optional(
      loose({
        /** The spec in the API. */
        location: z.optional(z.string()),
        /** The spec in the application. */
        app: z.optional(z.string()),
        /** The published spec, when it is public. */
        published: z.optional(z.string()),
      }),
    ),
  }),
);
export type OpenApiSpec = z.infer<typeof OpenApiSpecSchema>;

/**
 * Where a spec comes from: fetched from a `url` (http or https, at most 2 048 characters), or
 * given as `text` (the published document's second form).
 */
export type OpenApiSpecSource = { url: string; text?: never } | { text: string; url?: never };

const SourceFields = /* @__PURE__ */ z.lazy(() =>
  strict({
    url: z.optional(
      z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).check(z.maxLength(2048)),
    ),
    /** The spec itself, JSON or YAML (published document). */
    text: z.optional(z.string().check(z.minLength(1))),
  }),
);

/** Exactly one of `url` and `text`. */
const SourceInput = /* @__PURE__ */ z.lazy(
  () =>
    SourceFields.check(
      z.refine(
        (source) => (source.url === undefined) !== (source.text === undefined),
        'give either url or text',
      ),
    ) as unknown as z.ZodMiniType<OpenApiSpecSource, OpenApiSpecSource>,
);

export const OpenApiSpecCreateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    slug: OpenApiSlugInput,
    source: SourceInput,
  }),
);
export type OpenApiSpecCreateBody = z.input<typeof OpenApiSpecCreateBody>;

export const OpenApiSpecReplaceBody = /* @__PURE__ */ z.lazy(() => strict({ source: SourceInput }));
export type OpenApiSpecReplaceBody = z.input<typeof OpenApiSpecReplaceBody>;

export const OpenApiSpecUpdateBody = /* @__PURE__ */ z.lazy(() =>
  strict({ visibility: z.enum(OPENAPI_VISIBILITIES) }),
);
export type OpenApiSpecUpdateBody = z.input<typeof OpenApiSpecUpdateBody>;

export const OpenApiSpecListQuery = /* @__PURE__ */ z.lazy(() => strict({ ...pageQuery() }));
export type OpenApiSpecListQuery = z.input<typeof OpenApiSpecListQuery>;

const SPECS = '/v1/orgs/{organizationId}/openapi' as const;
const SPEC = `${SPECS}/{specSlug}` as const;
/** A slug that breaks the pattern cannot name a spec: refused before sending. */
const specParams = () => ({ specSlug: OpenApiSlugInput });

export const listOpenApiSpecs = /* @__PURE__ */ defineOperation({
  id: 'openapi.list',
  area: AREA,
  summary: 'List the OpenAPI specifications of an organization',
  method: 'GET',
  idempotent: true,
  path: SPECS,
  query: OpenApiSpecListQuery,
  status: 200,
  response: () => listOf(OpenApiSpecSchema),
  paginated: true,
});

export const createOpenApiSpec = /* @__PURE__ */ defineOperation({
  id: 'openapi.create',
  area: AREA,
  summary: 'Create an OpenAPI specification from a URL or a text',
  method: 'POST',
  idempotent: false,
  path: SPECS,
  body: OpenApiSpecCreateBody,
  // "spec created": 201 in the published document.
  status: 201,
  response: OpenApiSpecSchema,
});

export const getOpenApiSpec = /* @__PURE__ */ defineOperation({
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

export const replaceOpenApiSpec = /* @__PURE__ */ defineOperation({
  id: 'openapi.replace',
  area: AREA,
  summary: "Replace a specification's source, or create the specification when absent",
  method: 'PUT',
  idempotent: true,
  path: SPEC,
  params: specParams,
  body: OpenApiSpecReplaceBody,
  // The published document answers 200 when it replaced and 201 when it created; both are read
  // the same. The sandbox answers 200 in both cases.
  status: 200,
  response: OpenApiSpecSchema,
});

export const deleteOpenApiSpec = /* @__PURE__ */ defineOperation({
  id: 'openapi.delete',
  area: AREA,
  summary: 'Delete an OpenAPI specification (succeeds when it does not exist)',
  method: 'DELETE',
  idempotent: true,
  path: SPEC,
  params: specParams,
  // The published document answers 204 when the spec did not exist and 205 when it deleted it;
  // neither has a body, and both are read the same. The sandbox answers 204 in both cases.
  status: 204,
});

export const updateOpenApiSpec = /* @__PURE__ */ defineOperation({
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
