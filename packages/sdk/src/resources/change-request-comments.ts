import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  Comment,
  CommentCreateBody,
  CommentFormatQuery,
  CommentListQuery,
  CommentUpdateBody,
  Reply,
  ReplyCreateBody,
  ReplyListQuery,
} from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const changeRequestCommentsArea = () => import('../contract/change-request-comments.js');
const createChangeRequestComment = lazyOperation(changeRequestCommentsArea, 'createChangeRequestComment');
const createChangeRequestCommentReply = lazyOperation(
  changeRequestCommentsArea,
  'createChangeRequestCommentReply',
);
const deleteChangeRequestComment = lazyOperation(changeRequestCommentsArea, 'deleteChangeRequestComment');
const getChangeRequestComment = lazyOperation(changeRequestCommentsArea, 'getChangeRequestComment');
const listChangeRequestCommentReplies = lazyOperation(
  changeRequestCommentsArea,
  'listChangeRequestCommentReplies',
);
const listChangeRequestComments = lazyOperation(changeRequestCommentsArea, 'listChangeRequestComments');
const updateChangeRequestComment = lazyOperation(changeRequestCommentsArea, 'updateChangeRequestComment');

/** Emoji to add to and remove from a comment in one call. */
export interface CommentReactions {
  add?: string[] | undefined;
  remove?: string[] | undefined;
}

/** Comments and replies on a change request: `client.changeRequests.comments`. */
export class ChangeRequestComments extends Resource {
  /**
   * Lists the change request's comments, filtered by status, page or authors.
   * `await` gives the first page; `for await` walks every comment.
   */
  list(
    spaceId: string,
    changeRequestId: string | number,
    query: CommentListQuery = {},
    options?: RequestOptions,
  ): PagePromise<Comment> {
    return this.http.list(
      listChangeRequestComments,
      { params: { spaceId, changeRequestId: String(changeRequestId) }, query },
      options,
    );
  }

  /** Posts a comment (markdown body), optionally attached to a page, node or table cell. */
  create(
    spaceId: string,
    changeRequestId: string | number,
    body: CommentCreateBody,
    options?: RequestOptions,
  ): ApiPromise<Comment> {
    return this.http.call(
      createChangeRequestComment,
      { params: { spaceId, changeRequestId: String(changeRequestId) }, body },
      options,
    );
  }

  /** Reads one comment. */
  get(
    spaceId: string,
    changeRequestId: string | number,
    commentId: string,
    query: CommentFormatQuery = {},
    options?: RequestOptions,
  ): ApiPromise<Comment> {
    return this.http.call(
      getChangeRequestComment,
      { params: { spaceId, changeRequestId: String(changeRequestId), commentId }, query },
      options,
    );
  }

  /** Edits a comment's body, resolves or reopens it, or adds and removes reactions. */
  update(
    spaceId: string,
    changeRequestId: string | number,
    commentId: string,
    body: CommentUpdateBody,
    options?: RequestOptions,
  ): ApiPromise<Comment> {
    return this.http.call(
      updateChangeRequestComment,
      { params: { spaceId, changeRequestId: String(changeRequestId), commentId }, body },
      options,
    );
  }

  /** Deletes a comment. */
  delete(
    spaceId: string,
    changeRequestId: string | number,
    commentId: string,
    options?: RequestOptions,
  ): ApiPromise<void> {
    return this.http.call(
      deleteChangeRequestComment,
      { params: { spaceId, changeRequestId: String(changeRequestId), commentId } },
      options,
    );
  }

  /** Marks a comment resolved. */
  resolve(
    spaceId: string,
    changeRequestId: string | number,
    commentId: string,
    options?: RequestOptions,
  ): ApiPromise<Comment> {
    return this.update(spaceId, changeRequestId, commentId, { resolved: true }, options);
  }

  /** Reopens a resolved comment. */
  reopen(
    spaceId: string,
    changeRequestId: string | number,
    commentId: string,
    options?: RequestOptions,
  ): ApiPromise<Comment> {
    return this.update(spaceId, changeRequestId, commentId, { resolved: false }, options);
  }

  /** Adds and removes the caller's emoji reactions on a comment. */
  react(
    spaceId: string,
    changeRequestId: string | number,
    commentId: string,
    reactions: CommentReactions,
    options?: RequestOptions,
  ): ApiPromise<Comment> {
    const body: CommentUpdateBody = {};
    if (reactions.add !== undefined) body.addedReactions = reactions.add;
    if (reactions.remove !== undefined) body.removedReactions = reactions.remove;
    return this.update(spaceId, changeRequestId, commentId, body, options);
  }

  /** Lists the replies to a comment. `await` gives the first page; `for await` walks every reply. */
  listReplies(
    spaceId: string,
    changeRequestId: string | number,
    commentId: string,
    query: ReplyListQuery = {},
    options?: RequestOptions,
  ): PagePromise<Reply> {
    return this.http.list(
      listChangeRequestCommentReplies,
      { params: { spaceId, changeRequestId: String(changeRequestId), commentId }, query },
      options,
    );
  }

  /** Posts a reply (markdown body) to a comment. */
  createReply(
    spaceId: string,
    changeRequestId: string | number,
    commentId: string,
    body: ReplyCreateBody,
    query: CommentFormatQuery = {},
    options?: RequestOptions,
  ): ApiPromise<Reply> {
    return this.http.call(
      createChangeRequestCommentReply,
      { params: { spaceId, changeRequestId: String(changeRequestId), commentId }, query, body },
      options,
    );
  }
}
