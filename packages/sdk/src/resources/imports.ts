import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { ImportRun, ImportStartBody } from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const importsArea = () => import('../contract/imports.js');
const cancelImport = lazyOperation(importsArea, 'cancelImport');
const startImport = lazyOperation(importsArea, 'startImport');

/** Imports of website content into spaces: `client.imports`. */
export class Imports extends Resource {
  /**
   * Starts importing a website (`source: { type: 'website', url }`), or uploaded files
   * (`source: { type: 'file', files }`), into `target.space`, optionally through a change
   * request and under a page; `site` lists the run among that site's imports; `enhance: false`
   * skips the AI enhancement. Returns the run, with its pages.
   */
  start(organizationId: string, body: ImportStartBody, options?: RequestOptions): ApiPromise<ImportRun> {
    return this.http.call(startImport, { params: { organizationId }, body }, options);
  }

  /** Cancels a run under way (`pending`, `in-progress`) and returns it, `cancelled`. */
  cancel(organizationId: string, importRunId: string, options?: RequestOptions): ApiPromise<ImportRun> {
    return this.http.call(cancelImport, { params: { organizationId, importRunId } }, options);
  }
}
