import * as z from 'zod/mini';
import {
  ContentReferenceSchema,
  DocumentInput,
  DocumentSchema,
  FileReferenceInput,
  UserSchema,
} from './common.js';
import { ImportRunSchema } from './imports.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict, withFallback } from './schema.js';
import { TeamSchema } from './teams.js';

const AREA = 'Change requests';

/** Change request statuses, as the published document lists them (the extract shows `draft` and `open`). */
export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived', 'merged'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** The statuses a PATCH may set: `merged` comes only from a merge. */
export const SETTABLE_CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived'] as const;

/** How lists of change requests are sorted (published document); the service's default is `updatedAt`. */
export const CHANGE_REQUEST_ORDERS = ['updatedAt', 'createdAt'] as const;

/** The contract's limit on a change request's subject. */
export const CHANGE_REQUEST_SUBJECT_MAX = 100;

/** The published document's limits on a change request's external links. */
export const CHANGE_REQUEST_LINKS_MAX = 10;
export const CHANGE_REQUEST_LINK_TITLE_MAX = 128;

/** An external ticket a connector resolved for a link (published document): connected, or failed to load. */
export const ChangeRequestLinkExpandedSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback(
    [
      loose({
        kind: z.literal('external-ticket'),
        provider: z.optional(openEnum(['jira'])),
        state: z.literal('connected'),
        /** The ticket's key, e.g. `DOC-12`. */
        key: z.optional(z.string()),
        url: z.optional(z.string()),
        status: z.optional(loose({ id: z.optional(z.string()), name: z.optional(z.string()) })),
        summary: z.optional(z.string()),
      }),
      loose({
        kind: z.literal('external-ticket'),
        provider: z.optional(openEnum(['jira'])),
        state: z.literal('error'),
      }),
    ],
    loose({ kind: z.optional(z.string()), state: z.optional(z.string()) }),
    'state',
  ),
);
export type ChangeRequestLinkExpanded = z.infer<typeof ChangeRequestLinkExpandedSchema>;

/** An external link of a change request (published document only), e.g. to a ticket or a pull request. */
export const ChangeRequestLinkSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    id: z.string(),
    /** Where it points: `{kind: "url", url}`. */
    ref: z.optional(ContentReferenceSchema),
    title: z.optional(z.string()),
    /** The linked ticket, when a connector resolved it. */
    expanded: z.optional(ChangeRequestLinkExpandedSchema),
  }),
);
export type ChangeRequestLink = z.infer<typeof ChangeRequestLinkSchema>;

export const ChangeRequestSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('change-request'),
    id: z.string(),
    /** Incremental identifier within the space; usable in paths in place of `id`. */
    number: z.number(),
    /** `draft`, `open`, `archived` or `merged`. */
    status: openEnum(CHANGE_REQUEST_STATUSES),
    subject: z.string(),
    description: z.optional(DocumentSchema),
    createdBy: z.optional(UserSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Who merged the request, once merged (published document). */
    mergedBy: z.optional(UserSchema),
    /** When the request was merged, once merged (published document). */
    mergedAt: z.optional(z.string()),
    /** The space the request was created in. */
    space: z.string(),
    /** The active revision. */
    revision: z.string(),
    /** The revision of the space the request started from. */
    revisionInitial: z.string(),
    /** The latest primary revision, when the request was updated from the primary content. */
    revisionMergedAncestor: z.optional(z.string()),
    /** The revision produced by the merge. */
    revisionMerged: z.optional(z.string()),
    /** Count of open comments. */
    comments: z.number(),
    /** True when the request is behind the primary content. */
    outdated: z.boolean(),
    /** The site topic or finding the request was created from (published document). */
    siteTopic: z.optional(
      loose({
        site: z.optional(z.string()),
        topic: z.optional(z.string()),
        finding: z.optional(z.string()),
      }),
    ),
    /** The style guide check that opened the request (published document). */
    styleguide: z.optional(
      loose({
        site: z.optional(z.string()),
        run: z.optional(z.string()),
        /** Pages the check changed, once it finished. */
        changedPages: z.optional(z.number()),
        checkedAt: z.optional(z.string()),
      }),
    ),
    /** Import runs into this request, running or recent, newest first; only when one request is read (published document). */
    imports: z.optional(z.array(ImportRunSchema)),
    /** External links, at most 10 (published document). */
    links: z.optional(z.array(ChangeRequestLinkSchema)),
    /** The conversations issues cluster the request is linked to. Not in the published API document. */
    conversationsIssuesCluster: z.optional(z.string()),
    urls: z.optional(
      loose({
        /** The request in the application. */
        app: z.optional(z.string()),
        /** The request in the API. */
        location: z.optional(z.string()),
      }),
    ),
  }),
);
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

/**
 * The answer of merge and of update-from-primary: the resulting revision, and `result`:
 * `merge` or `update` when it went through, `conflicts` when the content conflicts.
 */
export const MergeResultSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    revision: z.optional(z.string()),
    result: z.optional(openEnum(['merge', 'update', 'conflicts'])),
  }),
);
export type MergeResult = z.infer<typeof MergeResultSchema>;

/** A temporary URL (valid one hour) that prints the content. */
export const PdfResultSchema = /* @__PURE__ */ z.lazy(() => loose({ url: z.optional(z.string()) }));
export type PdfResult = z.infer<typeof PdfResultSchema>;

export const ContributorSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    updatedAt: z.string(),
    count: z.number(),
    user: z.optional(UserSchema),
    /** `edit` or `comment`. */
    actionType: z.optional(openEnum(['edit', 'comment'])),
  }),
);
export type Contributor = z.infer<typeof ContributorSchema>;

export const ContributorListSchema = /* @__PURE__ */ z.lazy(() => listOf(ContributorSchema));
export type ContributorList = z.infer<typeof ContributorListSchema>;

const reviewerFields = () => ({
  object: z.literal('change-request-requested-reviewer'),
  /** The request's revision when the review was asked for. */
  revision: z.optional(z.string()),
  requestedBy: z.optional(UserSchema),
  createdAt: z.optional(z.string()),
});

/**
 * A review request: of a user (`kind: "user"`) or, in the published document, of a team
 * (`kind: "team"`); a request of another form is kept as it came. `reviewerUser()` and
 * `reviewerTeam()` read the reviewer.
 */
export const RequestedReviewerSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback(
    [
      loose({ ...reviewerFields(), kind: z.literal('user'), user: UserSchema }),
      loose({ ...reviewerFields(), kind: z.literal('team'), team: TeamSchema }),
    ],
    loose({ ...reviewerFields(), kind: z.optional(z.string()) }),
    'kind',
  ),
);
export type RequestedReviewer = z.infer<typeof RequestedReviewerSchema>;

export const RequestedReviewersResultSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** The review requests that were sent. */
    users: z.optional(z.array(RequestedReviewerSchema)),
  }),
);
export type RequestedReviewersResult = z.infer<typeof RequestedReviewersResultSchema>;

const subject = /* @__PURE__ */ z.lazy(() => z.string().check(z.maxLength(CHANGE_REQUEST_SUBJECT_MAX)));
const userId = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1)));
const filter = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1)));

/** The filters both change request lists take. */
const listFilters = () => ({
  ...pageQuery(),
  /** Only requests created by this user id. */
  creator: z.optional(userId),
  /** Only requests this user id contributed to. */
  contributor: z.optional(userId),
  /** Only requests this user id was asked to review. */
  requestedReviewer: z.optional(userId),
  /** From the published document: only requests linked to this site topic. */
  topic: z.optional(filter),
  /** From the published document: sort by `updatedAt` (the service's default) or `createdAt`. */
  orderBy: z.optional(z.enum(CHANGE_REQUEST_ORDERS)),
  /**
   * Only requests linked to this conversations issues cluster. Not in the published API
   * document: the service may ignore it.
   */
  conversationsIssuesCluster: z.optional(filter),
});

export const ChangeRequestListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...listFilters(),
    /** Only requests in this status; the service's default is `open`. */
    status: z.optional(z.enum(CHANGE_REQUEST_STATUSES)),
  }),
);
export type ChangeRequestListQuery = z.input<typeof ChangeRequestListQuery>;

export const OrganizationChangeRequestListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...listFilters(),
    /** Only requests in one of these statuses (repeated keys); the service's default is `["open"]`. */
    status: z.optional(z.array(z.enum(CHANGE_REQUEST_STATUSES)).check(z.minLength(1))),
    /** From the published document: only requests linked to this site. */
    site: z.optional(filter),
    /** From the published document: only requests of this space. */
    space: z.optional(filter),
    /** From the published document: only requests opened by this style guide check run. */
    styleguideRun: z.optional(filter),
    /**
     * From the published document: `none` (the service's default) leaves out requests opened
     * from site findings (triage), `all` includes them.
     */
    finding: z.optional(z.enum(['none', 'all'])),
  }),
);
export type OrganizationChangeRequestListQuery = z.input<typeof OrganizationChangeRequestListQuery>;

/**
 * The contract and the published document allow "other properties of any type" on creation,
 * so unknown keys are sent as given.
 */
export const ChangeRequestCreateBody = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    subject: z.optional(subject),
    /** Start from a template, filling its content references with files of the space. */
    template: z.optional(
      strict({
        id: z.string().check(z.minLength(1)),
        params: z.optional(strict({ contentRefs: z.optional(z.record(z.string(), FileReferenceInput)) })),
      }),
    ),
  }),
);
export type ChangeRequestCreateBody = z.input<typeof ChangeRequestCreateBody>;

/** An external link, as sent: an `id` updates that link, none adds one. */
export const ChangeRequestLinkInput = /* @__PURE__ */ z.lazy(() =>
  strict({
    id: z.optional(z.string().check(z.minLength(1))),
    ref: strict({ kind: z.literal('url'), url: z.string().check(z.minLength(1)) }),
    title: z.optional(z.string().check(z.maxLength(CHANGE_REQUEST_LINK_TITLE_MAX))),
  }),
);
export type ChangeRequestLinkInput = z.input<typeof ChangeRequestLinkInput>;

export const ChangeRequestUpdateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    subject: z.optional(subject),
    description: z.optional(DocumentInput),
    /** `draft`, `open` or `archived`; a request becomes `merged` only by a merge. */
    status: z.optional(z.enum(SETTABLE_CHANGE_REQUEST_STATUSES)),
    /**
     * From the published document: the request's external links (at most 10), replacing the
     * current ones.
     */
    links: z.optional(z.array(ChangeRequestLinkInput).check(z.maxLength(CHANGE_REQUEST_LINKS_MAX))),
  }),
);
export type ChangeRequestUpdateBody = z.input<typeof ChangeRequestUpdateBody>;

export const RequestReviewersBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** User ids to ask for a review. */
    users: z.array(userId).check(z.minLength(1)),
    /** Also sets the request's subject. */
    subject: z.optional(subject),
    /** Also sets the request's description. */
    description: z.optional(DocumentInput),
  }),
);
export type RequestReviewersBody = z.input<typeof RequestReviewersBody>;

export const PdfQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** With `page`: a PDF of that page only. */
    only: z.optional(z.boolean()),
    /** A page id. */
    page: z.optional(z.string().check(z.minLength(1))),
  }),
);
export type PdfQuery = z.input<typeof PdfQuery>;

/**
 * `changeRequestId` is the id or the number within the space: letters, digits, `_` and `-`
 * (the published document's `EntityId`).
 */
export const changeRequestIdParam = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.regex(/^[a-zA-Z0-9_-]+$/, 'must be a change request id or number')),
);

const SPACE_CRS = '/v1/spaces/{spaceId}/change-requests' as const;
const CR = `${SPACE_CRS}/{changeRequestId}` as const;
const crParams = () => ({ changeRequestId: changeRequestIdParam });

export const listChangeRequests = /* @__PURE__ */ defineOperation({
  id: 'changeRequests.list',
  area: AREA,
  summary: 'List the change requests of a space',
  method: 'GET',
  idempotent: true,
  path: SPACE_CRS,
  query: ChangeRequestListQuery,
  extractOnly: { query: ['conversationsIssuesCluster'] },
  status: 200,
  response: () => listOf(ChangeRequestSchema),
  paginated: true,
});

export const listOrganizationChangeRequests = /* @__PURE__ */ defineOperation({
  id: 'changeRequests.listForOrganization',
  area: AREA,
  summary: 'List the change requests across the spaces of an organization',
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs/{organizationId}/change-requests',
  query: OrganizationChangeRequestListQuery,
  extractOnly: { query: ['conversationsIssuesCluster'] },
  status: 200,
  response: () => listOf(ChangeRequestSchema),
  paginated: true,
});

export const createChangeRequest = /* @__PURE__ */ defineOperation({
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

export const getChangeRequest = /* @__PURE__ */ defineOperation({
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

export const updateChangeRequest = /* @__PURE__ */ defineOperation({
  id: 'changeRequests.update',
  area: AREA,
  summary: "Update a change request's subject, description, status or links",
  method: 'PATCH',
  idempotent: true,
  path: CR,
  params: crParams,
  body: ChangeRequestUpdateBody,
  status: 200,
  // The published document also lists 204: no representation, when asked with
  // `Prefer: return=minimal`. `client.changeRequests.update()` then reads the request back.
  response: () => z.optional(ChangeRequestSchema),
});

export const mergeChangeRequest = /* @__PURE__ */ defineOperation({
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

export const updateChangeRequestFromPrimary = /* @__PURE__ */ defineOperation({
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

export const getChangeRequestPdf = /* @__PURE__ */ defineOperation({
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

export const listChangeRequestContributors = /* @__PURE__ */ defineOperation({
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

export const listRequestedReviewers = /* @__PURE__ */ defineOperation({
  id: 'changeRequests.reviewers.list',
  area: AREA,
  summary: 'List the reviewers requested on a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/requested-reviewers`,
  params: crParams,
  query: () => strict({ ...pageQuery() }),
  status: 200,
  response: () => listOf(RequestedReviewerSchema),
  paginated: true,
});

export const requestReviewers = /* @__PURE__ */ defineOperation({
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

export const removeRequestedReviewer = /* @__PURE__ */ defineOperation({
  id: 'changeRequests.reviewers.remove',
  area: AREA,
  summary: 'Withdraw a review request from a user',
  method: 'DELETE',
  idempotent: true,
  path: `${CR}/requested-reviewers/{userId}`,
  params: crParams,
  // The published document: 205 when the reviewer was removed, 204 when they were not asked.
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
