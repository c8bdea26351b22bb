import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  ClusterListQuery,
  Conversation,
  ConversationDetail,
  ConversationIngestBody,
  ConversationIssueItem,
  ConversationListQuery,
  IssueListQuery,
  IssuesCluster,
} from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const conversationsArea = () => import('../contract/conversations.js');
const getConversation = lazyOperation(conversationsArea, 'getConversation');
const getConversationIssue = lazyOperation(conversationsArea, 'getConversationIssue');
const ingestConversation = lazyOperation(conversationsArea, 'ingestConversation');
const listConversationIssues = lazyOperation(conversationsArea, 'listConversationIssues');
const listConversations = lazyOperation(conversationsArea, 'listConversations');
const listIssuesClusters = lazyOperation(conversationsArea, 'listIssuesClusters');

/** Clusters of similar issues found across conversations: `client.conversations.clusters`. */
export class ConversationClusters extends Resource {
  /**
   * Lists the clusters, by default most recently updated first (`{ order: 'asc' }` for the oldest).
   * Not in the published API document (`@gitbook/api` 0.202.0): an operation of the extract only.
   */
  list(
    organizationId: string,
    query: ClusterListQuery = {},
    options?: RequestOptions,
  ): PagePromise<IssuesCluster> {
    return this.http.list(listIssuesClusters, { params: { organizationId }, query }, options);
  }
}

/** Issues extracted from conversations: `client.conversations.issues`. */
export class ConversationIssues extends Resource {
  /**
   * Lists issues, each with its conversation, optionally only those of a `cluster` or a `conversation`.
   * Not in the published API document (`@gitbook/api` 0.202.0): an operation of the extract only.
   */
  list(
    organizationId: string,
    query: IssueListQuery = {},
    options?: RequestOptions,
  ): PagePromise<ConversationIssueItem> {
    return this.http.list(listConversationIssues, { params: { organizationId }, query }, options);
  }

  /**
   * Reads one issue with its conversation.
   * Not in the published API document (`@gitbook/api` 0.202.0): an operation of the extract only.
   */
  get(organizationId: string, issueId: string, options?: RequestOptions): ApiPromise<ConversationIssueItem> {
    return this.http.call(getConversationIssue, { params: { organizationId, issueId } }, options);
  }
}

/**
 * Conversations ingested from support and chat tools: `client.conversations`. None of its
 * operations is in the published API document (`@gitbook/api` 0.202.0), which has AI agent
 * conversations (`/orgs/{organizationId}/agent/conversations`) instead: see docs/contract-notes.md.
 */
export class Conversations extends Resource {
  readonly clusters = new ConversationClusters(this.http);
  readonly issues = new ConversationIssues(this.http);

  /**
   * Lists the ingested conversations, optionally only those from one `source`.
   * Not in the published API document (`@gitbook/api` 0.202.0): an operation of the extract only.
   */
  list(
    organizationId: string,
    query: ConversationListQuery = {},
    options?: RequestOptions,
  ): PagePromise<Conversation> {
    return this.http.list(listConversations, { params: { organizationId }, query }, options);
  }

  /**
   * Reads one conversation with its messages (`parts`) and `metadata`.
   * Not in the published API document (`@gitbook/api` 0.202.0): an operation of the extract only.
   */
  get(
    organizationId: string,
    conversationId: string,
    options?: RequestOptions,
  ): ApiPromise<ConversationDetail> {
    return this.http.call(getConversation, { params: { organizationId, conversationId } }, options);
  }

  /**
   * Ingests a conversation: `id` (yours; the conversation is read back by it), `subject`,
   * `metadata` and the messages in `parts`. The answer is empty; issues found in it appear in
   * `issues.list({ conversation: id })`.
   * Not in the published API document (`@gitbook/api` 0.202.0): an operation of the extract only.
   *
   * @example
   * await client.conversations.ingest(org, {
   *   id: 'ticket-4242',
   *   subject: 'Cannot log in with the CLI',
   *   parts: [{ type: 'message', role: 'user', body: 'docs auth login says my token is invalid' }],
   * });
   */
  ingest(organizationId: string, body: ConversationIngestBody, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(ingestConversation, { params: { organizationId }, body }, options);
  }
}
