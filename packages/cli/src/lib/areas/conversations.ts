import { Args } from '../../oclif.js';
import type {
  Conversation,
  ConversationDetail,
  ConversationInput,
  ConversationIssueItem,
  DocsClient,
  IssuesCluster,
} from '@docs-api/sdk';
import { UsageError } from '../failures/exit-codes.js';
import { readJson } from '../input/files.js';
import { formatDate, type Column, type Output } from '../terminal/output.js';
import { pickOne, type Prompts } from '../terminal/prompts.js';

/*
 * What the `docs conversations ...` commands share: arguments, pickers, table columns,
 * printers and the reading of the `ingest --file`.
 */

/** The contract's sort orders and cluster sort properties (here so that parsing flags loads no SDK code). */
export const ORDER_OPTIONS = ['desc', 'asc'] as const;
export const CLUSTER_SORT_OPTIONS = ['updatedAt'] as const;

export const conversationArg = Args.string({
  name: 'conversation',
  description: 'Conversation id (picked from a list at a terminal when omitted)',
});

export const issueArg = Args.string({
  name: 'issue',
  description: 'Issue id (picked from a list at a terminal when omitted)',
});

const SPARKS = '▁▂▃▄▅▆▇█';

/** `weeklyPulse` as a sparkline, oldest week first: `▁▁▃█`. */
export function sparkline(values: readonly number[] | undefined): string {
  if (!values?.length) return '';
  const max = Math.max(...values);
  return values
    .map((value) => SPARKS[max <= 0 ? 0 : Math.round((value / max) * (SPARKS.length - 1))] ?? '')
    .join('');
}

export const conversationColumns: Column<Conversation>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'SUBJECT', value: (c) => c.subject, cut: true },
  { header: 'SOURCE', value: (c) => c.source, priority: 3 },
  { header: 'CREATED', value: (c) => formatDate(c.createdAt), priority: 2 },
  { header: 'PROCESSED', value: (c) => formatDate(c.processedAt), priority: 1 },
];

export const clusterColumns: Column<IssuesCluster>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'LABEL', value: (c) => [c.icon, c.label].filter(Boolean).join(' '), cut: true },
  { header: 'ISSUES', value: (c) => c.stats?.issues, priority: 4 },
  { header: 'CONVERSATIONS', value: (c) => c.stats?.conversations, priority: 3 },
  { header: 'UPDATED', value: (c) => formatDate(c.updatedAt), priority: 2 },
  { header: 'LAST 13 WEEKS', value: (c) => sparkline(c.weeklyPulse), priority: 1 },
];

export const issueColumns: Column<ConversationIssueItem>[] = [
  { header: 'ID', value: (item) => item.issue.id },
  { header: 'TITLE', value: (item) => item.issue.title, cut: true },
  { header: 'CLUSTER', value: (item) => item.issue.cluster, priority: 2 },
  { header: 'CONVERSATION', value: (item) => item.conversation.id, priority: 3 },
  { header: 'CREATED', value: (item) => formatDate(item.issue.createdAt), priority: 1 },
];

export function printConversation(
  output: Output,
  { conversation, parts, metadata }: ConversationDetail,
): void {
  const attributes = Object.entries(metadata?.attributes ?? {});
  output.fields([
    ['ID', conversation.id],
    ['Subject', conversation.subject],
    ['Source', conversation.source],
    ['Created', formatDate(conversation.createdAt)],
    ['Processed', formatDate(conversation.processedAt)],
    ['URL', metadata?.url ?? conversation.urls?.source],
    ['Attributes', attributes.map(([key, value]) => `${key}=${value}`).join(', ')],
  ]);
  if (parts.length === 0) return;
  output.data('Messages:');
  for (const part of parts) {
    const who = String(part.role ?? part.type ?? 'message');
    output.data(`  ${who}: ${(part.body ?? '').replace(/\n/g, `\n  ${' '.repeat(who.length + 2)}`)}`);
  }
}

export function printIssue(output: Output, { issue, conversation }: ConversationIssueItem): void {
  output.fields([
    ['ID', issue.id],
    ['Title', issue.title],
    ['Cluster', issue.cluster],
    ['Conversation', conversation.subject ? `${conversation.id} (${conversation.subject})` : conversation.id],
    ['Source', conversation.source],
    ['Created', formatDate(issue.createdAt)],
    ['Ingested', formatDate(issue.ingestedAt)],
    ['Summary', issue.summary],
  ]);
}

export async function pickConversation(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
): Promise<string> {
  const conversations = await client.conversations.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  return pickOne(
    prompts,
    'Conversation',
    conversations,
    `Organization ${organizationId} has no conversations.`,
    (c) => ({
      name: `${c.subject ?? '(no subject)'} (${c.id})`,
      value: c.id,
      ...(c.source ? { description: c.source } : {}),
    }),
  );
}

export async function pickIssue(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
): Promise<string> {
  const items = await client.conversations.issues.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  return pickOne(
    prompts,
    'Issue',
    items,
    `Organization ${organizationId} has no conversation issues.`,
    (item) => ({
      name: `${item.issue.title ?? item.issue.id} (${item.issue.id})`,
      value: item.issue.id,
      ...(item.issue.cluster ? { description: item.issue.cluster } : {}),
    }),
  );
}

/**
 * `ingest --file`: one conversation (a JSON object) or many (an array). Every one is checked
 * against the contract before any is sent, so a bad one leaves nothing half-ingested.
 */
export async function readConversationsFile(file: string): Promise<ConversationInput[]> {
  const data = await readJson('--file', file);
  const many = Array.isArray(data);
  const items: unknown[] = many ? (data as unknown[]) : [data];
  if (items.length === 0) throw new UsageError(`--file: ${file} holds no conversations.`);
  // The contract pulls in zod: load it only when a file is read.
  const { checkRequestPart, ingestConversation } = await import('../../sdk-contract.js');
  const problems = items.flatMap((item, index) => {
    const result = checkRequestPart(ingestConversation.body!, item, '');
    if (result.ok) return [];
    const where = many ? `conversation ${index + 1}: ` : '';
    return result.issues.map(
      (issue) => `${where}${issue.path.replace(/^\./, '') || '(the conversation)'}: ${issue.message}`,
    );
  });
  if (problems.length) {
    const source = file === '-' ? 'standard input' : file;
    throw new UsageError(`Invalid input in ${source}, nothing was sent. ${problems.join('; ')}`);
  }
  return items as ConversationInput[];
}
