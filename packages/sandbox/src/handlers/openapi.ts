import {
  createOpenApiSpec,
  deleteOpenApiSpec,
  getOpenApiSpec,
  listOpenApiSpecs,
  replaceOpenApiSpec,
  updateOpenApiSpec,
  type OpenApiSpec,
  type OpenApiSpecSource,
} from '@docs-api/sdk/contract';
import { APP_HOST } from '../content.js';
import { conflict, notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { OpenApiSpecRow, Store } from '../store.js';
import { requireOrganization } from './organizations.js';

/*
 * OpenAPI specifications.
 *
 * Processing is simulated, deterministically whatever the clock, as translation runs are:
 * creating a spec, or replacing its source, sets `processingState` to `pending`; the first
 * read after that (a GET of the spec, or a list holding it) still shows `pending`, so a waiter
 * sees the work under way; the second read finishes it: `complete`, with a new `lastVersion`,
 * or, when the source cannot be read, `complete` with a `lastProcessErrorCode` and its
 * `lastProcessedErrors` (the service has no failed state). A URL on the host `unreachable.test`
 * always times out (`FETCH_TIMEOUT`); a text that names neither `openapi` nor `swagger` cannot
 * be parsed (`PARSE_ERROR`). A spec sent as text has no `sourceURL`.
 */

/** Sources on this host never answer: their processing fails with FETCH_TIMEOUT. */
export const UNREACHABLE_HOST = 'unreachable.test';
/** How long the sandbox pretends to have waited for an unreachable source. */
const FETCH_TIMEOUT_SECONDS = 30;
/** What a text must name to pass for an OpenAPI (or Swagger) document. */
const SPEC_TEXT = /\b(openapi|swagger)\b/i;

const PUBLIC_DOMAIN = 'sandbox.docs-api.local';

function findSpec(store: Store, organizationId: string, slug: string): OpenApiSpecRow | undefined {
  for (const row of store.openapiSpecs.values()) {
    if (row.organization === organizationId && row.slug === slug) return row;
  }
  return undefined;
}

function requireSpec(store: Store, organizationId: string, slug: string): OpenApiSpecRow {
  requireOrganization(store, organizationId);
  const row = findSpec(store, organizationId, slug);
  if (!row) throw notFound('OpenAPI spec', slug);
  return row;
}

/** (Re)starts processing from the row's source. */
function startProcessing(store: Store, row: OpenApiSpecRow): void {
  row.processingState = 'pending';
  row.processing = { reads: 0 };
  row.updatedAt = store.now();
}

/** Why the row's source cannot be processed, if it cannot. */
function processingError(row: OpenApiSpecRow): { code: string; message: string } | undefined {
  if (row.sourceURL !== undefined && new URL(row.sourceURL).hostname === UNREACHABLE_HOST) {
    return {
      code: 'FETCH_TIMEOUT',
      message: `Fetching ${row.sourceURL} timed out after ${FETCH_TIMEOUT_SECONDS} seconds`,
    };
  }
  if (row.sourceText !== undefined && !SPEC_TEXT.test(row.sourceText)) {
    return {
      code: 'PARSE_ERROR',
      message: 'The text is not an OpenAPI document: it names no openapi version',
    };
  }
  return undefined;
}

function finishProcessing(store: Store, row: OpenApiSpecRow): void {
  const now = store.now();
  delete row.processing;
  row.processingState = 'complete';
  row.lastProcessedAt = now;
  row.updatedAt = now;
  const error = processingError(row);
  if (error) {
    row.lastProcessErrorCode = error.code;
    row.lastProcessedErrors = [error];
    return;
  }
  row.lastVersion = store.newId('specv');
  delete row.lastProcessErrorCode;
  delete row.lastProcessedErrors;
}

/** Points the row at a source: a URL, or a text. */
function setSource(row: OpenApiSpecRow, source: OpenApiSpecSource): void {
  if (source.url !== undefined) {
    row.sourceURL = source.url;
    delete row.sourceText;
  } else if (source.text !== undefined) {
    row.sourceText = source.text;
    delete row.sourceURL;
  }
}

/** One read of a spec: moves processing under way one step (see the note at the top). */
function read(store: Store, row: OpenApiSpecRow): OpenApiSpecRow {
  if (row.processing) {
    row.processing.reads += 1;
    if (row.processing.reads >= 2) finishProcessing(store, row);
  }
  return row;
}

export function openApiSpecView(store: Store, row: OpenApiSpecRow): OpenApiSpec {
  const organization = store.organizations.get(row.organization);
  return {
    object: 'openapi-spec',
    id: row.id,
    slug: row.slug,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.sourceURL !== undefined ? { sourceURL: row.sourceURL } : {}),
    processingState: row.processingState,
    visibility: row.visibility,
    ...(row.lastVersion ? { lastVersion: row.lastVersion } : {}),
    ...(row.lastProcessedAt ? { lastProcessedAt: row.lastProcessedAt } : {}),
    ...(row.lastProcessErrorCode ? { lastProcessErrorCode: row.lastProcessErrorCode } : {}),
    ...(row.lastProcessedErrors
      ? { lastProcessedErrors: row.lastProcessedErrors.map((e) => ({ ...e })) }
      : {}),
    lastProcessedErrorCount: row.lastProcessedErrors?.length ?? 0,
    permissions: { view: true, edit: true },
    urls: {
      location: store.apiUrl(`/orgs/${row.organization}/openapi/${row.slug}`),
      app: `https://${APP_HOST}/o/${row.organization}/openapi/${row.slug}`,
      ...(row.visibility === 'public'
        ? {
            published: `https://${organization?.hostname ?? row.organization}.${PUBLIC_DOMAIN}/openapi/${row.slug}`,
          }
        : {}),
    },
  };
}

function newSpec(
  store: Store,
  organizationId: string,
  slug: string,
  source: OpenApiSpecSource,
): OpenApiSpecRow {
  const now = store.now();
  const row: OpenApiSpecRow = {
    id: store.newId('spec'),
    organization: organizationId,
    slug,
    processingState: 'pending',
    visibility: 'private',
    createdAt: now,
    updatedAt: now,
  };
  setSource(row, source);
  startProcessing(store, row);
  store.openapiSpecs.set(row.id, row);
  return row;
}

export const openApiHandlers = [
  implement(listOpenApiSpecs, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const rows = [...store.openapiSpecs.values()].filter((row) => row.organization === params.organizationId);
    return paginate(
      rows.map((row) => openApiSpecView(store, read(store, row))),
      query,
    );
  }),

  implement(createOpenApiSpec, ({ store, params, body }) => {
    requireOrganization(store, params.organizationId);
    if (findSpec(store, params.organizationId, body.slug)) {
      throw conflict(
        `Organization "${params.organizationId}" already has an OpenAPI spec "${body.slug}": replace it with PUT`,
      );
    }
    return openApiSpecView(store, newSpec(store, params.organizationId, body.slug, body.source));
  }),

  implement(getOpenApiSpec, ({ store, params }) =>
    openApiSpecView(store, read(store, requireSpec(store, params.organizationId, params.specSlug))),
  ),

  implement(replaceOpenApiSpec, ({ store, params, body }) => {
    requireOrganization(store, params.organizationId);
    const row = findSpec(store, params.organizationId, params.specSlug);
    if (!row)
      return openApiSpecView(store, newSpec(store, params.organizationId, params.specSlug, body.source));
    setSource(row, body.source);
    startProcessing(store, row);
    return openApiSpecView(store, row);
  }),

  implement(deleteOpenApiSpec, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    // Deleting an absent spec succeeds too, as the contract says.
    const row = findSpec(store, params.organizationId, params.specSlug);
    if (row) store.openapiSpecs.delete(row.id);
  }),

  implement(updateOpenApiSpec, ({ store, params, body }) => {
    const row = requireSpec(store, params.organizationId, params.specSlug);
    row.visibility = body.visibility;
    row.updatedAt = store.now();
    return openApiSpecView(store, row);
  }),
];
