import {
  postCommentInChangeRequest,
  postCommentReplyInChangeRequest,
  deleteCommentInChangeRequest,
  getCommentInChangeRequest,
  listCommentRepliesInChangeRequest,
  listCommentsInChangeRequest,
  updateCommentInChangeRequest,
} from '@docs-api/sdk/contract';
import { findPage, requireRevision } from '../content.js';
import { badRequest } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ReplyRow } from '../store.js';
import { requireChangeRequest } from '../domain/change-requests.js';
import {
  storedBody,
  postComment,
  requireComment,
  commentView,
  replyView,
  react,
} from '../domain/comments.js';

export const changeRequestCommentHandlers = [
  implement(listCommentsInChangeRequest, ({ store, params, query }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const status = query.status ?? 'all';
    const comments = [...store.comments.values()]
      .filter(
        (comment) =>
          comment.changeRequest === row.id &&
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

  implement(postCommentInChangeRequest, ({ store, params, body }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    if (body.page !== undefined && !findPage(requireRevision(store, row.revision), body.page)) {
      throw badRequest(`body.page: page "${body.page}" is not in change request #${row.number}`);
    }
    const comment = postComment(
      store,
      { changeRequest: row.id, space: row.space, revision: row.revision },
      body,
    );
    return commentView(store, comment);
  }),

  implement(getCommentInChangeRequest, ({ store, params, query }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    return commentView(store, requireComment(store, row, params.commentId), query.format);
  }),

  implement(updateCommentInChangeRequest, ({ store, params, body }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const comment = requireComment(store, row, params.commentId);
    if (body.body !== undefined) {
      const { markdown, document } = storedBody(body.body);
      comment.markdown = markdown;
      if (document) comment.document = document;
      else delete comment.document;
      comment.editedAt = store.now();
    }
    if (body.resolved === true && comment.status !== 'resolved') {
      comment.status = 'resolved';
      comment.resolvedAt = store.now();
      comment.resolvedBy = store.actor;
    } else if (body.resolved === false) {
      comment.status = 'open';
      delete comment.resolvedAt;
      delete comment.resolvedBy;
    }
    react(store, comment.reactions, body.addedReactions ?? [], body.removedReactions ?? []);
    return commentView(store, comment);
  }),

  // The published document answers no content whether or not the comment existed (205
  // deleted, 204 did not exist); the sandbox answers 204 in both cases.
  implement(deleteCommentInChangeRequest, ({ store, params }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const comment = store.comments.get(params.commentId);
    if (comment?.changeRequest === row.id) store.comments.delete(comment.id);
  }),

  implement(listCommentRepliesInChangeRequest, ({ store, params, query }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const comment = requireComment(store, row, params.commentId);
    return paginate(
      comment.replies.map((reply) => replyView(store, comment, reply, query.format)),
      query,
    );
  }),

  implement(postCommentReplyInChangeRequest, ({ store, params, query, body }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const comment = requireComment(store, row, params.commentId);
    const reply: ReplyRow = {
      id: store.newId('reply'),
      postedBy: store.actor,
      postedAt: store.now(),
      ...storedBody(body.body),
      reactions: [],
    };
    comment.replies.push(reply);
    return replyView(store, comment, reply, query.format);
  }),
];
