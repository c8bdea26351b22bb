import {
  createOpenAPISpec,
  deleteOpenAPISpecBySlug,
  getOpenAPISpecBySlug,
  listOpenAPISpecs,
  createOrUpdateOpenAPISpecBySlug,
  updateOpenAPISpecBySlug,
  type OpenAPISpecSource,
} from '@docs-api/sdk/contract';
import { conflict } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { OpenApiSpecRow, Store } from '../store.js';
import { processText, processUrl, type ProcessingResult } from '../openapi-processing.js';
import { requireOrganization } from '../domain/organizations.js';
import { findSpec, requireSpec, openApiSpecView } from '../domain/openapi-specs.js';

/*
 * OpenAPI specifications.
 *
 * Creating a spec, or replacing its source, sets `processingState` to `pending` and starts
 * processing the source for real (openapi-processing.ts: parsed, validated against the OpenAPI
 * schemas; a loopback URL fetched). Processing takes `PROCESSING_MS` on the sandbox's clock, as
 * the service's takes a while: reads before then (a GET of the spec, or a list holding it) show
 * the spec as it was created, `pending`, so a get right after a create answers what the create
 * did; the first read after it ends the processing: `complete` with a new `lastVersion`, or,
 * when the source is unreachable or invalid, `complete` with a `lastProcessErrorCode` and its
 * `lastProcessedErrors` (the service has no failed state; the last good version stays). A test
 * that must not wait moves the clock (`sandbox.clock.advance('2s')`).
 * A URL on the host `unreachable.test` always times out (`FETCH_TIMEOUT`). A spec sent as text
 * has no `sourceURL`. Each processing that ends without errors records a version (its source,
 * and the text the sandbox read), read through handlers/openapi-versions.ts.
 */

export { UNREACHABLE_HOST } from '../openapi-processing.js';

/** (Re)starts processing from the row's source. */
function startProcessing(store: Store, row: OpenApiSpecRow): void {
  row.processingState = 'pending';
  const result = row.sourceText !== undefined ? processText(row.sourceText) : processUrl(row.sourceURL ?? '');
  row.processing = { result, startedAt: store.now() };
  row.updatedAt = store.now();
}

function finishProcessing(store: Store, row: OpenApiSpecRow, result: ProcessingResult): void {
  const now = store.now();
  delete row.processing;
  row.processingState = 'complete';
  row.lastProcessedAt = now;
  row.updatedAt = now;
  if (!result.ok) {
    row.lastProcessErrorCode = result.code;
    row.lastProcessedErrors = result.errors;
    return;
  }
  row.lastVersion = store.newId('specv');
  // The version keeps what was processed: the source, and its text when the sandbox read it.
  store.openapiVersions.set(row.lastVersion, {
    id: row.lastVersion,
    spec: row.id,
    createdAt: now,
    ...(row.sourceURL !== undefined ? { sourceURL: row.sourceURL } : {}),
    ...(result.text !== undefined ? { text: result.text } : {}),
  });
  delete row.lastProcessErrorCode;
  delete row.lastProcessedErrors;
}

/** Points the row at a source: a URL, or a text. */
function setSource(row: OpenApiSpecRow, source: OpenAPISpecSource): void {
  if ('url' in source) {
    row.sourceURL = source.url;
    delete row.sourceText;
  } else {
    row.sourceText = source.text;
    delete row.sourceURL;
  }
}

/**
 * How long processing takes on the sandbox's clock: short, so a waiter at its default interval
 * (2 s) sees it done on its second read, and long enough that reads right after a write (within
 * a test, even on a loaded machine) still see it pending.
 */
export const PROCESSING_MS = 2_000;

/** One read of a spec: ends the processing under way once its time is up (see the note at the top). */
async function read(store: Store, row: OpenApiSpecRow): Promise<OpenApiSpecRow> {
  const processing = row.processing;
  if (processing) {
    if (Date.parse(store.now()) - Date.parse(processing.startedAt) >= PROCESSING_MS) {
      const result = await processing.result;
      // Another read may have finished it, or a new source restarted it, meanwhile.
      if (row.processing === processing) finishProcessing(store, row, result);
    }
  }
  return row;
}

function newSpec(
  store: Store,
  organizationId: string,
  slug: string,
  source: OpenAPISpecSource,
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
  implement(listOpenAPISpecs, async ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const rows = [...store.openapiSpecs.values()].filter((row) => row.organization === params.organizationId);
    const current = await Promise.all(rows.map((row) => read(store, row)));
    return paginate(
      current.map((row) => openApiSpecView(store, row)),
      query,
    );
  }),

  implement(createOpenAPISpec, ({ store, params, body }) => {
    requireOrganization(store, params.organizationId);
    if (findSpec(store, params.organizationId, body.slug)) {
      throw conflict(
        `Organization "${params.organizationId}" already has an OpenAPI spec "${body.slug}": replace it with PUT`,
      );
    }
    return openApiSpecView(store, newSpec(store, params.organizationId, body.slug, body.source));
  }),

  implement(getOpenAPISpecBySlug, async ({ store, params }) =>
    openApiSpecView(store, await read(store, requireSpec(store, params.organizationId, params.specSlug))),
  ),

  implement(createOrUpdateOpenAPISpecBySlug, ({ store, params, body }) => {
    requireOrganization(store, params.organizationId);
    const row = findSpec(store, params.organizationId, params.specSlug);
    if (!row)
      return openApiSpecView(store, newSpec(store, params.organizationId, params.specSlug, body.source));
    setSource(row, body.source);
    startProcessing(store, row);
    return openApiSpecView(store, row);
  }),

  implement(deleteOpenAPISpecBySlug, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    // Deleting an absent spec succeeds too, as the contract says.
    const row = findSpec(store, params.organizationId, params.specSlug);
    if (!row) return;
    store.openapiSpecs.delete(row.id);
    for (const version of [...store.openapiVersions.values()]) {
      if (version.spec === row.id) store.openapiVersions.delete(version.id);
    }
  }),

  implement(updateOpenAPISpecBySlug, ({ store, params, body }) => {
    const row = requireSpec(store, params.organizationId, params.specSlug);
    row.visibility = body.visibility;
    row.updatedAt = store.now();
    return openApiSpecView(store, row);
  }),
];
