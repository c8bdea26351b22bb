import type { HandWritten } from '../core/resource.js';
import type { Imports } from '../generated/resources/imports.js';
import { waitUntil, type WaitOptions } from '../core/waiter.js';
import type { ContentImportRun } from '../generated/types.js';

/** The statuses of a run under way (published document: `ContentImportRun.status`). */
const RUNNING: readonly unknown[] = ['pending', 'in-progress'];
/** The statuses of a run that ended without its content. */
const FAILED: readonly unknown[] = ['failed', 'cancelled'];

/** `client.imports`' hand-written methods. */
export interface ImportsExtensions {
  /**
   * Reads the import run every `interval` ms (default 2 000) until its status leaves
   * `pending`/`in-progress`, and returns it (`completed`). A run `failed` or `cancelled` is a
   * `RunFailedError` (its `reason` the service's); `WaitTimeoutError` (holding the last run
   * read) after `timeout` ms (default 10 minutes), `AbortError` when `signal` aborts;
   * `onProgress` sees every read.
   *
   * @example
   * const run = await client.imports.start(org, { source, target });
   * const done = await client.imports.waitUntilDone(org, run.id, { timeout: 120_000 });
   */
  waitUntilDone(
    organizationId: string,
    importRunId: string,
    options?: WaitOptions<ContentImportRun>,
  ): Promise<ContentImportRun>;
}

/** Waits for an import run: `imports.waitUntilDone`, as a function of the resource. */
export function waitForImportRun(
  imports: Pick<Imports, 'get'>,
  organizationId: string,
  importRunId: string,
  options: WaitOptions<ContentImportRun> = {},
): Promise<ContentImportRun> {
  return waitUntil(
    (signal) => imports.get(organizationId, importRunId, signal ? { signal } : undefined),
    (run) => !RUNNING.includes(run.status),
    {
      ...options,
      what: `import run ${importRunId}`,
      describe: (run) => `status ${run.status}`,
      failed: (run) =>
        FAILED.includes(run.status) ? { state: String(run.status), reason: run.reason } : undefined,
    },
  );
}

export const extensions: HandWritten<ImportsExtensions, Imports> = {
  waitUntilDone: (imports, _invoker, organizationId, importRunId, options) =>
    waitForImportRun(imports, organizationId, importRunId, options),
};
