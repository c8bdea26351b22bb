import { extraFields } from '../core/fields.js';
import { lazyOperation } from '../core/operation-ref.js';
import { ApiPromise, type WithResponse } from '../core/api-promise.js';
import { MergeConflictError } from '../core/errors.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { ChangeRequestComments } from './change-request-comments.js';
import { ChangeRequestContent } from './change-request-content.js';
import { ChangeRequestReviews } from './change-request-reviews.js';
import type {
  ChangeRequest,
  ChangeRequestCreateBody,
  ChangeRequestListQuery,
  ChangeRequestUpdateBody,
  ChangesQuery,
  ContributorList,
  MergeResult,
  OrganizationChangeRequestListQuery,
  PdfQuery,
  PdfResult,
  RequestedReviewer,
  RequestedReviewersResult,
  RequestReviewersBody,
  SemanticChanges,
  Team,
  User,
} from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const changeRequestsArea = () => import('../contract/change-requests.js');
const createChangeRequest = lazyOperation(changeRequestsArea, 'createChangeRequest');
const getChangeRequest = lazyOperation(changeRequestsArea, 'getChangeRequest');
const getChangeRequestPdf = lazyOperation(changeRequestsArea, 'getChangeRequestPdf');
const listChangeRequestContributors = lazyOperation(changeRequestsArea, 'listChangeRequestContributors');
const listChangeRequests = lazyOperation(changeRequestsArea, 'listChangeRequests');
const listOrganizationChangeRequests = lazyOperation(changeRequestsArea, 'listOrganizationChangeRequests');
const listRequestedReviewers = lazyOperation(changeRequestsArea, 'listRequestedReviewers');
const mergeChangeRequest = lazyOperation(changeRequestsArea, 'mergeChangeRequest');
const removeRequestedReviewer = lazyOperation(changeRequestsArea, 'removeRequestedReviewer');
const requestReviewers = lazyOperation(changeRequestsArea, 'requestReviewers');
const updateChangeRequest = lazyOperation(changeRequestsArea, 'updateChangeRequest');
const updateChangeRequestFromPrimary = lazyOperation(changeRequestsArea, 'updateChangeRequestFromPrimary');
const listChangeRequestChanges = lazyOperation(
  () => import('../contract/change-request-reviews.js'),
  'listChangeRequestChanges',
);

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

  /**
   * Withdraws the review request from one user. The service answers with no content whether or
   * not the user had been asked (205 when removed, 204 when there was nothing to remove).
   */
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
  /** Formal reviews (approved, changes requested). Beyond the extract: from the published document. */
  readonly reviews = new ChangeRequestReviews(this.http);

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

  /**
   * Lists change requests across every space of an organization: `status` takes several
   * statuses (default `["open"]`), and the published document adds `site`, `space`,
   * `styleguideRun` and `finding` filters.
   */
  listForOrganization(
    organizationId: string,
    query: OrganizationChangeRequestListQuery = {},
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

  /**
   * Changes a change request's subject (at most 100 characters), description, status (`draft`,
   * `open`, `archived`) or external links, and resolves to the updated request. When the
   * service answers without it (204: it does so when asked with `Prefer: return=minimal`), the
   * request is read back.
   */
  update(
    spaceId: string,
    changeRequestId: string | number,
    body: ChangeRequestUpdateBody,
    options?: RequestOptions,
  ): ApiPromise<ChangeRequest> {
    const params = { spaceId, changeRequestId: String(changeRequestId) };
    const updated = this.http
      .call<ChangeRequest | undefined>(updateChangeRequest, { params, body }, options)
      .withResponse();
    return new ApiPromise(
      updated.then(async ({ data, response }) =>
        data === undefined
          ? this.http.call<ChangeRequest>(getChangeRequest, { params }, options).withResponse()
          : { data, response },
      ),
    );
  }

  /**
   * Merges the change request into the primary content; resolves to the new revision with
   * `result: "merge"`. A merge that did not merge cleanly is never a success: a 409 rejects with a
   * `ConflictError` whose `reason` says why (`outdated`, `merge-rules-not-met`, `already-merged`,
   * `archived`, `space-locked`, ... when the server says), and an answer `result: "conflicts"`
   * rejects with a `MergeConflictError` (`merged: true`, `revision`: the merge was applied, the
   * conflicts need resolving by hand).
   */
  merge(
    spaceId: string,
    changeRequestId: string | number,
    options?: RequestOptions,
  ): ApiPromise<MergeOutcome<'merge'>> {
    return settle(
      this.http
        .call<MergeResult>(
          mergeChangeRequest,
          { params: { spaceId, changeRequestId: String(changeRequestId) } },
          options,
        )
        .withResponse(),
      'merge',
      { spaceId, changeRequestId: String(changeRequestId) },
    );
  }

  /**
   * Pulls the primary content into the change request (brings an outdated request up to date);
   * resolves with `result: "update"`. An answer `result: "conflicts"` rejects with a
   * `MergeConflictError` (`merged: false`: nothing was pulled in); a 409 with a `ConflictError`.
   */
  updateFromPrimary(
    spaceId: string,
    changeRequestId: string | number,
    options?: RequestOptions,
  ): ApiPromise<MergeOutcome<'update'>> {
    return settle(
      this.http
        .call<MergeResult>(
          updateChangeRequestFromPrimary,
          { params: { spaceId, changeRequestId: String(changeRequestId) } },
          options,
        )
        .withResponse(),
      'update',
      { spaceId, changeRequestId: String(changeRequestId) },
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

  /**
   * Lists what the change request changes against its base: pages and files created, edited,
   * moved or deleted, variables edited... (`changes`), at most `limit` of them (the service's
   * default: 10; `more` counts those left out). Beyond the extract: from the published document.
   */
  listChanges(
    spaceId: string,
    changeRequestId: string | number,
    query: ChangesQuery = {},
    options?: RequestOptions,
  ): ApiPromise<SemanticChanges> {
    return this.http.call(
      listChangeRequestChanges,
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The user a review was asked of; none for a team or a request of a form not known yet. */
export function reviewerUser(reviewer: RequestedReviewer): User | undefined {
  // Read as data: under the `warn` policy an answer may not fit its type.
  const { kind, user } = extraFields(reviewer);
  return kind === 'user' && isRecord(user) && typeof user.id === 'string' ? (user as User) : undefined;
}

/** The team a review was asked of (published document); none for a user. */
export function reviewerTeam(reviewer: RequestedReviewer): Team | undefined {
  const { kind, team } = extraFields(reviewer);
  return kind === 'team' && isRecord(team) && typeof team.id === 'string' ? (team as Team) : undefined;
}

/**
 * What a merge or an update that went through resolves to: `result` is always there (the
 * operation's own word when the service leaves it out), never `conflicts`.
 */
export type MergeOutcome<R extends 'merge' | 'update'> = Omit<MergeResult, 'result'> & {
  result: R | (string & {});
};

/** A `conflicts` answer becomes a MergeConflictError; a missing `result` is the operation's. */
function settle<R extends 'merge' | 'update'>(
  answer: Promise<WithResponse<MergeResult>>,
  operation: R,
  target: { spaceId: string; changeRequestId: string },
): ApiPromise<MergeOutcome<R>> {
  return new ApiPromise(
    answer.then(({ data, response, ...rest }) => {
      if (data.result === 'conflicts') {
        throw new MergeConflictError(
          {
            status: response.status,
            body: data,
            headers: response.headers,
            method: 'POST',
            url: response.url,
          },
          operation,
          target,
        );
      }
      return { ...rest, response, data: { ...data, result: data.result ?? operation } };
    }),
  );
}
