import type { ApiPromise, WithResponse } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { ExtensionImplementations } from '../core/resources.js';
import type { ChangeRequest, UpdateChangeRequestByIdBody } from '../generated/types.js';

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
}

export const extensions: ExtensionImplementations<ChangeRequestsExtensions> = {
  update({ resources, generated, answer }, spaceId, changeRequestId, body, options) {
    const call = generated('changeRequests.update', [spaceId, changeRequestId, body, options]) as ApiPromise<
      ChangeRequest | undefined
    >;
    return answer(
      call.withResponse().then((updated) =>
        updated.data !== undefined
          ? (updated as WithResponse<ChangeRequest>)
          : resources.changeRequests.get(spaceId, changeRequestId, options).withResponse(),
      ),
    );
  },
};
