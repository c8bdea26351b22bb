import { extraFields } from '../core/fields.js';
import type { ChangeRequestRequestedReviewer, Team, User } from '../generated/types.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The user a review was asked of; none for a team or a request of a form not known yet. */
export function reviewerUser(reviewer: ChangeRequestRequestedReviewer): User | undefined {
  // Read as data: under the `warn` policy an answer may not fit its type.
  const { kind, user } = extraFields(reviewer);
  return kind === 'user' && isRecord(user) && typeof user.id === 'string'
    ? (user as unknown as User)
    : undefined;
}

/** The team a review was asked of (published document); none for a user. */
export function reviewerTeam(reviewer: ChangeRequestRequestedReviewer): Team | undefined {
  const { kind, team } = extraFields(reviewer);
  return kind === 'team' && isRecord(team) && typeof team.id === 'string'
    ? (team as unknown as Team)
    : undefined;
}
