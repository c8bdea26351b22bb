import { z } from 'zod';
import { changeRequestIdParam } from './change-requests.js';
import { PermissionsSchema, UserSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';

const AREA = 'Change request comments';

export const ReactionSchema = loose({
  emoji: z.string().optional(),
  count: z.number().optional(),
  users: z.array(loose({ user: UserSchema.optional(), reactedAt: z.string().optional() })).optional(),
});
export type Reaction = z.infer<typeof ReactionSchema>;

/** What a comment is attached to. */
export const CommentTargetSchema = loose({
  node: loose({ id: z.string().optional() }).optional().nullable(),
  tableCell: loose({ record: z.string().optional(), definition: z.string().optional() })
    .optional()
    .nullable(),
  changeRequest: z.string().optional().nullable(),
  review: z.string().optional().nullable(),
  page: loose({ id: z.string().optional() }).optional().nullable(),
  space: z.string().optional().nullable(),
  revision: z.string().optional().nullable(),
});
export type CommentTarget = z.infer<typeof CommentTargetSchema>;

/** A comment or reply body; only the markdown form is documented. */
const CommentBodySchema = loose({ markdown: z.string().optional() });

const commentFields = {
  id: z.string(),
  postedBy: UserSchema.optional(),
  postedAt: z.string().optional(),
  editedAt: z.string().optional().nullable(),
  reactions: z.array(ReactionSchema).optional(),
  body: CommentBodySchema.optional(),
  urls: loose({ location: z.string().optional() }).optional(),
  /** `view`, `edit`, `reply`, `delete`. */
  permissions: PermissionsSchema.optional(),
};

export const CommentSchema = loose({
  object: z.literal('comment').optional(),
  ...commentFields,
  /** Number of replies. */
  replies: z.number().optional(),
  repliers: z
    .array(
      loose({ updatedAt: z.string().optional(), count: z.number().optional(), user: UserSchema.optional() }),
    )
    .optional(),
  target: CommentTargetSchema.optional(),
  status: openEnum(['resolved']).optional(),
  resolvedAt: z.string().optional().nullable(),
  resolvedBy: UserSchema.optional().nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const ReplySchema = loose({
  object: z.literal('comment-reply').optional(),
  ...commentFields,
});
export type Reply = z.infer<typeof ReplySchema>;

/** A comment or reply body as sent: markdown, not empty. */
export const CommentBodyInput = strict({ markdown: z.string().min(1) });
export type CommentBodyInput = z.input<typeof CommentBodyInput>;

/** Output format of comment bodies; the contract's list is not shown (seen: `markdown`). */
const format = z.string().min(1);

export const CommentListQuery = strict({
  ...pageQuery,
  /** Server default: `desc`. */
  order: z.enum(['asc', 'desc']).optional(),
  format: format.optional(),
  /** Server default: `all`; seen values `open`, `resolved`, `all`. */
  status: z.string().min(1).optional(),
  /** Only comments on this page id. */
  targetPage: z.string().min(1).optional(),
  /** Only comments by these user ids. */
  authors: z.array(z.string().min(1)).optional(),
});
export type CommentListQuery = z.input<typeof CommentListQuery>;

export const CommentFormatQuery = strict({ format: format.optional() });
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
  addedReactions: z.array(z.string().min(1)).optional(),
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
