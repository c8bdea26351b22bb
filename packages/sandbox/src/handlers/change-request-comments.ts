import {
  postCommentInChangeRequest,
  postCommentReplyInChangeRequest,
  deleteCommentInChangeRequest,
  getCommentInChangeRequest,
  listCommentRepliesInChangeRequest,
  listCommentsInChangeRequest,
  updateCommentInChangeRequest,
  type Comment,
  type CommentReply,
  type DocumentParam,
  type EmojiReaction,
} from '@docs-api/sdk/contract';
import { bodyView, documentPlainText, findPage, requireRevision, type BodyFormat } from '../content.js';
import { badRequest, notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ChangeRequestRow, CommentRow, ReactionRow, ReplyRow, Store } from '../store.js';
import { requireChangeRequest, userView } from '../domain/change-requests.js';

const PERMISSIONS = { view: true, edit: true, reply: true, delete: true };

/**
 * A posted body as stored: its text, and the document when it was posted as one. The published
 * document also allows an empty body (`{}`): no text.
 */
export function storedBody(body: DocumentParam): Pick<CommentRow, 'markdown' | 'document'> {
  if ('document' in body) {
    const document = body.document;
    return { markdown: documentPlainText(document), document: structuredClone(document) };
  }
  return { markdown: 'markdown' in body && typeof body.markdown === 'string' ? body.markdown : '' };
}

/** What a posted comment says and where it is: the body of a post, in a space or a change request. */
interface PostedComment {
  body: DocumentParam;
  page?: string | undefined;
  node?: string | undefined;
  tableCell?: CommentRow['tableCell'] | undefined;
}

/** A new open comment, stored: `where` is its space and revision (and change request, if any). */
export function postComment(
  store: Store,
  where: Pick<CommentRow, 'space' | 'revision' | 'changeRequest'>,
  body: PostedComment,
): CommentRow {
  const comment: CommentRow = {
    id: store.newId('comment'),
    ...where,
    postedBy: store.actor,
    postedAt: store.now(),
    ...storedBody(body.body),
    ...(body.page !== undefined ? { page: body.page } : {}),
    ...(body.node !== undefined ? { node: body.node } : {}),
    ...(body.tableCell !== undefined ? { tableCell: { ...body.tableCell } } : {}),
    reactions: [],
    status: 'open',
    replies: [],
  };
  store.comments.set(comment.id, comment);
  return comment;
}

export function requireComment(store: Store, changeRequest: ChangeRequestRow, commentId: string): CommentRow {
  const comment = store.comments.get(commentId);
  if (!comment || comment.changeRequest !== changeRequest.id) throw notFound('comment', commentId);
  return comment;
}

function reactionsView(store: Store, reactions: readonly ReactionRow[]): EmojiReaction[] {
  return reactions.map((reaction) => ({
    emoji: reaction.emoji,
    count: reaction.users.length,
    users: reaction.users.map((entry) => ({ user: userView(store, entry.user), reactedAt: entry.reactedAt })),
  }));
}

/** A comment's API URL: in its change request, or in the space for a comment on the live content. */
function commentLocation(store: Store, comment: CommentRow): string {
  return store.apiUrl(
    comment.changeRequest === undefined
      ? `/spaces/${comment.space}/comments/${comment.id}`
      : `/spaces/${comment.space}/change-requests/${comment.changeRequest}/comments/${comment.id}`,
  );
}

export function commentView(store: Store, comment: CommentRow, format?: BodyFormat): Comment {
  const repliers = new Map<string, { count: number; updatedAt: string }>();
  for (const reply of comment.replies) {
    const replier = repliers.get(reply.postedBy);
    if (replier) {
      replier.count += 1;
      if (reply.postedAt > replier.updatedAt) replier.updatedAt = reply.postedAt;
    } else {
      repliers.set(reply.postedBy, { count: 1, updatedAt: reply.postedAt });
    }
  }
  const view = {
    object: 'comment' as const,
    id: comment.id,
    postedBy: userView(store, comment.postedBy),
    postedAt: comment.postedAt,
    ...(comment.editedAt ? { editedAt: comment.editedAt } : {}),
    body: bodyView(comment.markdown, format, comment.document),
    target: {
      ...(comment.changeRequest !== undefined ? { changeRequest: comment.changeRequest } : {}),
      space: comment.space,
      revision: comment.revision,
      ...(comment.review ? { review: comment.review } : {}),
      ...(comment.page ? { page: { id: comment.page } } : {}),
      ...(comment.node ? { node: { id: comment.node } } : {}),
      ...(comment.tableCell ? { tableCell: { ...comment.tableCell } } : {}),
    },
    reactions: reactionsView(store, comment.reactions),
    replies: comment.replies.length,
    repliers: [...repliers].map(([user, replier]) => ({
      user: userView(store, user),
      count: replier.count,
      updatedAt: replier.updatedAt,
    })),
    urls: { location: commentLocation(store, comment) },
    permissions: { ...PERMISSIONS },
  };
  if (comment.status === 'open') return { ...view, status: 'open' };
  // A resolved comment says when and by whom (the published document requires both).
  return {
    ...view,
    status: 'resolved',
    resolvedAt: comment.resolvedAt ?? comment.postedAt,
    resolvedBy: userView(store, comment.resolvedBy ?? comment.postedBy),
  };
}

export function replyView(
  store: Store,
  comment: CommentRow,
  reply: ReplyRow,
  format?: BodyFormat,
): CommentReply {
  return {
    object: 'comment-reply',
    id: reply.id,
    postedBy: userView(store, reply.postedBy),
    postedAt: reply.postedAt,
    ...(reply.editedAt ? { editedAt: reply.editedAt } : {}),
    body: bodyView(reply.markdown, format, reply.document),
    reactions: reactionsView(store, reply.reactions),
    urls: { location: `${commentLocation(store, comment)}/replies/${reply.id}` },
    permissions: { ...PERMISSIONS },
  };
}

export function react(
  store: Store,
  reactions: ReactionRow[],
  added: readonly string[],
  removed: readonly string[],
) {
  for (const emoji of added) {
    let reaction = reactions.find((candidate) => candidate.emoji === emoji);
    if (!reaction) {
      reaction = { emoji, users: [] };
      reactions.push(reaction);
    }
    if (!reaction.users.some((entry) => entry.user === store.actor)) {
      reaction.users.push({ user: store.actor, reactedAt: store.now() });
    }
  }
  for (const emoji of removed) {
    const reaction = reactions.find((candidate) => candidate.emoji === emoji);
    if (reaction) reaction.users = reaction.users.filter((entry) => entry.user !== store.actor);
  }
  const kept = reactions.filter((reaction) => reaction.users.length > 0);
  reactions.splice(0, reactions.length, ...kept);
}

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
