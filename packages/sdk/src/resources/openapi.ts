import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { waitUntil, type WaitOptions } from '../core/waiter.js';
import type {
  OpenApiSpec,
  OpenApiSpecCreateBody,
  OpenApiSpecListQuery,
  OpenApiSpecReplaceBody,
  OpenApiSpecUpdateBody,
} from '../types.js';
import { Resource } from './resource.js';
import { OPENAPI_IN_PROGRESS_STATES } from '../contract/states.js';

/** The area's operations, loaded with their schemas on first use. */
const openapiArea = () => import('../contract/openapi.js');
const createOpenApiSpec = lazyOperation(openapiArea, 'createOpenApiSpec');
const deleteOpenApiSpec = lazyOperation(openapiArea, 'deleteOpenApiSpec');
const getOpenApiSpec = lazyOperation(openapiArea, 'getOpenApiSpec');
const listOpenApiSpecs = lazyOperation(openapiArea, 'listOpenApiSpecs');
const replaceOpenApiSpec = lazyOperation(openapiArea, 'replaceOpenApiSpec');
const updateOpenApiSpec = lazyOperation(openapiArea, 'updateOpenApiSpec');

/** True while the spec is being fetched and processed (`pending`, `progress`). */
export function isOpenApiSpecProcessing(spec: Pick<OpenApiSpec, 'processingState'>): boolean {
  return spec.processingState !== undefined && OPENAPI_IN_PROGRESS_STATES.includes(spec.processingState);
}

/**
 * True when the last processing is over and did not succeed: the service marks it `complete`
 * with a `lastProcessErrorCode` (`FETCH_TIMEOUT`, `FETCH_ERROR`, `PARSE_ERROR`); see
 * `lastProcessedErrors` for why.
 */
export function isOpenApiSpecFailed(
  spec: Pick<OpenApiSpec, 'processingState' | 'lastProcessErrorCode'>,
): boolean {
  return !isOpenApiSpecProcessing(spec) && typeof spec.lastProcessErrorCode === 'string';
}

/** OpenAPI specifications of an organization, kept under a slug: `client.openapi`. */
export class OpenApi extends Resource {
  /**
   * Lists the organization's specs.
   * `await` gives the first page; `for await` walks every spec.
   */
  list(
    organizationId: string,
    query: OpenApiSpecListQuery = {},
    options?: RequestOptions,
  ): PagePromise<OpenApiSpec> {
    return this.http.list(listOpenApiSpecs, { params: { organizationId }, query }, options);
  }

  /**
   * Creates a spec under `slug`, fetched from `source.url` or given as `source.text`. It starts
   * `pending`: follow the processing with `waitUntilProcessed`. A slug already taken is refused
   * (see `replace`).
   */
  create(
    organizationId: string,
    body: OpenApiSpecCreateBody,
    options?: RequestOptions,
  ): ApiPromise<OpenApiSpec> {
    return this.http.call(createOpenApiSpec, { params: { organizationId }, body }, options);
  }

  /** Reads one spec by its slug, with its processing state and last errors. */
  get(organizationId: string, specSlug: string, options?: RequestOptions): ApiPromise<OpenApiSpec> {
    return this.http.call(getOpenApiSpec, { params: { organizationId, specSlug } }, options);
  }

  /**
   * Points the spec at a new source (`url` or `text`) and processes it again, or creates the
   * spec when no spec has that slug: the call to publish from a pipeline, whatever was there
   * before.
   */
  replace(
    organizationId: string,
    specSlug: string,
    body: OpenApiSpecReplaceBody,
    options?: RequestOptions,
  ): ApiPromise<OpenApiSpec> {
    return this.http.call(replaceOpenApiSpec, { params: { organizationId, specSlug }, body }, options);
  }

  /** Changes the spec's visibility: `private`, or `public` (anyone with a public link). */
  update(
    organizationId: string,
    specSlug: string,
    body: OpenApiSpecUpdateBody,
    options?: RequestOptions,
  ): ApiPromise<OpenApiSpec> {
    return this.http.call(updateOpenApiSpec, { params: { organizationId, specSlug }, body }, options);
  }

  /** Deletes the spec; deleting a spec that does not exist succeeds too (204, or 205 when it deleted one). */
  delete(organizationId: string, specSlug: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(deleteOpenApiSpec, { params: { organizationId, specSlug } }, options);
  }

  /**
   * Reads the spec every `interval` ms (default 2 000) until its `processingState` leaves
   * `pending`/`progress`, and returns it: `isOpenApiSpecFailed` tells a failure
   * (`lastProcessErrorCode`; `lastProcessedErrors` says why). Fails with `WaitTimeoutError` (holding
   * the last spec read) after `timeout` ms (default 10 minutes), with `AbortError` when
   * `signal` aborts.
   *
   * @example
   * await client.openapi.replace(org, 'petstore', { source: { url } });
   * const spec = await client.openapi.waitUntilProcessed(org, 'petstore', { timeout: 60_000 });
   */
  waitUntilProcessed(
    organizationId: string,
    specSlug: string,
    options: WaitOptions<OpenApiSpec> = {},
  ): Promise<OpenApiSpec> {
    return waitUntil(
      (signal) => this.get(organizationId, specSlug, signal ? { signal } : undefined),
      (spec) => !isOpenApiSpecProcessing(spec),
      {
        ...options,
        what: `the processing of OpenAPI spec ${specSlug}`,
        describe: (spec) => `processingState ${spec.processingState ?? '(none)'}`,
      },
    );
  }
}
