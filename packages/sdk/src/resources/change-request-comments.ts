import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { HandWritten } from '../core/resource.js';
import type { ChangeRequestsComments } from '../generated/resources/changeRequests.comments.js';
import type { Comment, UpdateCommentSchema } from '../generated/types.js';

/** Emoji to add to and remove from a comment in one call. */
export interface CommentReactions {
  add?: string[] | undefined;
  remove?: string[] | undefined;
}

/** `client.changeRequests.comments`' hand-written methods: shorthands of `update`. */
export interface ChangeRequestsCommentsExtensions {
  /** Marks a comment resolved. */
  resolve(
    spaceId: string,
    changeRequestId: string | number,
    commentId: string,
    options?: RequestOptions,
  ): ApiPromise<Comment>;
  /** Reopens a resolved comment. */
  reopen(
    spaceId: string,
    changeRequestId: string | number,
    commentId: string,
    options?: RequestOptions,
  ): ApiPromise<Comment>;
  /** Adds and removes the caller's emoji reactions on a comment. */
  react(
    spaceId: string,
    changeRequestId: string | number,
    commentId: string,
    reactions: CommentReactions,
    options?: RequestOptions,
  ): ApiPromise<Comment>;
}

export const extensions: HandWritten<ChangeRequestsCommentsExtensions, ChangeRequestsComments> = {
  resolve(resource, _invoker, spaceId, changeRequestId, commentId, options) {
    return resource.update(spaceId, changeRequestId, commentId, { resolved: true }, options);
  },
  reopen(resource, _invoker, spaceId, changeRequestId, commentId, options) {
    return resource.update(spaceId, changeRequestId, commentId, { resolved: false }, options);
  },
  react(resource, _invoker, spaceId, changeRequestId, commentId, reactions, options) {
    const body: UpdateCommentSchema = {};
    if (reactions.add !== undefined) body.addedReactions = reactions.add;
    if (reactions.remove !== undefined) body.removedReactions = reactions.remove;
    return resource.update(spaceId, changeRequestId, commentId, body, options);
  },
};
