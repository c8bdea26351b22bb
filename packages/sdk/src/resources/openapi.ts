import type { HandWritten } from '../core/resource.js';
import type { Openapi } from '../generated/resources/openapi.js';
import { waitUntil, type WaitOptions } from '../core/waiter.js';
import { isOpenApiSpecProcessing } from './states.js';
import type { OpenAPISpec } from '../generated/types.js';

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
  waitUntilProcessed(
    organizationId: string,
    specSlug: string,
    options?: WaitOptions<OpenAPISpec>,
  ): Promise<OpenAPISpec>;
}

export const extensions: HandWritten<OpenapiExtensions, Openapi> = {
  waitUntilProcessed(resource, _invoker, organizationId, specSlug, options = {}) {
    return waitUntil(
      (signal) => resource.get(organizationId, specSlug, signal ? { signal } : undefined),
      (spec) => !isOpenApiSpecProcessing(spec),
      {
        ...options,
        what: `the processing of OpenAPI spec ${specSlug}`,
        describe: (spec) => `processingState ${spec.processingState ?? '(none)'}`,
      },
    );
  },
};
