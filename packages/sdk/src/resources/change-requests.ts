import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import {
  createChangeRequest,
  getChangeRequest,
  getChangeRequestPdf,
  listChangeRequestContributors,
  listChangeRequests,
  listOrganizationChangeRequests,
  listRequestedReviewers,
  mergeChangeRequest,
  removeRequestedReviewer,
  requestReviewers,
  updateChangeRequest,
  updateChangeRequestFromPrimary,
  type ChangeRequest,
  type ChangeRequestCreateBody,
  type ChangeRequestListQuery,
  type ChangeRequestUpdateBody,
  type ContributorList,
  type MergeResult,
  type PdfQuery,
  type PdfResult,
  type RequestedReviewer,
  type RequestedReviewersResult,
  type RequestReviewersBody,
} from '../contract/change-requests.js';
import { ChangeRequestComments } from './change-request-comments.js';
import { ChangeRequestContent } from './change-request-content.js';
import { Resource } from './resource.js';

/** Reviewers requested on a change request: `client.changeRequests.reviewers`. */
export class ChangeRequestReviewers extends Resource {
  /** Lists the users asked to review the change request. */
  list(
    spaceId: string,
    changeRequestId: string | number,
    query: { limit?: number; page?: string } = {},
    options?: RequestOptions,
  ): PagePromise<RequestedReviewer> {
    return this.http.list(
      listRequestedReviewers,
      { params: { spaceId, changeRequestId: String(changeRequestId) }, query },
      options,
    );
  }

  /** Asks the given users (ids) to review the change request, optionally with a subject and message. */
  request(
    spaceId: string,
    changeRequestId: string | number,
    body: RequestReviewersBody,
    options?: RequestOptions,
  ): ApiPromise<RequestedReviewersResult> {
    return this.http.call(
      requestReviewers,
      { params: { spaceId, changeRequestId: String(changeRequestId) }, body },
      options,
    );
  }

  /** Withdraws the review request from one user; fails if that user was not asked. */
  remove(
    spaceId: string,
    changeRequestId: string | number,
    userId: string,
    options?: RequestOptions,
  ): ApiPromise<void> {
    return this.http.call(
      removeRequestedReviewer,
      { params: { spaceId, changeRequestId: String(changeRequestId), userId } },
      options,
    );
  }
}

/**
 * Change requests: proposed edits to a space, `client.changeRequests`.
 * `changeRequestId` is the request's id or its number within the space.
 */
export class ChangeRequests extends Resource {
  readonly reviewers = new ChangeRequestReviewers(this.http);
  readonly comments = new ChangeRequestComments(this.http);
  readonly content = new ChangeRequestContent(this.http);

  /**
   * Lists the space's change requests (the server shows `open` ones unless `status` says otherwise).
   * `await` gives the first page; `for await` walks every request.
   */
  list(
    spaceId: string,
    query: ChangeRequestListQuery = {},
    options?: RequestOptions,
  ): PagePromise<ChangeRequest> {
    return this.http.list(listChangeRequests, { params: { spaceId }, query }, options);
  }

  /** Lists change requests across every space of an organization, with the same filters as `list`. */
  listForOrganization(
    organizationId: string,
    query: ChangeRequestListQuery = {},
    options?: RequestOptions,
  ): PagePromise<ChangeRequest> {
    return this.http.list(listOrganizationChangeRequests, { params: { organizationId }, query }, options);
  }

  /** Creates a change request in a space, optionally with a subject or from a template. */
  create(
    spaceId: string,
    body: ChangeRequestCreateBody = {},
    options?: RequestOptions,
  ): ApiPromise<ChangeRequest> {
    return this.http.call(createChangeRequest, { params: { spaceId }, body }, options);
  }

  /** Reads one change request. */
  get(
    spaceId: string,
    changeRequestId: string | number,
    options?: RequestOptions,
  ): ApiPromise<ChangeRequest> {
    return this.http.call(
      getChangeRequest,
      { params: { spaceId, changeRequestId: String(changeRequestId) } },
      options,
    );
  }

  /** Changes a change request's subject (at most 100 characters), description or status. */
  update(
    spaceId: string,
    changeRequestId: string | number,
    body: ChangeRequestUpdateBody,
    options?: RequestOptions,
  ): ApiPromise<ChangeRequest> {
    return this.http.call(
      updateChangeRequest,
      { params: { spaceId, changeRequestId: String(changeRequestId) }, body },
      options,
    );
  }

  /** Merges the change request into the primary content; the answer names the new revision. */
  merge(
    spaceId: string,
    changeRequestId: string | number,
    options?: RequestOptions,
  ): ApiPromise<MergeResult> {
    return this.http.call(
      mergeChangeRequest,
      { params: { spaceId, changeRequestId: String(changeRequestId) } },
      options,
    );
  }

  /** Pulls the primary content into the change request (brings an outdated request up to date). */
  updateFromPrimary(
    spaceId: string,
    changeRequestId: string | number,
    options?: RequestOptions,
  ): ApiPromise<MergeResult> {
    return this.http.call(
      updateChangeRequestFromPrimary,
      { params: { spaceId, changeRequestId: String(changeRequestId) } },
      options,
    );
  }

  /** Gets a URL to a PDF export of the change request, or of one page with `{ page, only: true }`. */
  getPdf(
    spaceId: string,
    changeRequestId: string | number,
    query: PdfQuery = {},
    options?: RequestOptions,
  ): ApiPromise<PdfResult> {
    return this.http.call(
      getChangeRequestPdf,
      { params: { spaceId, changeRequestId: String(changeRequestId) }, query },
      options,
    );
  }

  /** Lists the users who contributed to the change request (one envelope; the contract gives no paging). */
  listContributors(
    spaceId: string,
    changeRequestId: string | number,
    options?: RequestOptions,
  ): ApiPromise<ContributorList> {
    return this.http.call(
      listChangeRequestContributors,
      { params: { spaceId, changeRequestId: String(changeRequestId) } },
      options,
    );
  }
}
