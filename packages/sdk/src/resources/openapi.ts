import type { ExtensionImplementations } from '../core/resources.js';
import { waitUntil, type WaitOptions } from '../core/waiter.js';
import { OPENAPI_IN_PROGRESS_STATES } from '../contract/states.js';
import type { OpenAPISpec } from '../generated/types.js';

/** True while the service fetches and processes the spec (`processingState` `pending` or `progress`). */
export function isOpenApiSpecProcessing(spec: Pick<OpenAPISpec, 'processingState'>): boolean {
  return spec.processingState !== undefined && OPENAPI_IN_PROGRESS_STATES.includes(spec.processingState);
}

/**
 * True when the last processing is over and did not succeed: the service marks it `complete`
 * with a `lastProcessErrorCode` (`FETCH_TIMEOUT`, `FETCH_ERROR`, `PARSE_ERROR`); see
 * `lastProcessedErrors` for why.
 */
export function isOpenApiSpecFailed(spec: Pick<OpenAPISpec, 'processingState' | 'lastProcessErrorCode'>): boolean {
  return !isOpenApiSpecProcessing(spec) && typeof spec.lastProcessErrorCode === 'string';
}

/** `client.openapi`'s hand-written methods. */
export interface OpenapiExtensions {
  /**
   * Reads the spec every `interval` ms (default 2 000) until its `processingState` leaves
   * `pending`/`progress`, and returns it: `isOpenApiSpecFailed` tells a failure
   * (`lastProcessErrorCode`; `lastProcessedErrors` says why). Fails with `WaitTimeoutError`
   * (holding the last spec read) after `timeout` ms (default 10 minutes), with `AbortError` when
   * `signal` aborts.
   *
   * @example
   * await client.openapi.replace(org, 'petstore', { source: { url } });
   * const spec = await client.openapi.waitUntilProcessed(org, 'petstore', { timeout: 60_000 });
   */
  waitUntilProcessed(organizationId: string, specSlug: string, options?: WaitOptions<OpenAPISpec>): Promise<OpenAPISpec>;
}

export const openapiExtensions: ExtensionImplementations<OpenapiExtensions> = {
  waitUntilProcessed({ resources }, organizationId, specSlug, options = {}) {
    return waitUntil(
      (signal) => resources.openapi.get(organizationId, specSlug, signal ? { signal } : undefined),
      (spec) => !isOpenApiSpecProcessing(spec),
      {
        ...options,
        what: `the processing of OpenAPI spec ${specSlug}`,
        describe: (spec) => `processingState ${spec.processingState ?? '(none)'}`,
      },
    );
  },
};
