import type { ExtensionImplementations } from '../core/resources.js';
import { waitUntil, type WaitOptions } from '../core/waiter.js';
import type { ClientResources } from '../generated/api.js';
import type { SiteScan } from '../generated/types.js';

/** The statuses of a scan under way (published document: `SiteScanStatus`). */
const RUNNING: readonly unknown[] = ['pending', 'running'];

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
}

/** Waits for a site's scan: `sites.context.waitUntilScanDone`, as a function of the resources. */
export function waitForSiteScan(
  resources: Pick<ClientResources, 'sites'>,
  organizationId: string,
  siteId: string,
  siteScanId: string,
  options: WaitOptions<SiteScan> = {},
): Promise<SiteScan> {
  return waitUntil(
    (signal) =>
      resources.sites.context.getScan(organizationId, siteId, siteScanId, signal ? { signal } : undefined),
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

export const extensions: ExtensionImplementations<SitesContextExtensions> = {
  waitUntilScanDone: ({ resources }, organizationId, siteId, siteScanId, options) =>
    waitForSiteScan(resources, organizationId, siteId, siteScanId, options),
};
