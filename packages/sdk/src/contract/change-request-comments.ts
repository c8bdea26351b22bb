import * as z from 'zod/mini';
import { changeRequestIdParam } from './change-requests.js';
import { DocumentInput, DocumentSchema, UserSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, PermissionsSchema, strict } from './schema.js';

const AREA = 'Change request comments';

/** Comment statuses (published document); the extract shows only `resolved`. */
export const COMMENT_STATUSES = ['open', 'resolved'] as const;

/** Output formats of comment and page bodies (published document). */
export const CONTENT_FORMATS = ['document', 'markdown'] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

export const ReactionSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    emoji: z.optional(z.string()),
    /** Number of users who reacted with this emoji. */
    count: z.optional(z.number()),
    users: z.optional(z.array(loose({ user: z.optional(UserSchema), reactedAt: z.optional(z.string()) }))),
  }),
);
export type Reaction = z.infer<typeof ReactionSchema>;

/** What a comment is attached to. */
export const CommentTargetSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    node: z.optional(loose({ id: z.optional(z.string()) })),
    tableCell: z.optional(loose({ record: z.optional(z.string()), definition: z.optional(z.string()) })),
    /** The change request the comment was made in. */
    changeRequest: z.optional(z.string()),
    /** The review the comment was made in, if any. */
    review: z.optional(z.string()),
    page: z.optional(loose({ id: z.optional(z.string()) })),
    space: z.optional(z.string()),
    /** The revision the target is in. */
    revision: z.optional(z.string()),
  }),
);
export type CommentTarget = z.infer<typeof CommentTargetSchema>;

/**
 * A comment or reply body. The service sends one of three forms (the published document's
 * `Document`): `{markdown}` (with `format=markdown`), `{document}` (a rich-text document, with
 * `format=document`), or `{}` (empty).
 */
export const CommentBodySchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    markdown: z.optional(z.string()),
    document: z.optional(DocumentSchema),
  }),
);
export type CommentBody = z.infer<typeof CommentBodySchema>;

const commentFields = () => ({
  id: z.string(),
  postedBy: z.optional(UserSchema),
  postedAt: z.optional(z.string()),
  /** Set once the comment was edited. */
  editedAt: z.optional(z.string()),
  reactions: z.optional(z.array(ReactionSchema)),
  body: z.optional(CommentBodySchema),
  urls: z.optional(loose({ location: z.optional(z.string()) })),
  /** What the caller may do: `view`, `edit`, `reply` (react or reply), `delete`. */
  permissions: z.optional(PermissionsSchema),
});

export const CommentSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('comment'),
    ...commentFields(),
    /** Number of replies. */
    replies: z.optional(z.number()),
    /** Who replied, how often and when last. */
    repliers: z.optional(
      z.array(
        loose({
          updatedAt: z.optional(z.string()),
          count: z.optional(z.number()),
          user: z.optional(UserSchema),
        }),
      ),
    ),
    target: z.optional(CommentTargetSchema),
    /** `open` or `resolved`. */
    status: z.optional(openEnum(COMMENT_STATUSES)),
    /** When and by whom the comment was resolved; absent while it is open. */
    resolvedAt: z.optional(z.string()),
    resolvedBy: z.optional(UserSchema),
  }),
);
export type Comment = z.infer<typeof CommentSchema>;

export const ReplySchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('comment-reply'),
    ...commentFields(),
  }),
);
export type Reply = z.infer<typeof ReplySchema>;

/**
 * A comment or reply body as sent: non-empty markdown, or (published document) a rich-text
 * document. The document also allows an empty body (`{}`); the SDK refuses it: a comment says
 * something.
 */
export const CommentBodyInput = /* @__PURE__ */ z.lazy(() =>
  z.union([strict({ markdown: z.string().check(z.minLength(1)) }), strict({ document: DocumentInput })]),
);
export type CommentBodyInput = z.input<typeof CommentBodyInput>;

const format = /* @__PURE__ */ z.lazy(() => z.enum(CONTENT_FORMATS));

export const CommentListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** By posting date; the service's default is `desc`. */
    order: z.optional(z.enum(['asc', 'desc'])),
    /** Form of the bodies: `markdown` or `document`. */
    format: z.optional(format),
    /** `open`, `resolved` or `all` (the service's default). */
    status: z.optional(z.enum(['all', ...COMMENT_STATUSES])),
    /** Only comments on this page id. */
    targetPage: z.optional(z.string().check(z.minLength(1))),
    /** Only comments by these user ids (repeated keys). */
    authors: z.optional(z.array(z.string().check(z.minLength(1)))),
  }),
);
export type CommentListQuery = z.input<typeof CommentListQuery>;

export const CommentFormatQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** Form of the body: `markdown` or `document`. */
    format: z.optional(format),
  }),
);
export type CommentFormatQuery = z.input<typeof CommentFormatQuery>;

export const ReplyListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({ ...pageQuery(), format: z.optional(format) }),
);
export type ReplyListQuery = z.input<typeof ReplyListQuery>;

export const CommentCreateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    body: CommentBodyInput,
    /** The id of the document node the comment is attached to. */
    node: z.optional(z.string().check(z.minLength(1))),
    /** The id of the page the comment is attached to. */
    page: z.optional(z.string().check(z.minLength(1))),
    tableCell: z.optional(
      strict({ record: z.string().check(z.minLength(1)), definition: z.string().check(z.minLength(1)) }),
    ),
  }),
);
export type CommentCreateBody = z.input<typeof CommentCreateBody>;

export const CommentUpdateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** `true` resolves the comment, `false` reopens it. */
    resolved: z.optional(z.boolean()),
    body: z.optional(CommentBodyInput),
    /** Emoji the caller reacts with. */
    addedReactions: z.optional(z.array(z.string().check(z.minLength(1)))),
    /** Emoji whose reaction the caller withdraws. */
    removedReactions: z.optional(z.array(z.string().check(z.minLength(1)))),
  }),
);
export type CommentUpdateBody = z.input<typeof CommentUpdateBody>;

export const ReplyCreateBody = /* @__PURE__ */ z.lazy(() => strict({ body: CommentBodyInput }));
export type ReplyCreateBody = z.input<typeof ReplyCreateBody>;

const COMMENTS = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments' as const;
const COMMENT = `${COMMENTS}/{commentId}` as const;
const crParams = () => ({ changeRequestId: changeRequestIdParam });

export const listChangeRequestComments = /* @__PURE__ */ defineOperation({
  id: 'changeRequests.comments.list',
  area: AREA,
  summary: 'List the comments of a change request',
  method: 'GET',
  idempotent: true,
  path: COMMENTS,
  params: crParams,
  query: CommentListQuery,
  status: 200,
  response: () => listOf(CommentSchema),
  paginated: true,
});

export const createChangeRequestComment = /* @__PURE__ */ defineOperation({
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

export const getChangeRequestComment = /* @__PURE__ */ defineOperation({
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

export const updateChangeRequestComment = /* @__PURE__ */ defineOperation({
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

export const deleteChangeRequestComment = /* @__PURE__ */ defineOperation({
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

export const listChangeRequestCommentReplies = /* @__PURE__ */ defineOperation({
  id: 'changeRequests.comments.replies.list',
  area: AREA,
  summary: 'List the replies to a comment',
  method: 'GET',
  idempotent: true,
  path: `${COMMENT}/replies`,
  params: crParams,
  query: ReplyListQuery,
  status: 200,
  response: () => listOf(ReplySchema),
  paginated: true,
});

export const createChangeRequestCommentReply = /* @__PURE__ */ defineOperation({
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
