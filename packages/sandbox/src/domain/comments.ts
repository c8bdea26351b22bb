import type { Comment, CommentReply, DocumentParam, EmojiReaction } from '@docs-api/sdk/contract';
import { bodyView, documentPlainText, type BodyFormat } from '../content.js';
import { notFound } from '../errors.js';
import type { ChangeRequestRow, CommentRow, ReactionRow, ReplyRow, Store } from '../store.js';
import { userView } from './change-requests.js';

/*
 * Comments and their replies, in a space or a change request: a posted body as stored, a new
 * comment, reactions, and the API views of a comment and a reply. A domain module: handlers
 * import it, it imports no handler.
 */

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
