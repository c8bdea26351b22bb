import { z } from 'zod';
import { DocumentInput, DocumentSchema, FileReferenceInput, UserSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';

const AREA = 'Change requests';

/** Seen change request statuses; the contract does not list them all. */
export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'merged', 'archived'] as const;

/** The contract's limit on a change request's subject. */
export const CHANGE_REQUEST_SUBJECT_MAX = 100;

export const ChangeRequestSchema = loose({
  object: z.literal('change-request'),
  id: z.string(),
  /** Incremental identifier within the space; usable in paths in place of `id`. */
  number: z.number(),
  status: openEnum(CHANGE_REQUEST_STATUSES),
  subject: z.string(),
  description: DocumentSchema.optional().nullable(),
  createdBy: UserSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The space the request was created in. */
  space: z.string(),
  /** The active revision. */
  revision: z.string(),
  /** The revision of the space the request started from. */
  revisionInitial: z.string(),
  /** The latest primary revision, when the request was updated from the primary content. */
  revisionMergedAncestor: z.string().optional().nullable(),
  /** The revision produced by the merge. */
  revisionMerged: z.string().optional().nullable(),
  /** Count of open comments. */
  comments: z.number(),
  /** True when the request is behind the primary content. */
  outdated: z.boolean(),
  conversationsIssuesCluster: z.string().optional().nullable(),
  urls: loose({ app: z.string().optional(), location: z.string().optional() }).optional(),
});
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

/** The answer of merge and of update-from-primary. */
export const MergeResultSchema = loose({
  revision: z.string(),
  result: openEnum(['merge', 'update']),
});
export type MergeResult = z.infer<typeof MergeResultSchema>;

export const PdfResultSchema = loose({ url: z.string() });
export type PdfResult = z.infer<typeof PdfResultSchema>;

export const ContributorSchema = loose({
  updatedAt: z.string(),
  count: z.number(),
  user: UserSchema.optional(),
  actionType: openEnum(['edit']).optional(),
});
export type Contributor = z.infer<typeof ContributorSchema>;

export const ContributorListSchema = listOf(ContributorSchema);
export type ContributorList = z.infer<typeof ContributorListSchema>;

export const RequestedReviewerSchema = loose({
  object: z.literal('change-request-requested-reviewer'),
  revision: z.string().optional(),
  requestedBy: UserSchema.optional(),
  createdAt: z.string().optional(),
  kind: openEnum(['user']).optional(),
  user: UserSchema.optional(),
});
export type RequestedReviewer = z.infer<typeof RequestedReviewerSchema>;

export const RequestedReviewersResultSchema = loose({ users: z.array(RequestedReviewerSchema) });
export type RequestedReviewersResult = z.infer<typeof RequestedReviewersResultSchema>;

const subject = z.string().max(CHANGE_REQUEST_SUBJECT_MAX);
const userId = z.string().min(1);

export const ChangeRequestListQuery = strict({
  ...pageQuery,
  /**
   * Only requests in this status. The server defaults to `open`; the full list of statuses
   * is not documented (seen: `draft`, `open`), so any non-empty value is sent.
   */
  status: z.string().min(1).optional(),
  /** Only requests created by this user id. */
  creator: userId.optional(),
  /** Only requests this user id contributed to. */
  contributor: userId.optional(),
  /** Only requests this user id was asked to review. */
  requestedReviewer: userId.optional(),
  /** Only requests linked to this conversations issues cluster. */
  conversationsIssuesCluster: z.string().min(1).optional(),
});
export type ChangeRequestListQuery = z.input<typeof ChangeRequestListQuery>;

/** The contract allows "other properties of any type" on creation, so unknown keys are sent as given. */
export const ChangeRequestCreateBody = z.looseObject({
  subject: subject.optional(),
  /** Start from a template, filling its content references with files. */
  template: strict({
    id: z.string().min(1),
    params: strict({ contentRefs: z.record(z.string(), FileReferenceInput) }),
  }).optional(),
});
export type ChangeRequestCreateBody = z.input<typeof ChangeRequestCreateBody>;

export const ChangeRequestUpdateBody = strict({
  subject: subject.optional(),
  description: DocumentInput.optional(),
  /** Permitted transitions are not documented; the server decides. */
  status: z.string().min(1).optional(),
});
export type ChangeRequestUpdateBody = z.input<typeof ChangeRequestUpdateBody>;

export const RequestReviewersBody = strict({
  /** User ids to ask for a review. */
  users: z.array(userId).min(1),
  subject: subject.optional(),
  description: DocumentInput.optional(),
});
export type RequestReviewersBody = z.input<typeof RequestReviewersBody>;

export const PdfQuery = strict({
  /** With `page`: a PDF of that page only. */
  only: z.boolean().optional(),
  /** A page id. */
  page: z.string().min(1).optional(),
});
export type PdfQuery = z.input<typeof PdfQuery>;

/** `changeRequestId` is the id or the number within the space; a value with whitespace is neither. */
export const changeRequestIdParam = z.string().regex(/^\S+$/, 'must be a change request id or number');

const SPACE_CRS = '/v1/spaces/{spaceId}/change-requests' as const;
const CR = `${SPACE_CRS}/{changeRequestId}` as const;
const crParams = { changeRequestId: changeRequestIdParam };

export const listChangeRequests = defineOperation({
  id: 'changeRequests.list',
  area: AREA,
  summary: 'List the change requests of a space',
  method: 'GET',
  idempotent: true,
  path: SPACE_CRS,
  query: ChangeRequestListQuery,
  status: 200,
  response: listOf(ChangeRequestSchema),
  paginated: true,
});

export const listOrganizationChangeRequests = defineOperation({
  id: 'changeRequests.listForOrganization',
  area: AREA,
  summary: 'List the change requests across the spaces of an organization',
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs/{organizationId}/change-requests',
  query: ChangeRequestListQuery,
  status: 200,
  response: listOf(ChangeRequestSchema),
  paginated: true,
});

export const createChangeRequest = defineOperation({
  id: 'changeRequests.create',
  area: AREA,
  summary: 'Create a change request',
  method: 'POST',
  idempotent: false,
  path: SPACE_CRS,
  body: ChangeRequestCreateBody,
  status: 201,
  response: ChangeRequestSchema,
});

export const getChangeRequest = defineOperation({
  id: 'changeRequests.get',
  area: AREA,
  summary: 'Get a change request',
  method: 'GET',
  idempotent: true,
  path: CR,
  params: crParams,
  status: 200,
  response: ChangeRequestSchema,
});

export const updateChangeRequest = defineOperation({
  id: 'changeRequests.update',
  area: AREA,
  summary: "Update a change request's subject, description or status",
  method: 'PATCH',
  idempotent: true,
  path: CR,
  params: crParams,
  body: ChangeRequestUpdateBody,
  status: 200,
  response: ChangeRequestSchema,
});

export const mergeChangeRequest = defineOperation({
  id: 'changeRequests.merge',
  area: AREA,
  summary: 'Merge a change request into the primary content',
  method: 'POST',
  idempotent: false,
  path: `${CR}/merge`,
  params: crParams,
  status: 200,
  response: MergeResultSchema,
});

export const updateChangeRequestFromPrimary = defineOperation({
  id: 'changeRequests.updateFromPrimary',
  area: AREA,
  summary: 'Pull the primary content into a change request',
  method: 'POST',
  idempotent: false,
  path: `${CR}/update`,
  params: crParams,
  status: 200,
  response: MergeResultSchema,
});

export const getChangeRequestPdf = defineOperation({
  id: 'changeRequests.pdf',
  area: AREA,
  summary: 'Get a URL to a PDF export of a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/pdf`,
  params: crParams,
  query: PdfQuery,
  status: 200,
  response: PdfResultSchema,
});

export const listChangeRequestContributors = defineOperation({
  id: 'changeRequests.contributors',
  area: AREA,
  summary: 'List the contributors of a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/contributors`,
  params: crParams,
  status: 200,
  // The envelope comes back, but the contract documents no `page` or `limit` to walk it.
  response: ContributorListSchema,
  paginated: false,
});

export const listRequestedReviewers = defineOperation({
  id: 'changeRequests.reviewers.list',
  area: AREA,
  summary: 'List the reviewers requested on a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/requested-reviewers`,
  params: crParams,
  query: strict({ ...pageQuery }),
  status: 200,
  response: listOf(RequestedReviewerSchema),
  paginated: true,
});

export const requestReviewers = defineOperation({
  id: 'changeRequests.reviewers.request',
  area: AREA,
  summary: 'Ask users to review a change request',
  method: 'POST',
  idempotent: false,
  path: `${CR}/requested-reviewers`,
  params: crParams,
  body: RequestReviewersBody,
  status: 200,
  response: RequestedReviewersResultSchema,
});

export const removeRequestedReviewer = defineOperation({
  id: 'changeRequests.reviewers.remove',
  area: AREA,
  summary: 'Withdraw a review request from a user',
  method: 'DELETE',
  idempotent: true,
  path: `${CR}/requested-reviewers/{userId}`,
  params: crParams,
  status: 204,
});

export const changeRequestOperations = [
  listChangeRequests,
  listOrganizationChangeRequests,
  createChangeRequest,
  getChangeRequest,
  updateChangeRequest,
  mergeChangeRequest,
  updateChangeRequestFromPrimary,
  getChangeRequestPdf,
  listChangeRequestContributors,
  listRequestedReviewers,
  requestReviewers,
  removeRequestedReviewer,
] as const;
