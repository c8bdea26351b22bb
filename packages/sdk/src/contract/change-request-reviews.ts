import * as z from 'zod/mini';
import { CommentBodyInput, CommentSchema, CONTENT_FORMATS } from './change-request-comments.js';
import { changeRequestIdParam, ChangeRequestSchema } from './change-requests.js';
import { UserSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict, withFallback } from './schema.js';

/*
 * Reviews and the semantic change list of a change request. Beyond the extract: these come from
 * the service's published OpenAPI document (`@gitbook/api`), whose names, shapes and enums they
 * follow; the extract's endpoint list does not have them (docs/contract-notes.md).
 */

const AREA = 'Change request reviews';

/** A review's verdict (published document `ChangeRequestReviewStatus`). */
export const CHANGE_REQUEST_REVIEW_STATUSES = ['approved', 'changes-requested'] as const;
export type ChangeRequestReviewStatus = (typeof CHANGE_REQUEST_REVIEW_STATUSES)[number];

/** The service's default number of changes in one answer (published document). */
export const CHANGES_DEFAULT_LIMIT = 10;

/**
 * A formal review of a change request (published document `ChangeRequestReview`). Beyond the
 * extract.
 */
export const ChangeRequestReviewSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('change-request-review'),
    id: z.string(),
    /** The request's revision the review was made against. */
    revision: z.string(),
    reviewer: UserSchema,
    /** Who asked for the review; absent when it was left unasked. */
    requestedBy: z.optional(UserSchema),
    /** `approved` or `changes-requested`. */
    status: openEnum(CHANGE_REQUEST_REVIEW_STATUSES),
    /** True once a newer review or revision superseded it. */
    outdated: z.boolean(),
    /** The comment posted with the review. */
    comment: z.optional(CommentSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
    urls: z.optional(loose({ location: z.optional(z.string()) })),
  }),
);
export type ChangeRequestReview = z.infer<typeof ChangeRequestReviewSchema>;

export const ReviewListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** Form of the reviews' comments: `markdown` or `document`. */
    format: z.optional(z.enum(CONTENT_FORMATS)),
    /** `true`: only outdated reviews; `false`: only current ones. */
    outdated: z.optional(z.boolean()),
  }),
);
export type ReviewListQuery = z.input<typeof ReviewListQuery>;

export const ReviewGetQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** Form of the review's comment: `markdown` or `document`. */
    format: z.optional(z.enum(CONTENT_FORMATS)),
  }),
);
export type ReviewGetQuery = z.input<typeof ReviewGetQuery>;

export const ReviewCreateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** `approved` or `changes-requested`. */
    status: z.enum(CHANGE_REQUEST_REVIEW_STATUSES),
    /** A comment posted with the review: `{ markdown }` or `{ document }` (a rich-text document). */
    comment: z.optional(CommentBodyInput),
  }),
);
export type ReviewCreateBody = z.input<typeof ReviewCreateBody>;

export const ChangesQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** At most this many changes (the service's default: 10); `more` counts the rest. */
    limit: z.optional(z.number().check(z.int(), z.positive(), z.lte(1000))),
  }),
);
export type ChangesQuery = z.input<typeof ChangesQuery>;

/** A page as a change names it (published document `ChangedRevisionPage`). */
export const ChangedPageSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    id: z.string(),
    /** `document`, `group`, `link` or `computed`. */
    type: openEnum(['document', 'group', 'link', 'computed']),
    title: z.string(),
    path: z.optional(z.string()),
  }),
);
export type ChangedPage = z.infer<typeof ChangedPageSchema>;

/** A file as a change names it (published document `ChangedRevisionFile`). */
export const ChangedFileSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    id: z.string(),
    name: z.string(),
    contentType: z.optional(z.string()),
    downloadURL: z.optional(z.string()),
  }),
);
export type ChangedFile = z.infer<typeof ChangedFileSchema>;

/** One attribute's change: its value before and after (either absent when the attribute was). */
export const AttributeChangeSchema = /* @__PURE__ */ z.lazy(() =>
  loose({ before: z.optional(z.unknown()), after: z.optional(z.unknown()) }),
);
export type AttributeChange = z.infer<typeof AttributeChangeSchema>;

/** Which attributes of a page, file, reusable content or tag changed, by attribute name. */
export const ChangeAttributesSchema = /* @__PURE__ */ z.lazy(() =>
  z.record(z.string(), AttributeChangeSchema),
);
export type ChangeAttributes = z.infer<typeof ChangeAttributesSchema>;

const NamedSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    id: z.optional(z.string()),
    slug: z.optional(z.string()),
    title: z.optional(z.string()),
    label: z.optional(z.string()),
  }),
);

/**
 * One semantic change of a change request (published document `RevisionSemanticChange`), by
 * `type`: pages and files created, edited, moved or deleted, variables edited, reusable
 * contents and tags created, edited or deleted. A change of another type is kept as it came.
 */
export const SemanticChangeSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback(
    [
      loose({ type: z.literal('page_created'), page: ChangedPageSchema }),
      loose({
        type: z.literal('page_edited'),
        page: ChangedPageSchema,
        attributes: z.optional(ChangeAttributesSchema),
      }),
      loose({ type: z.literal('page_deleted'), page: ChangedPageSchema }),
      loose({
        type: z.literal('page_moved'),
        page: ChangedPageSchema,
        /** The parent page before and after the move; absent at the root. */
        parent: z.optional(
          loose({ before: z.optional(ChangedPageSchema), after: z.optional(ChangedPageSchema) }),
        ),
      }),
      loose({ type: z.literal('file_created'), file: ChangedFileSchema }),
      loose({
        type: z.literal('file_edited'),
        file: ChangedFileSchema,
        attributes: z.optional(ChangeAttributesSchema),
      }),
      loose({ type: z.literal('file_deleted'), file: ChangedFileSchema }),
      loose({ type: z.literal('variables_edited'), variables: z.optional(ChangeAttributesSchema) }),
      loose({ type: z.literal('reusable_content_created'), reusableContent: NamedSchema }),
      loose({
        type: z.literal('reusable_content_edited'),
        reusableContent: NamedSchema,
        attributes: z.optional(ChangeAttributesSchema),
      }),
      loose({ type: z.literal('reusable_content_deleted'), reusableContent: NamedSchema }),
      loose({ type: z.literal('tag_created'), tag: NamedSchema }),
      loose({
        type: z.literal('tag_edited'),
        tag: NamedSchema,
        attributes: z.optional(ChangeAttributesSchema),
      }),
      loose({ type: z.literal('tag_deleted'), tag: NamedSchema }),
    ],
    loose({ type: z.optional(z.string()) }),
    'type',
  ),
);
export type SemanticChange = z.infer<typeof SemanticChangeSchema>;

/** The change list of a change request against its base (published document `RevisionSemanticChanges`). */
export const SemanticChangesSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    changes: z.array(SemanticChangeSchema),
    /** How many changes were left out beyond `limit`. */
    more: z.optional(z.number()),
    /** Of a merge revision: the change request merged. */
    mergedFrom: z.optional(ChangeRequestSchema),
  }),
);
export type SemanticChanges = z.infer<typeof SemanticChangesSchema>;

const CR = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}' as const;
const crParams = () => ({ changeRequestId: changeRequestIdParam });

export const listChangeRequestChanges = /* @__PURE__ */ defineOperation({
  id: 'changeRequests.changes',
  area: AREA,
  summary: 'List the semantic changes of a change request against its base (beyond the extract)',
  method: 'GET',
  idempotent: true,
  path: `${CR}/changes`,
  params: crParams,
  query: ChangesQuery,
  beyondExtract: true,
  status: 200,
  response: SemanticChangesSchema,
});

export const listChangeRequestReviews = /* @__PURE__ */ defineOperation({
  id: 'changeRequests.reviews.list',
  area: AREA,
  summary: 'List the reviews of a change request (beyond the extract)',
  method: 'GET',
  idempotent: true,
  path: `${CR}/reviews`,
  params: crParams,
  query: ReviewListQuery,
  beyondExtract: true,
  status: 200,
  response: () => listOf(ChangeRequestReviewSchema),
  paginated: true,
});

export const submitChangeRequestReview = /* @__PURE__ */ defineOperation({
  id: 'changeRequests.reviews.submit',
  area: AREA,
  summary: 'Approve a change request or ask for changes (beyond the extract)',
  method: 'POST',
  idempotent: false,
  path: `${CR}/reviews`,
  params: crParams,
  body: ReviewCreateBody,
  beyondExtract: true,
  status: 201,
  response: ChangeRequestReviewSchema,
});

export const getChangeRequestReview = /* @__PURE__ */ defineOperation({
  id: 'changeRequests.reviews.get',
  area: AREA,
  summary: 'Get a review of a change request (beyond the extract)',
  method: 'GET',
  idempotent: true,
  path: `${CR}/reviews/{reviewId}`,
  params: crParams,
  query: ReviewGetQuery,
  beyondExtract: true,
  status: 200,
  response: ChangeRequestReviewSchema,
});

export const changeRequestReviewOperations = [
  listChangeRequestChanges,
  listChangeRequestReviews,
  submitChangeRequestReview,
  getChangeRequestReview,
] as const;
