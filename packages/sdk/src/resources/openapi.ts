import type { HandWritten } from '../core/resource.js';
import type { Openapi } from '../generated/resources/openapi.js';
import { waitUntil, type WaitOptions } from '../core/waiter.js';
import { isOpenApiSpecFailed, isOpenApiSpecProcessing } from './states.js';
import type { OpenAPISpec } from '../generated/types.js';

/** `client.openapi`'s hand-written methods. */
export interface OpenapiExtensions {
  /**
   * Reads the spec every `interval` ms (default 2 000) until its `processingState` leaves
   * `pending`/`progress`, and returns it. A processing that failed (`lastProcessErrorCode`) is a
   * `RunFailedError` whose `reason` is the first of `lastProcessedErrors`; `WaitTimeoutError`
   * (holding the last spec read) after `timeout` ms (default 10 minutes), `AbortError` when
   * `signal` aborts; `onProgress` sees every read.
   *
   * @example
   * await client.openapi.replace(org, 'petstore', { source: { url } });
   * const spec = await client.openapi.waitUntilDone(org, 'petstore', { timeout: 60_000 });
   */
  waitUntilDone(
    organizationId: string,
    specSlug: string,
    options?: WaitOptions<OpenAPISpec>,
  ): Promise<OpenAPISpec>;
  /**
   * The former name of `waitUntilDone`, with its former outcome: a failed processing is
   * returned, not thrown (check it with `isOpenApiSpecFailed`).
   */
  waitUntilProcessed(
    organizationId: string,
    specSlug: string,
    options?: WaitOptions<OpenAPISpec>,
  ): Promise<OpenAPISpec>;
}

/** Waits for a spec's processing: `openapi.waitUntilDone`, as a function of the resource. */
export function waitForOpenApiSpec(
  resource: Pick<Openapi, 'get'>,
  organizationId: string,
  specSlug: string,
  options: WaitOptions<OpenAPISpec> = {},
  failures = true,
): Promise<OpenAPISpec> {
  return waitUntil(
    (signal) => resource.get(organizationId, specSlug, signal ? { signal } : undefined),
    (spec) => !isOpenApiSpecProcessing(spec),
    {
      ...options,
      what: `the processing of OpenAPI spec ${specSlug}`,
      describe: (spec) => `processingState ${spec.processingState ?? '(none)'}`,
      ...(failures
        ? {
            failed: (spec: OpenAPISpec) =>
              isOpenApiSpecFailed(spec)
                ? {
                    state: String(spec.lastProcessErrorCode),
                    reason: spec.lastProcessedErrors?.[0]?.message,
                  }
                : undefined,
          }
        : {}),
    },
  );
}

export const extensions: HandWritten<OpenapiExtensions, Openapi> = {
  waitUntilDone: (resource, _invoker, organizationId, specSlug, options) =>
    waitForOpenApiSpec(resource, organizationId, specSlug, options),
  waitUntilProcessed: (resource, _invoker, organizationId, specSlug, options) =>
    waitForOpenApiSpec(resource, organizationId, specSlug, options, false),
};
