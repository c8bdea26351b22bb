import { ApiPromise, type WithResponse } from '../core/api-promise.js';
import { MergeConflictError } from '../core/errors.js';
import type { RequestOptions } from '../core/http.js';
import type { HandWritten } from '../core/resource.js';
import { ops, type ChangeRequests } from '../generated/resources/changeRequests.js';
import type {
  ChangeRequest,
  MergeChangeRequestResponse,
  UpdateChangeRequestByIdBody,
  UpdateChangeRequestResponse,
} from '../generated/types.js';

/**
 * What a merge or an update that went through resolves to: `result` is always there (the
 * operation's own word when the service leaves it out), never `conflicts`.
 */
export type MergeOutcome<R extends 'merge' | 'update'> = Omit<MergeChangeRequestResponse, 'result'> & {
  result: R | (string & {});
};

/** `client.changeRequests`' hand-written methods. */
export interface ChangeRequestsExtensions {
  /**
   * Changes a change request's subject (at most 100 characters), description, status (`draft`,
   * `open`, `archived`) or external links, and resolves to the updated request. When the service
   * answers without it (204: it does so when asked with `Prefer: return=minimal`), the request is
   * read back.
   *
   * @see PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId} (updateChangeRequestById)
   */
  update(
    spaceId: string,
    changeRequestId: string | number,
    body: UpdateChangeRequestByIdBody,
    options?: RequestOptions,
  ): ApiPromise<ChangeRequest>;
  /**
   * Merges the change request into the primary content; resolves to the new revision with
   * `result: "merge"`. A merge that did not merge cleanly is never a success: a 409 rejects with a
   * `ConflictError` whose `reason` says why (`outdated`, `merge-rules-not-met`, `already-merged`,
   * `archived`, `space-locked`, ... when the server says), and an answer `result: "conflicts"`
   * rejects with a `MergeConflictError` (`merged: true`, `revision`: the merge was applied, the
   * conflicts need resolving by hand).
   *
   * @see POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge (mergeChangeRequest)
   */
  merge(
    spaceId: string,
    changeRequestId: string | number,
    options?: RequestOptions,
  ): ApiPromise<MergeOutcome<'merge'>>;
  /**
   * Pulls the primary content into the change request (brings an outdated request up to date);
   * resolves with `result: "update"`. An answer `result: "conflicts"` rejects with a
   * `MergeConflictError` (`merged: false`: nothing was pulled in); a 409 with a `ConflictError`.
   *
   * @see POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/update (updateChangeRequest)
   */
  updateFromPrimary(
    spaceId: string,
    changeRequestId: string | number,
    options?: RequestOptions,
  ): ApiPromise<MergeOutcome<'update'>>;
}

/** A `conflicts` answer becomes a MergeConflictError; a missing `result` is the operation's. */
function settled<R extends 'merge' | 'update'>(
  answer: Promise<WithResponse<MergeChangeRequestResponse | UpdateChangeRequestResponse>>,
  operation: R,
  target: { spaceId: string; changeRequestId: string },
): Promise<WithResponse<MergeOutcome<R>>> {
  return answer.then(({ data, response }) => {
    if (data.result === 'conflicts') {
      const init = {
        status: response.status,
        body: data,
        headers: response.headers,
        method: 'POST',
        url: response.url,
      };
      throw new MergeConflictError(init, operation, target);
    }
    return { response, data: { ...data, result: data.result ?? operation } };
  });
}

export const extensions: HandWritten<ChangeRequestsExtensions, ChangeRequests> = {
  update(resource, invoker, spaceId, changeRequestId, body, options) {
    const call = invoker.method(
      ops.updateChangeRequestById,
      [spaceId, changeRequestId, body],
      options,
    ) as ApiPromise<ChangeRequest | undefined>;
    return new ApiPromise(
      call
        .withResponse()
        .then((updated) =>
          updated.data !== undefined
            ? (updated as WithResponse<ChangeRequest>)
            : resource.get(spaceId, changeRequestId, options).withResponse(),
        ),
    );
  },
  merge(_resource, invoker, spaceId, changeRequestId, options) {
    const call = invoker.method(
      ops.mergeChangeRequest,
      [spaceId, changeRequestId],
      options,
    ) as ApiPromise<MergeChangeRequestResponse>;
    return new ApiPromise(
      settled(call.withResponse(), 'merge', { spaceId, changeRequestId: String(changeRequestId) }),
    );
  },
  updateFromPrimary(_resource, invoker, spaceId, changeRequestId, options) {
    const call = invoker.method(
      ops.updateChangeRequest,
      [spaceId, changeRequestId],
      options,
    ) as ApiPromise<UpdateChangeRequestResponse>;
    return new ApiPromise(
      settled(call.withResponse(), 'update', { spaceId, changeRequestId: String(changeRequestId) }),
    );
  },
};
