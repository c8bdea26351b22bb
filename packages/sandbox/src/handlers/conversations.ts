import {
  getConversation,
  getConversationIssue,
  ingestConversation,
  listConversationIssues,
  listConversations,
  listIssuesClusters,
  type Conversation,
  type ConversationIssueItem,
  type IssuesCluster,
} from '@docs-api/sdk/contract';
import { notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ConversationIssueRow, ConversationRow, IssuesClusterRow, Store } from '../store.js';
import { requireOrganization } from '../domain/organizations.js';

/*
 * Conversations, the issues extracted from them and the clusters of those issues. None of these
 * operations is in the published API document: the answers follow our contract (the extract);
 * `urls.location` is absolute, as everywhere else in the sandbox.
 *
 * Ingestion stands in for the service's analysis with a keyword match: the conversation's
 * subject and messages are searched (whole words, any case) for each cluster's keywords, and
 * every cluster that matches gets one issue from the conversation. A conversation ingested
 * with an id already ingested replaces the earlier one, and its issues are extracted again.
 * Conversations ingested through the API have the source `api`.
 *
 * A cluster's `updatedAt`, `stats`, `sources` and `weeklyPulse` are derived from its issues.
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** "Weekly values for the past 3 months": 13 weeks, oldest first, the last ending now. */
const PULSE_WEEKS = 13;
const INGESTED_SOURCE = 'api';

const conversationKey = (organizationId: string, conversationId: string) =>
  `${organizationId}/${conversationId}`;

const newestFirst = <T>(rows: T[], date: (row: T) => string) =>
  rows.sort((a, b) => date(b).localeCompare(date(a)));

function clustersOf(store: Store, organizationId: string): IssuesClusterRow[] {
  return [...store.issuesClusters.values()].filter((row) => row.organization === organizationId);
}

function issuesOf(store: Store, organizationId: string): ConversationIssueRow[] {
  return [...store.conversationIssues.values()].filter((row) => row.organization === organizationId);
}

function requireConversation(store: Store, organizationId: string, conversationId: string): ConversationRow {
  const row = store.conversations.get(conversationKey(organizationId, conversationId));
  if (!row) throw notFound('conversation', conversationId);
  return row;
}

function requireCluster(store: Store, organizationId: string, clusterId: string): IssuesClusterRow {
  const row = store.issuesClusters.get(clusterId);
  if (row?.organization !== organizationId) throw notFound('cluster', clusterId);
  return row;
}

export function conversationView(store: Store, row: ConversationRow): Conversation {
  return {
    object: 'conversation',
    id: row.id,
    ...(row.subject === undefined ? {} : { subject: row.subject }),
    createdAt: row.createdAt,
    processedAt: row.processedAt,
    source: row.source,
    urls: {
      location: store.apiUrl(`/orgs/${row.organization}/conversations/${encodeURIComponent(row.id)}`),
      ...(row.metadata.url === undefined ? {} : { source: row.metadata.url }),
    },
  };
}

function issueItem(store: Store, row: ConversationIssueRow): ConversationIssueItem {
  const conversation = requireConversation(store, row.organization, row.conversation);
  return {
    issue: {
      object: 'conversation-issue',
      id: row.id,
      title: row.title,
      summary: row.summary,
      createdAt: row.createdAt,
      ingestedAt: row.ingestedAt,
      conversation: row.conversation,
      cluster: row.cluster,
      urls: { location: store.apiUrl(`/orgs/${row.organization}/conversations-issues/${row.id}`) },
    },
    conversation: conversationView(store, conversation),
  };
}

/** Issues per week over the past 13 weeks (by when the issue arose), oldest first. */
function weeklyPulse(issues: readonly ConversationIssueRow[], now: number): number[] {
  const pulse = new Array<number>(PULSE_WEEKS).fill(0);
  for (const issue of issues) {
    const weeksAgo = Math.floor((now - Date.parse(issue.createdAt)) / WEEK_MS);
    const week = PULSE_WEEKS - 1 - weeksAgo;
    if (weeksAgo >= 0 && week >= 0) pulse[week] = (pulse[week] ?? 0) + 1;
  }
  return pulse;
}

function clusterUpdatedAt(row: IssuesClusterRow, issues: readonly ConversationIssueRow[]): string {
  return issues.reduce(
    (latest, issue) => (issue.ingestedAt > latest ? issue.ingestedAt : latest),
    row.createdAt,
  );
}

export function clusterView(store: Store, row: IssuesClusterRow): IssuesCluster {
  const issues = issuesOf(store, row.organization).filter((issue) => issue.cluster === row.id);
  const conversations = new Set(issues.map((issue) => issue.conversation));
  const sources: Record<string, number> = {};
  for (const conversationId of conversations) {
    const source = store.conversations.get(conversationKey(row.organization, conversationId))?.source;
    if (source !== undefined) sources[source] = (sources[source] ?? 0) + 1;
  }
  return {
    object: 'issues-cluster',
    id: row.id,
    label: row.label,
    createdAt: row.createdAt,
    updatedAt: clusterUpdatedAt(row, issues),
    icon: row.icon,
    summary: row.summary,
    weeklyPulse: weeklyPulse(issues, Date.parse(store.now())),
    sources,
    stats: { issues: issues.length, conversations: conversations.size },
    urls: { location: store.apiUrl(`/orgs/${row.organization}/conversations-issues?cluster=${row.id}`) },
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when `text` holds one of the keywords as whole words, in any case. */
export function mentions(text: string, keywords: readonly string[]): boolean {
  return keywords.some((keyword) => new RegExp(`\\b${escapeRegExp(keyword)}\\b`, 'i').test(text));
}

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** One issue per cluster whose keywords the conversation mentions. */
function extractIssues(store: Store, conversation: ConversationRow): void {
  const text = [conversation.subject ?? '', ...conversation.parts.map((part) => part.body)].join('\n');
  const firstMessage =
    conversation.parts.find((part) => part.role === 'user')?.body ?? conversation.parts[0]?.body ?? '';
  for (const cluster of clustersOf(store, conversation.organization)) {
    if (!mentions(text, cluster.keywords)) continue;
    const row: ConversationIssueRow = {
      id: store.newId('issue'),
      organization: conversation.organization,
      conversation: conversation.id,
      cluster: cluster.id,
      title: clip(conversation.subject || firstMessage, 80),
      summary: clip(firstMessage, 200),
      createdAt: conversation.createdAt,
      ingestedAt: conversation.processedAt,
    };
    store.conversationIssues.set(row.id, row);
  }
}

export const conversationHandlers = [
  implement(listIssuesClusters, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    // `sort` has one known value, `updatedAt`, which is also the default.
    const clusters = clustersOf(store, params.organizationId).map((row) => clusterView(store, row));
    const sorted = newestFirst(clusters, (cluster) => cluster.updatedAt ?? '');
    if (query.order === 'asc') sorted.reverse();
    return paginate(sorted, query);
  }),

  implement(listConversations, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const rows = [...store.conversations.values()].filter(
      (row) =>
        row.organization === params.organizationId &&
        (query.source === undefined || row.source === query.source),
    );
    return paginate(
      newestFirst(rows, (row) => row.createdAt).map((row) => conversationView(store, row)),
      query,
    );
  }),

  implement(ingestConversation, ({ store, params, body }) => {
    const organization = requireOrganization(store, params.organizationId);
    const key = conversationKey(organization.id, body.id);
    const now = store.now();
    const createdAt = body.metadata?.createdAt ?? now;
    const row: ConversationRow = {
      id: body.id,
      organization: organization.id,
      ...(body.subject === undefined ? {} : { subject: body.subject }),
      source: INGESTED_SOURCE,
      createdAt: new Date(createdAt).toISOString(),
      processedAt: now,
      parts: body.parts.map((part) => ({ type: part.type, role: part.role, body: part.body })),
      metadata: {
        ...(body.metadata?.url === undefined ? {} : { url: body.metadata.url }),
        attributes: { ...body.metadata?.attributes },
        createdAt,
      },
    };
    // Ingesting an id again replaces the conversation: its earlier issues go with it.
    for (const issue of issuesOf(store, organization.id)) {
      if (issue.conversation === body.id) store.conversationIssues.delete(issue.id);
    }
    store.conversations.delete(key);
    store.conversations.set(key, row);
    extractIssues(store, row);
  }),

  implement(getConversation, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    const row = requireConversation(store, params.organizationId, params.conversationId);
    return {
      conversation: conversationView(store, row),
      parts: row.parts.map((part) => ({ ...part })),
      metadata: { ...row.metadata, attributes: { ...row.metadata.attributes } },
    };
  }),

  implement(listConversationIssues, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    // A filter naming an absent cluster or conversation is a not-found read, not an empty list.
    if (query.cluster !== undefined) requireCluster(store, params.organizationId, query.cluster);
    if (query.conversation !== undefined) {
      requireConversation(store, params.organizationId, query.conversation);
    }
    const rows = issuesOf(store, params.organizationId).filter(
      (row) =>
        (query.cluster === undefined || row.cluster === query.cluster) &&
        (query.conversation === undefined || row.conversation === query.conversation),
    );
    return paginate(
      newestFirst(rows, (row) => row.createdAt).map((row) => issueItem(store, row)),
      query,
    );
  }),

  implement(getConversationIssue, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    const row = store.conversationIssues.get(params.issueId);
    if (row?.organization !== params.organizationId) throw notFound('issue', params.issueId);
    return issueItem(store, row);
  }),
];
