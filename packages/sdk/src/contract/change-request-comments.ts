import { z } from 'zod';
import { changeRequestIdParam } from './change-requests.js';
import { DocumentInput, DocumentSchema, PermissionsSchema, UserSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';

const AREA = 'Change request comments';

/** Comment statuses (published document); the extract shows only `resolved`. */
export const COMMENT_STATUSES = ['open', 'resolved'] as const;

/** Output formats of comment and page bodies (published document). */
export const CONTENT_FORMATS = ['document', 'markdown'] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

export const ReactionSchema = loose({
  emoji: z.string().optional(),
  /** Number of users who reacted with this emoji. */
  count: z.number().optional(),
  users: z.array(loose({ user: UserSchema.optional(), reactedAt: z.string().optional() })).optional(),
});
export type Reaction = z.infer<typeof ReactionSchema>;

/** What a comment is attached to. */
export const CommentTargetSchema = loose({
  node: loose({ id: z.string().optional() }).optional(),
  tableCell: loose({ record: z.string().optional(), definition: z.string().optional() }).optional(),
  /** The change request the comment was made in. */
  changeRequest: z.string().optional(),
  /** The review the comment was made in, if any. */
  review: z.string().optional(),
  page: loose({ id: z.string().optional() }).optional(),
  space: z.string().optional(),
  /** The revision the target is in. */
  revision: z.string().optional(),
});
export type CommentTarget = z.infer<typeof CommentTargetSchema>;

/**
 * A comment or reply body. The service sends one of three forms (the published document's
 * `Document`): `{markdown}` (with `format=markdown`), `{document}` (a rich-text document, with
 * `format=document`), or `{}` (empty).
 */
export const CommentBodySchema = loose({
  markdown: z.string().optional(),
  document: DocumentSchema.optional(),
});
export type CommentBody = z.infer<typeof CommentBodySchema>;

const commentFields = {
  id: z.string(),
  postedBy: UserSchema.optional(),
  postedAt: z.string().optional(),
  /** Set once the comment was edited. */
  editedAt: z.string().optional(),
  reactions: z.array(ReactionSchema).optional(),
  body: CommentBodySchema.optional(),
  urls: loose({ location: z.string().optional() }).optional(),
  /** What the caller may do: `view`, `edit`, `reply` (react or reply), `delete`. */
  permissions: PermissionsSchema.optional(),
};

export const CommentSchema = loose({
  object: z.literal('comment'),
  ...commentFields,
  /** Number of replies. */
  replies: z.number().optional(),
  /** Who replied, how often and when last. */
  repliers: z
    .array(
      loose({ updatedAt: z.string().optional(), count: z.number().optional(), user: UserSchema.optional() }),
    )
    .optional(),
  target: CommentTargetSchema.optional(),
  /** `open` or `resolved`. */
  status: openEnum(COMMENT_STATUSES).optional(),
  /** When and by whom the comment was resolved; absent while it is open. */
  resolvedAt: z.string().optional(),
  resolvedBy: UserSchema.optional(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const ReplySchema = loose({
  object: z.literal('comment-reply'),
  ...commentFields,
});
export type Reply = z.infer<typeof ReplySchema>;

/**
 * A comment or reply body as sent: non-empty markdown, or (published document) a rich-text
 * document. The document also allows an empty body (`{}`); the SDK refuses it: a comment says
 * something.
 */
export const CommentBodyInput = z.union([
  strict({ markdown: z.string().min(1) }),
  strict({ document: DocumentInput }),
]);
export type CommentBodyInput = z.input<typeof CommentBodyInput>;

const format = z.enum(CONTENT_FORMATS);

export const CommentListQuery = strict({
  ...pageQuery,
  /** By posting date; the service's default is `desc`. */
  order: z.enum(['asc', 'desc']).optional(),
  /** Form of the bodies: `markdown` or `document`. */
  format: format.optional(),
  /** `open`, `resolved` or `all` (the service's default). */
  status: z.enum(['all', ...COMMENT_STATUSES]).optional(),
  /** Only comments on this page id. */
  targetPage: z.string().min(1).optional(),
  /** Only comments by these user ids (repeated keys). */
  authors: z.array(z.string().min(1)).optional(),
});
export type CommentListQuery = z.input<typeof CommentListQuery>;

export const CommentFormatQuery = strict({
  /** Form of the body: `markdown` or `document`. */
  format: format.optional(),
});
export type CommentFormatQuery = z.input<typeof CommentFormatQuery>;

export const ReplyListQuery = strict({ ...pageQuery, format: format.optional() });
export type ReplyListQuery = z.input<typeof ReplyListQuery>;

export const CommentCreateBody = strict({
  body: CommentBodyInput,
  /** The id of the document node the comment is attached to. */
  node: z.string().min(1).optional(),
  /** The id of the page the comment is attached to. */
  page: z.string().min(1).optional(),
  tableCell: strict({ record: z.string().min(1), definition: z.string().min(1) }).optional(),
});
export type CommentCreateBody = z.input<typeof CommentCreateBody>;

export const CommentUpdateBody = strict({
  /** `true` resolves the comment, `false` reopens it. */
  resolved: z.boolean().optional(),
  body: CommentBodyInput.optional(),
  /** Emoji the caller reacts with. */
  addedReactions: z.array(z.string().min(1)).optional(),
  /** Emoji whose reaction the caller withdraws. */
  removedReactions: z.array(z.string().min(1)).optional(),
});
export type CommentUpdateBody = z.input<typeof CommentUpdateBody>;

export const ReplyCreateBody = strict({ body: CommentBodyInput });
export type ReplyCreateBody = z.input<typeof ReplyCreateBody>;

const COMMENTS = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments' as const;
const COMMENT = `${COMMENTS}/{commentId}` as const;
const crParams = { changeRequestId: changeRequestIdParam };

export const listChangeRequestComments = defineOperation({
  id: 'changeRequests.comments.list',
  area: AREA,
  summary: 'List the comments of a change request',
  method: 'GET',
  idempotent: true,
  path: COMMENTS,
  params: crParams,
  query: CommentListQuery,
  status: 200,
  response: listOf(CommentSchema),
  paginated: true,
});

export const createChangeRequestComment = defineOperation({
  id: 'changeRequests.comments.create',
  area: AREA,
  summary: 'Post a comment on a change request',
  method: 'POST',
  idempotent: false,
  path: COMMENTS,
  params: crParams,
  body: CommentCreateBody,
  status: 200,
  response: CommentSchema,
});

export const getChangeRequestComment = defineOperation({
  id: 'changeRequests.comments.get',
  area: AREA,
  summary: 'Get a comment of a change request',
  method: 'GET',
  idempotent: true,
  path: COMMENT,
  params: crParams,
  query: CommentFormatQuery,
  status: 200,
  response: CommentSchema,
});

export const updateChangeRequestComment = defineOperation({
  id: 'changeRequests.comments.update',
  area: AREA,
  summary: 'Edit, resolve, reopen or react to a comment',
  method: 'PUT',
  idempotent: true,
  path: COMMENT,
  params: crParams,
  body: CommentUpdateBody,
  status: 200,
  response: CommentSchema,
});

export const deleteChangeRequestComment = defineOperation({
  id: 'changeRequests.comments.delete',
  area: AREA,
  summary: 'Delete a comment',
  method: 'DELETE',
  idempotent: true,
  path: COMMENT,
  params: crParams,
  // The published document: 205 when the comment was deleted, 204 when it did not exist.
  status: 204,
});

export const listChangeRequestCommentReplies = defineOperation({
  id: 'changeRequests.comments.replies.list',
  area: AREA,
  summary: 'List the replies to a comment',
  method: 'GET',
  idempotent: true,
  path: `${COMMENT}/replies`,
  params: crParams,
  query: ReplyListQuery,
  status: 200,
  response: listOf(ReplySchema),
  paginated: true,
});

export const createChangeRequestCommentReply = defineOperation({
  id: 'changeRequests.comments.replies.create',
  area: AREA,
  summary: 'Reply to a comment',
  method: 'POST',
  idempotent: false,
  path: `${COMMENT}/replies`,
  params: crParams,
  query: CommentFormatQuery,
  body: ReplyCreateBody,
  status: 200,
  response: ReplySchema,
});

export const changeRequestCommentOperations = [
  listChangeRequestComments,
  createChangeRequestComment,
  getChangeRequestComment,
  updateChangeRequestComment,
  deleteChangeRequestComment,
  listChangeRequestCommentReplies,
  createChangeRequestCommentReply,
] as const;
