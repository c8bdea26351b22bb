import {
  listCommentersInChangeRequest,
  listCommentersInSpace,
  type OrganizationMember,
} from '@docs-api/sdk/contract';
import { membership, memberView } from '../domain/organizations.js';
import { type Implementation, implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { CommentRow, Store } from '../store.js';
import { requireChangeRequest } from '../domain/change-requests.js';
import { requireSpace } from '../domain/spaces.js';

/*
 * Who commented: computed from the comments kept (their authors and their replies' authors),
 * in the order each first posted, as members of the space's organization (a former member, no
 * longer one, is left out: the answer is a list of members).
 */

function commenters(
  store: Store,
  organization: string,
  comments: readonly CommentRow[],
): OrganizationMember[] {
  const posts = comments
    .flatMap((comment) => [comment, ...comment.replies])
    .sort((a, b) => a.postedAt.localeCompare(b.postedAt));
  const users = [...new Set(posts.map((post) => post.postedBy))];
  return users.flatMap((user) => {
    const member = membership(store, organization, user);
    return member ? [memberView(store, member)] : [];
  });
}

export const commenterHandlers: Implementation[] = [
  implement(listCommentersInSpace, ({ store, params, query }) => {
    const space = requireSpace(store, params.spaceId);
    const comments = [...store.comments.values()].filter((comment) => comment.space === space.id);
    return paginate(commenters(store, space.organization ?? '', comments), query);
  }),
  implement(listCommentersInChangeRequest, ({ store, params, query }) => {
    const { space, row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const comments = [...store.comments.values()].filter((comment) => comment.changeRequest === row.id);
    return paginate(commenters(store, space.organization ?? '', comments), query);
  }),
].map((implementation) => ({ ...implementation, answer: 'computed' as const }));
