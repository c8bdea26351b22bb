import * as z from 'zod/mini';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';

const AREA = 'Conversations';

/*
 * None of these six operations is in the published API document (`@gitbook/api` 0.202.0): they
 * come from the extract only, and are kept as it describes them. The document's nearest
 * endpoints, AI agent conversations (`/orgs/{organizationId}/agent/conversations`) and change
 * request agent conversations, are other things: see docs/contract-notes.md.
 */

/**
 * Query parameters whose wire names the contract does not show (SDK name to wire name):
 * the clusters' sort property, the conversations' source filter and the issues' cluster and
 * conversation filters. Correcting a guess is a one-line change here.
 */
export const CONVERSATION_QUERY_WIRE_NAMES = {
  sort: 'sort',
  source: 'source',
  cluster: 'cluster',
  conversation: 'conversation',
} as const;

/** Part roles: the contract shows `user`; `assistant` is the other side of a support conversation. */
export const CONVERSATION_PART_ROLES = ['user', 'assistant'] as const;

/** Sort properties of the clusters list: the contract shows only `updatedAt`. */
export const CLUSTER_SORTS = ['updatedAt'] as const;
export const CLUSTER_SORT_ORDERS = ['asc', 'desc'] as const;

export const ConversationSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('conversation'),
    id: z.string(),
    subject: z.nullable(z.optional(z.string())),
    createdAt: z.optional(z.string()),
    /** When the service processed the conversation (extracted its issues). */
    processedAt: z.nullable(z.optional(z.string())),
    /** Where the conversation came from (e.g. `api`, `intercom`). */
    source: z.optional(z.string()),
    urls: z.optional(loose({ location: z.optional(z.string()), source: z.nullable(z.optional(z.string())) })),
  }),
);
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationPartSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    type: openEnum(['message']),
    role: z.optional(openEnum(CONVERSATION_PART_ROLES)),
    body: z.optional(z.string()),
  }),
);
export type ConversationPart = z.infer<typeof ConversationPartSchema>;

export const ConversationMetadataSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** Where the conversation can be read at its source. */
    url: z.nullable(z.optional(z.string())),
    attributes: z.optional(z.record(z.string(), z.string())),
    createdAt: z.optional(z.string()),
  }),
);
export type ConversationMetadata = z.infer<typeof ConversationMetadataSchema>;

/** One conversation with its messages and metadata. */
export const ConversationDetailSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    conversation: ConversationSchema,
    parts: z.array(ConversationPartSchema),
    metadata: z.nullable(z.optional(ConversationMetadataSchema)),
  }),
);
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

export const ConversationIssueSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('conversation-issue'),
    id: z.string(),
    title: z.optional(z.string()),
    summary: z.optional(z.string()),
    createdAt: z.optional(z.string()),
    ingestedAt: z.optional(z.string()),
    /** Id of the conversation the issue was extracted from. */
    conversation: z.optional(z.string()),
    /** Id of the cluster the issue belongs to. */
    cluster: z.nullable(z.optional(z.string())),
    urls: z.optional(loose({ location: z.optional(z.string()) })),
  }),
);
export type ConversationIssue = z.infer<typeof ConversationIssueSchema>;

/** How issues are listed and read: the issue and its conversation. */
export const ConversationIssueItemSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    issue: ConversationIssueSchema,
    conversation: ConversationSchema,
  }),
);
export type ConversationIssueItem = z.infer<typeof ConversationIssueItemSchema>;

/** A group of similar issues across conversations. */
export const IssuesClusterSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('issues-cluster'),
    id: z.string(),
    label: z.optional(z.string()),
    createdAt: z.optional(z.string()),
    updatedAt: z.optional(z.string()),
    icon: z.nullable(z.optional(z.string())),
    summary: z.nullable(z.optional(z.string())),
    /** Issues per week over the past 3 months, oldest first. */
    weeklyPulse: z.optional(z.array(z.number())),
    /** Conversations per source. */
    sources: z.optional(z.record(z.string(), z.number())),
    stats: z.optional(loose({ issues: z.optional(z.number()), conversations: z.optional(z.number()) })),
    urls: z.optional(loose({ location: z.optional(z.string()) })),
  }),
);
export type IssuesCluster = z.infer<typeof IssuesClusterSchema>;

const notDotSegment = (value: string) => value !== '.' && value !== '..';

export const ClusterListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** `desc` (the server's default) or `asc`. */
    order: z.optional(z.enum(CLUSTER_SORT_ORDERS)),
    /** The property to sort by. */
    sort: z.optional(z.enum(CLUSTER_SORTS)),
  }),
);
export type ClusterListQuery = z.input<typeof ClusterListQuery>;

export const ConversationListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** Only conversations from this source (e.g. `api`). */
    source: z.optional(z.string().check(z.minLength(1))),
  }),
);
export type ConversationListQuery = z.input<typeof ConversationListQuery>;

export const IssueListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** Only issues of this cluster id. */
    cluster: z.optional(z.string().check(z.minLength(1))),
    /** Only issues extracted from this conversation id. */
    conversation: z.optional(z.string().check(z.minLength(1))),
  }),
);
export type IssueListQuery = z.input<typeof IssueListQuery>;

export const ConversationPartInput = /* @__PURE__ */ z.lazy(() =>
  strict({
    type: z.literal('message'),
    /** Who wrote the message: `user` (seen) or another role such as `assistant`; the server decides. */
    role: z.string().check(z.minLength(1)),
    body: z.string().check(z.regex(/\S/, 'must not be empty')),
  }),
);
export type ConversationPartInput = z.input<typeof ConversationPartInput>;

export const ConversationIngestBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** Your id for the conversation; it is the id the conversation is read back by. */
    id: z.string().check(z.minLength(1), z.refine(notDotSegment, 'must not be "." or ".."')),
    subject: z.optional(z.string()),
    metadata: z.optional(
      strict({
        /** Where the conversation can be read at its source. */
        url: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
        /** Free-form string attributes. */
        attributes: z.optional(z.record(z.string(), z.string())),
        /** When the conversation took place. */
        createdAt: z.optional(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' })),
      }),
    ),
    parts: z.array(ConversationPartInput).check(z.minLength(1, 'needs at least one message')),
  }),
);
export type ConversationIngestBody = z.input<typeof ConversationIngestBody>;

const ORG = '/v1/orgs/{organizationId}' as const;
const CONVERSATIONS = `${ORG}/conversations` as const;
const ISSUES = `${ORG}/conversations-issues` as const;

export const listIssuesClusters = /* @__PURE__ */ defineOperation({
  id: 'conversations.clusters.list',
  area: AREA,
  summary: 'List the clusters of issues found in conversations',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/conversations-clusters`,
  query: ClusterListQuery,
  queryWireNames: { sort: CONVERSATION_QUERY_WIRE_NAMES.sort },
  status: 200,
  response: () => listOf(IssuesClusterSchema),
  paginated: true,
});

export const listConversations = /* @__PURE__ */ defineOperation({
  id: 'conversations.list',
  area: AREA,
  summary: 'List the ingested conversations of an organization',
  method: 'GET',
  idempotent: true,
  path: CONVERSATIONS,
  query: ConversationListQuery,
  queryWireNames: { source: CONVERSATION_QUERY_WIRE_NAMES.source },
  status: 200,
  response: () => listOf(ConversationSchema),
  paginated: true,
});

export const ingestConversation = /* @__PURE__ */ defineOperation({
  id: 'conversations.ingest',
  area: AREA,
  summary: 'Ingest a conversation: its issues are extracted and clustered',
  method: 'POST',
  idempotent: true,
  path: CONVERSATIONS,
  body: ConversationIngestBody,
  status: 204,
});

export const getConversation = /* @__PURE__ */ defineOperation({
  id: 'conversations.get',
  area: AREA,
  summary: 'Get a conversation with its messages and metadata',
  method: 'GET',
  idempotent: true,
  path: `${CONVERSATIONS}/{conversationId}`,
  status: 200,
  response: ConversationDetailSchema,
});

export const listConversationIssues = /* @__PURE__ */ defineOperation({
  id: 'conversations.issues.list',
  area: AREA,
  summary: 'List the issues extracted from conversations',
  method: 'GET',
  idempotent: true,
  path: ISSUES,
  query: IssueListQuery,
  queryWireNames: {
    cluster: CONVERSATION_QUERY_WIRE_NAMES.cluster,
    conversation: CONVERSATION_QUERY_WIRE_NAMES.conversation,
  },
  status: 200,
  response: () => listOf(ConversationIssueItemSchema),
  paginated: true,
});

export const getConversationIssue = /* @__PURE__ */ defineOperation({
  id: 'conversations.issues.get',
  area: AREA,
  summary: 'Get an issue with its conversation',
  method: 'GET',
  idempotent: true,
  path: `${ISSUES}/{issueId}`,
  status: 200,
  response: ConversationIssueItemSchema,
});

export const conversationOperations = [
  listIssuesClusters,
  listConversations,
  ingestConversation,
  getConversation,
  listConversationIssues,
  getConversationIssue,
] as const;
