import type { HandWritten } from '../core/resource.js';
import type { SitesContext } from '../generated/resources/sites.context.js';
import { waitUntil, type WaitOptions } from '../core/waiter.js';
import type { ContextConnection, SiteScan } from '../generated/types.js';

/** The statuses of a scan under way (published document: `SiteScanStatus`). */
const RUNNING: readonly unknown[] = ['pending', 'running'];
/** The statuses of a context connection whose sync is under way (`ContextConnectionStatus`). */
const SYNCING: readonly unknown[] = ['pending', 'syncing'];

/** What a connection's sync waiter waits for. */
export interface SyncWaitOptions extends WaitOptions<ContextConnection> {
  /**
   * Waits for a sync that ended at or after this time (`syncedAt`, as the service's clock says):
   * `sync` answers 204 with no run, and a connection read before the sync started still shows
   * the previous one's outcome.
   */
  syncedAfter?: Date | string | undefined;
}

/** `client.sites.context`'s hand-written methods. */
export interface SitesContextExtensions {
  /**
   * Reads the scan every `interval` ms (default 2 000) until its status leaves
   * `pending`/`running`, and returns it (`done`). A scan `failed` is a `RunFailedError` (its
   * `reason` the scan's `failureMessage`); `WaitTimeoutError` after `timeout` ms (default 10
   * minutes), `AbortError` when `signal` aborts; `onProgress` sees every read.
   */
  waitUntilScanDone(
    organizationId: string,
    siteId: string,
    siteScanId: string,
    options?: WaitOptions<SiteScan>,
  ): Promise<SiteScan>;
  /**
   * After `sync`: reads the connection every `interval` ms (default 2 000) until its status
   * leaves `pending`/`syncing` (and, with `syncedAfter`, its `syncedAt` is that late), and returns
   * it (`succeeded`). A sync `failed` is a `RunFailedError` (`reason`: the `failureMessage`, or the
   * `failureReason`); `WaitTimeoutError` after `timeout`, `AbortError` when `signal` aborts;
   * `onProgress` sees every read.
   */
  waitUntilSyncDone(
    organizationId: string,
    siteId: string,
    siteContextConnectionId: string,
    options?: SyncWaitOptions,
  ): Promise<ContextConnection>;
}

/** Waits for a site's scan: `sites.context.waitUntilScanDone`, as a function of the resource. */
export function waitForSiteScan(
  context: Pick<SitesContext, 'getScan'>,
  organizationId: string,
  siteId: string,
  siteScanId: string,
  options: WaitOptions<SiteScan> = {},
): Promise<SiteScan> {
  return waitUntil(
    (signal) => context.getScan(organizationId, siteId, siteScanId, signal ? { signal } : undefined),
    (scan) => !RUNNING.includes(scan.status),
    {
      ...options,
      what: `scan ${siteScanId} of site ${siteId}`,
      describe: (scan) => `status ${scan.status}`,
      failed: (scan) =>
        scan.status === 'failed' ? { state: 'failed', reason: scan.failureMessage } : undefined,
    },
  );
}

/** Waits for a context connection's sync: `sites.context.waitUntilSyncDone`, as a function of the resource. */
export function waitForContextSync(
  context: Pick<SitesContext, 'getConnection'>,
  organizationId: string,
  siteId: string,
  connectionId: string,
  options: SyncWaitOptions = {},
): Promise<ContextConnection> {
  const after = options.syncedAfter === undefined ? undefined : new Date(options.syncedAfter).getTime();
  if (after !== undefined && Number.isNaN(after))
    return Promise.reject(new RangeError(`syncedAfter must be a date (got ${String(options.syncedAfter)})`));
  const isTheSync = (connection: ContextConnection) =>
    after === undefined ||
    (typeof connection.syncedAt === 'string' && Date.parse(connection.syncedAt) >= after);
  return waitUntil(
    (signal) => context.getConnection(organizationId, siteId, connectionId, signal ? { signal } : undefined),
    (connection) => !SYNCING.includes(connection.status) && isTheSync(connection),
    {
      ...options,
      what: `the sync of context connection ${connectionId} of site ${siteId}`,
      describe: (connection) => `status ${connection.status}, synced at ${connection.syncedAt ?? '(never)'}`,
      failed: (connection) =>
        connection.status === 'failed' && isTheSync(connection)
          ? { state: 'failed', reason: connection.failureMessage ?? connection.failureReason }
          : undefined,
    },
  );
}

export const extensions: HandWritten<SitesContextExtensions, SitesContext> = {
  waitUntilScanDone: (context, _invoker, organizationId, siteId, siteScanId, options) =>
    waitForSiteScan(context, organizationId, siteId, siteScanId, options),
  waitUntilSyncDone: (context, _invoker, organizationId, siteId, connectionId, options) =>
    waitForContextSync(context, organizationId, siteId, connectionId, options),
};
