import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { ContentPage, ContentPageQuery } from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const revisionsArea = () => import('../contract/revisions.js');
const getRevisionPage = lazyOperation(revisionsArea, 'getRevisionPage');

/**
 * Revisions of a space, read by id: `client.revisions`. Beyond the extract: from the service's
 * published API document.
 */
export class Revisions extends Resource {
  /**
   * Reads one page as it is in a revision (e.g. a change request's base, `revisionMergedAncestor`
   * or `revisionInitial`): with `format: "markdown"` its content as `markdown`. Beyond the extract.
   */
  getPage(
    spaceId: string,
    revisionId: string,
    pageId: string,
    query: ContentPageQuery = {},
    options?: RequestOptions,
  ): ApiPromise<ContentPage> {
    return this.http.call(getRevisionPage, { params: { spaceId, revisionId, pageId }, query }, options);
  }
}
