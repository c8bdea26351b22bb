import { ApiPromise } from '../core/api-promise.js';
import { extraFields } from '../core/fields.js';
import type { RequestOptions } from '../core/http.js';
import type { ExtensionImplementations } from '../core/resources.js';
import type {
  ChangeRequest,
  ChangeRequestRequestedReviewer,
  Team,
  UpdateChangeRequestByIdBody,
  User,
} from '../generated/types.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The user a review was asked of; none for a team or a request of a form not known yet. */
export function reviewerUser(reviewer: ChangeRequestRequestedReviewer): User | undefined {
  // Read as data: under the `warn` policy an answer may not fit its type.
  const { kind, user } = extraFields(reviewer);
  return kind === 'user' && isRecord(user) && typeof user.id === 'string' ? (user as unknown as User) : undefined;
}

/** The team a review was asked of (published document); none for a user. */
export function reviewerTeam(reviewer: ChangeRequestRequestedReviewer): Team | undefined {
  const { kind, team } = extraFields(reviewer);
  return kind === 'team' && isRecord(team) && typeof team.id === 'string' ? (team as unknown as Team) : undefined;
}

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

export const changeRequestsExtensions: ExtensionImplementations<ChangeRequestsExtensions> = {
  async update({ resources, generated }, spaceId, changeRequestId, body, options) {
    const updated = await (
      generated('changeRequests.update', [spaceId, changeRequestId, body, options]) as ApiPromise<
        ChangeRequest | undefined
      >
    ).withResponse();
    if (updated.data !== undefined) return updated as { data: ChangeRequest; response: Response };
    return resources.changeRequests.get(spaceId, changeRequestId, options).withResponse();
  },
};
