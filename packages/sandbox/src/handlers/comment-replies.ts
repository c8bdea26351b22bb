import {
  deleteCommentInSpace,
  deleteCommentReplyInChangeRequest,
  deleteCommentReplyInSpace,
  getCommentInSpace,
  getCommentReplyInChangeRequest,
  getCommentReplyInSpace,
  listCommentRepliesInSpace,
  listCommentsInSpace,
  postCommentInSpace,
  postCommentReplyInSpace,
  updateCommentInSpace,
  updateCommentReplyInChangeRequest,
  updateCommentReplyInSpace,
  type DocumentParam,
} from '@docs-api/sdk/contract';
import { findPage, primaryRevision } from '../content.js';
import { badRequest, notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { CommentRow, ReplyRow, Store } from '../store.js';
import {
  commentView,
  postComment,
  react,
  replyView,
  requireComment,
  storedBody,
} from '../domain/comments.js';
import { requireChangeRequest } from '../domain/change-requests.js';
import { requireSpace } from '../domain/spaces.js';

/*
 * Comment replies read, edited and deleted one by one (in a change request and on a space's live
 * content), and the comments of a space's live content: rows of `store.comments` without a
 * change request, with the same views, statuses and reactions as a change request's. As for
 * comments, the sandbox checks no author: whoever the token is may edit or delete a reply, and
 * a deleted reply (or one that never was) answers 204; an edit sets `editedAt`.
 */

function requireReply(comment: CommentRow, replyId: string): ReplyRow {
  const reply = comment.replies.find((candidate) => candidate.id === replyId);
  if (!reply) throw notFound('comment reply', replyId);
  return reply;
}

/** A comment on the space's live content (not one of a change request). */
function requireSpaceComment(store: Store, spaceId: string, commentId: string): CommentRow {
  requireSpace(store, spaceId);
  const comment = store.comments.get(commentId);
  if (!comment || comment.space !== spaceId || comment.changeRequest !== undefined)
    throw notFound('comment', commentId);
  return comment;
}

function requestComment(
  store: Store,
  params: { spaceId: string; changeRequestId: string; commentId: string },
): CommentRow {
  const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
  return requireComment(store, row, params.commentId);
}

/** A reply's body and reactions as an update sets them. */
function editReply(
  store: Store,
  reply: ReplyRow,
  body: {
    body?: DocumentParam | undefined;
    addedReactions?: string[] | undefined;
    removedReactions?: string[] | undefined;
  },
): void {
  if (body.body !== undefined) {
    const { markdown, document } = storedBody(body.body);
    reply.markdown = markdown;
    if (document) reply.document = document;
    else delete reply.document;
    reply.editedAt = store.now();
  }
  react(store, reply.reactions, body.addedReactions ?? [], body.removedReactions ?? []);
}

function deleteReply(comment: CommentRow, replyId: string): void {
  const index = comment.replies.findIndex((reply) => reply.id === replyId);
  if (index >= 0) comment.replies.splice(index, 1);
}

export const commentReplyHandlers = [
  // Replies of a change request's comments.
  implement(getCommentReplyInChangeRequest, ({ store, params, query }) => {
    const comment = requestComment(store, params);
    return replyView(store, comment, requireReply(comment, params.commentReplyId), query.format);
  }),

  // `resolved` (the body is the comments' update schema) means nothing for a reply: ignored.
  implement(updateCommentReplyInChangeRequest, ({ store, params, body }) => {
    const comment = requestComment(store, params);
    const reply = requireReply(comment, params.commentReplyId);
    editReply(store, reply, body ?? {});
    return replyView(store, comment, reply);
  }),

  implement(deleteCommentReplyInChangeRequest, ({ store, params }) => {
    deleteReply(requestComment(store, params), params.commentReplyId);
  }),

  // Comments on a space's live content.
  implement(listCommentsInSpace, ({ store, params, query }) => {
    requireSpace(store, params.spaceId);
    const status = query.status ?? 'all';
    const comments = [...store.comments.values()]
      .filter(
        (comment) =>
          comment.space === params.spaceId &&
          comment.changeRequest === undefined &&
          (status === 'all' || comment.status === status) &&
          (query.targetPage === undefined || comment.page === query.targetPage) &&
          (query.authors === undefined || query.authors.includes(comment.postedBy)),
      )
      .sort((a, b) => a.postedAt.localeCompare(b.postedAt));
    if ((query.order ?? 'desc') === 'desc') comments.reverse();
    return paginate(
      comments.map((comment) => commentView(store, comment, query.format)),
      query,
    );
  }),

  implement(postCommentInSpace, ({ store, params, body }) => {
    const space = requireSpace(store, params.spaceId);
    const revision = primaryRevision(store, space);
    if (body.page !== undefined && !findPage(revision, body.page)) {
      throw badRequest(`body.page: page "${body.page}" is not in the live content of space "${space.id}"`);
    }
    const comment = postComment(store, { space: space.id, revision: revision.id }, body);
    return commentView(store, comment);
  }),

  implement(getCommentInSpace, ({ store, params, query }) =>
    commentView(store, requireSpaceComment(store, params.spaceId, params.commentId), query.format),
  ),

  implement(updateCommentInSpace, ({ store, params, body }) => {
    const comment = requireSpaceComment(store, params.spaceId, params.commentId);
    if (body?.body !== undefined) {
      const { markdown, document } = storedBody(body.body);
      comment.markdown = markdown;
      if (document) comment.document = document;
      else delete comment.document;
      comment.editedAt = store.now();
    }
    if (body?.resolved === true && comment.status !== 'resolved') {
      comment.status = 'resolved';
      comment.resolvedAt = store.now();
      comment.resolvedBy = store.actor;
    } else if (body?.resolved === false) {
      comment.status = 'open';
      delete comment.resolvedAt;
      delete comment.resolvedBy;
    }
    react(store, comment.reactions, body?.addedReactions ?? [], body?.removedReactions ?? []);
    return commentView(store, comment);
  }),

  implement(deleteCommentInSpace, ({ store, params }) => {
    requireSpace(store, params.spaceId);
    const comment = store.comments.get(params.commentId);
    if (comment?.space === params.spaceId && comment.changeRequest === undefined)
      store.comments.delete(comment.id);
  }),

  implement(listCommentRepliesInSpace, ({ store, params, query }) => {
    const comment = requireSpaceComment(store, params.spaceId, params.commentId);
    return paginate(
      comment.replies.map((reply) => replyView(store, comment, reply, query.format)),
      query,
    );
  }),

  implement(postCommentReplyInSpace, ({ store, params, body }) => {
    const comment = requireSpaceComment(store, params.spaceId, params.commentId);
    const reply: ReplyRow = {
      id: store.newId('reply'),
      postedBy: store.actor,
      postedAt: store.now(),
      ...storedBody(body.body),
      reactions: [],
    };
    comment.replies.push(reply);
    return replyView(store, comment, reply);
  }),

  implement(getCommentReplyInSpace, ({ store, params, query }) => {
    const comment = requireSpaceComment(store, params.spaceId, params.commentId);
    return replyView(store, comment, requireReply(comment, params.commentReplyId), query.format);
  }),

  implement(updateCommentReplyInSpace, ({ store, params, body }) => {
    const comment = requireSpaceComment(store, params.spaceId, params.commentId);
    const reply = requireReply(comment, params.commentReplyId);
    editReply(store, reply, body ?? {});
    return replyView(store, comment, reply);
  }),

  implement(deleteCommentReplyInSpace, ({ store, params }) => {
    deleteReply(requireSpaceComment(store, params.spaceId, params.commentId), params.commentReplyId);
  }),
];
