import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type { ChangeRequestReview, ReviewCreateBody, ReviewGetQuery, ReviewListQuery } from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const reviewsArea = () => import('../contract/change-request-reviews.js');
const listChangeRequestReviews = lazyOperation(reviewsArea, 'listChangeRequestReviews');
const submitChangeRequestReview = lazyOperation(reviewsArea, 'submitChangeRequestReview');
const getChangeRequestReview = lazyOperation(reviewsArea, 'getChangeRequestReview');

/**
 * Formal reviews of a change request (approved, changes requested): `client.changeRequests.reviews`.
 * Beyond the extract: from the service's published API document.
 */
export class ChangeRequestReviews extends Resource {
  /**
   * Lists the reviews, newest first; `outdated: false` keeps the current ones (a review is
   * outdated once a newer review or revision supersedes it). Beyond the extract.
   */
  list(
    spaceId: string,
    changeRequestId: string | number,
    query: ReviewListQuery = {},
    options?: RequestOptions,
  ): PagePromise<ChangeRequestReview> {
    return this.http.list(
      listChangeRequestReviews,
      { params: { spaceId, changeRequestId: String(changeRequestId) }, query },
      options,
    );
  }

  /**
   * Submits a review by the token's user: `{ status: 'approved' }` or
   * `{ status: 'changes-requested', comment: { markdown: '...' } }`. Beyond the extract.
   */
  submit(
    spaceId: string,
    changeRequestId: string | number,
    body: ReviewCreateBody,
    options?: RequestOptions,
  ): ApiPromise<ChangeRequestReview> {
    return this.http.call(
      submitChangeRequestReview,
      { params: { spaceId, changeRequestId: String(changeRequestId) }, body },
      options,
    );
  }

  /** Reads one review. Beyond the extract. */
  get(
    spaceId: string,
    changeRequestId: string | number,
    reviewId: string,
    query: ReviewGetQuery = {},
    options?: RequestOptions,
  ): ApiPromise<ChangeRequestReview> {
    return this.http.call(
      getChangeRequestReview,
      { params: { spaceId, changeRequestId: String(changeRequestId), reviewId }, query },
      options,
    );
  }
}
