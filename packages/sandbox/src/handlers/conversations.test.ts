import { describe, expect, it } from 'vitest';
import { NotFoundError, type DocsClient } from '@docs-api/sdk';
import { operations, type ConversationInput, type ListConversationIssuesQuery } from '@docs-api/sdk/contract';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { mentions } from './conversations.js';

const ORG = 'org_acme';
/** Two weeks after the seeded conversations (06, 08 and 09 January). */
const NOW = Date.UTC(2026, 0, 20);

const { setup, servedOperationIds } = trackSandboxes({ clockStart: NOW });

async function issueIds(client: DocsClient, query: ListConversationIssuesQuery = {}) {
  return (await client.conversations.issues.list(ORG, query).toArray({ max: 100 })).map(
    (item) => item.issue.id,
  );
}

async function clusters(
  client: DocsClient,
  query: Parameters<DocsClient['conversations']['clusters']['list']>[1] = {},
) {
  return client.conversations.clusters.list(ORG, query).toArray({ max: 100 });
}

const message = (role: string, body: string) => ({ type: 'message' as const, role, body });

const ticket: ConversationInput = {
  id: 'zendesk-4242',
  subject: 'Command line login',
  metadata: {
    url: 'https://acme.zendesk.test/tickets/4242',
    attributes: { plan: 'pro' },
    createdAt: '2026-01-19T09:30:00+01:00',
  },
  parts: [
    message('user', 'After upgrading, docs auth login hangs on my machine.'),
    message('assistant', 'Is the DOCS_API_URL variable set?'),
  ],
};

describe('conversations: seed and reads', () => {
  it('lists clusters most recently updated first, with stats, sources and the weekly pulse derived', async () => {
    const { client } = setup();
    const listed = await clusters(client);
    expect(listed.map((c) => c.id)).toEqual(['cluster_billing', 'cluster_cli_questions']);
    const cli = listed[1];
    expect(cli).toEqual({
      object: 'issues-cluster',
      id: 'cluster_cli_questions',
      label: 'CLI questions',
      createdAt: '2026-01-06T08:00:00.000Z',
      updatedAt: '2026-01-08T14:05:00.000Z',
      icon: '💻',
      summary: 'Installing the docs CLI and logging in with it',
      // Both issues arose between one and two weeks before now.
      weeklyPulse: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0],
      sources: { intercom: 1, slack: 1 },
      stats: { issues: 2, conversations: 2 },
      urls: {
        location: 'http://sandbox.test/v1/orgs/org_acme/conversations-issues?cluster=cluster_cli_questions',
      },
    });
    expect((await clusters(client, { order: 'asc', sort: 'updatedAt' })).map((c) => c.id)).toEqual([
      'cluster_cli_questions',
      'cluster_billing',
    ]);
    expect((await clusters(client, { order: 'desc', limit: 1 })).map((c) => c.id)).toEqual([
      'cluster_billing',
      'cluster_cli_questions',
    ]);
  });

  it('holds the cluster that change request cr_cli answers', async () => {
    const { client } = setup();
    const cr = await client.changeRequests.get('space_handbook', 'cr_cli');
    expect((await clusters(client)).map((c) => c.id)).toContain(cr.conversationsIssuesCluster);
  });

  it('lists conversations newest first, filtered by source', async () => {
    const { client } = setup();
    const ids = async (source?: string) =>
      (await client.conversations.list(ORG, source === undefined ? {} : { source }).toArray({ max: 10 })).map(
        (c) => c.id,
      );
    expect(await ids()).toEqual(['conv_invoice_vat', 'conv_cli_token', 'conv_cli_install']);
    expect(await ids('intercom')).toEqual(['conv_invoice_vat', 'conv_cli_install']);
    expect(await ids('slack')).toEqual(['conv_cli_token']);
    expect(await ids('zendesk')).toEqual([]);
    expect(await client.conversations.list('org_beta')).toMatchObject({ items: [], count: 0 });
  });

  it('reads a conversation with its parts and metadata; an absent one is a 404', async () => {
    const { client } = setup();
    expect(await client.conversations.get(ORG, 'conv_cli_token')).toEqual({
      conversation: {
        object: 'conversation',
        id: 'conv_cli_token',
        subject: 'The CLI says my token is invalid',
        createdAt: '2026-01-08T14:00:00.000Z',
        processedAt: '2026-01-08T14:05:00.000Z',
        source: 'slack',
        urls: {
          location: 'http://sandbox.test/v1/orgs/org_acme/conversations/conv_cli_token',
          source: 'https://acme.slack.test/archives/C01/p1001',
        },
      },
      parts: [
        {
          type: 'message',
          role: 'user',
          body: '`docs auth login --with-token` keeps saying my token is invalid in CI.',
        },
      ],
      metadata: {
        url: 'https://acme.slack.test/archives/C01/p1001',
        attributes: { channel: '#docs-help' },
        createdAt: '2026-01-08T14:00:00.000Z',
      },
    });
    expect(await failure(client.conversations.get(ORG, 'conv_nope'), NotFoundError)).toBe(
      'conversation "conv_nope" was not found',
    );
    await failure(client.conversations.get('org_beta', 'conv_cli_token'), NotFoundError);
  });

  it('lists issues with their conversations, filtered by cluster and by conversation', async () => {
    const { client } = setup();
    expect(await issueIds(client)).toEqual(['issue_invoice_vat', 'issue_cli_token_ci', 'issue_cli_windows']);
    expect(await issueIds(client, { cluster: 'cluster_cli_questions' })).toEqual([
      'issue_cli_token_ci',
      'issue_cli_windows',
    ]);
    expect(await issueIds(client, { conversation: 'conv_invoice_vat' })).toEqual(['issue_invoice_vat']);
    expect(await issueIds(client, { cluster: 'cluster_billing', conversation: 'conv_cli_install' })).toEqual(
      [],
    );

    const [first] = (await client.conversations.issues.list(ORG, { limit: 1 })).items;
    expect(first?.conversation).toMatchObject({ object: 'conversation', id: 'conv_invoice_vat' });
  });

  it('answers 404 for a filter naming an absent cluster or conversation', async () => {
    const { client } = setup();
    expect(
      await failure(client.conversations.issues.list(ORG, { cluster: 'cluster_nope' }), NotFoundError),
    ).toBe('cluster "cluster_nope" was not found');
    await failure(client.conversations.issues.list(ORG, { conversation: 'conv_nope' }), NotFoundError);
  });

  it('reads one issue with its conversation; an absent one is a 404', async () => {
    const { client } = setup();
    expect(await client.conversations.issues.get(ORG, 'issue_cli_windows')).toEqual({
      issue: {
        object: 'conversation-issue',
        id: 'issue_cli_windows',
        title: 'CLI install fails on Windows with EACCES',
        summary: 'npm install -g of the docs CLI fails with EACCES on Windows.',
        createdAt: '2026-01-06T07:30:00.000Z',
        ingestedAt: '2026-01-06T07:35:00.000Z',
        conversation: 'conv_cli_install',
        cluster: 'cluster_cli_questions',
        urls: { location: 'http://sandbox.test/v1/orgs/org_acme/conversations-issues/issue_cli_windows' },
      },
      conversation: (await client.conversations.get(ORG, 'conv_cli_install')).conversation,
    });
    expect(await failure(client.conversations.issues.get(ORG, 'issue_nope'), NotFoundError)).toBe(
      'issue "issue_nope" was not found',
    );
    await failure(client.conversations.issues.get('org_beta', 'issue_cli_windows'), NotFoundError);
    await failure(client.conversations.clusters.list('org_nope'), NotFoundError);
  });
});

describe('conversations: ingestion', () => {
  it('stores the conversation as processed, from the api source, with an issue in the matching cluster', async () => {
    const { client } = setup();
    await client.conversations.ingest(ORG, ticket);

    const detail = await client.conversations.get(ORG, 'zendesk-4242');
    expect(detail.conversation).toMatchObject({
      subject: 'Command line login',
      createdAt: '2026-01-19T08:30:00.000Z',
      source: 'api',
      urls: { source: 'https://acme.zendesk.test/tickets/4242' },
    });
    expect(detail.conversation.processedAt).toMatch(/^2026-01-20T/);
    expect(detail.parts).toEqual(ticket.parts);
    expect(detail.metadata).toEqual(ticket.metadata);

    const items = await client.conversations.issues.list(ORG, { conversation: 'zendesk-4242' });
    expect(items.items).toHaveLength(1);
    expect(items.items[0]?.issue).toMatchObject({
      title: 'Command line login',
      summary: 'After upgrading, docs auth login hangs on my machine.',
      cluster: 'cluster_cli_questions',
      createdAt: '2026-01-19T08:30:00.000Z',
      ingestedAt: detail.conversation.processedAt,
    });

    const [top] = await clusters(client);
    expect(top).toMatchObject({
      id: 'cluster_cli_questions',
      updatedAt: detail.conversation.processedAt,
      stats: { issues: 3, conversations: 3 },
      sources: { intercom: 1, slack: 1, api: 1 },
    });
    expect(top?.weeklyPulse?.slice(-2)).toEqual([2, 1]);
    expect((await client.conversations.list(ORG, { source: 'api' })).items.map((c) => c.id)).toEqual([
      'zendesk-4242',
    ]);
  });

  it('extracts one issue per cluster mentioned, and none when no topic is mentioned', async () => {
    const { client } = setup();
    await client.conversations.ingest(ORG, {
      id: 'both',
      parts: [message('user', 'The CLI crashed while I was downloading an INVOICE.')],
    });
    await client.conversations.ingest(ORG, {
      id: 'neither',
      subject: 'Dark mode',
      parts: [message('user', 'Could the site have a dark theme? Clients ask for it.')],
    });

    const both = await client.conversations.issues.list(ORG, { conversation: 'both' });
    expect(both.items.map((item) => [item.issue.cluster, item.issue.title])).toEqual([
      ['cluster_cli_questions', 'The CLI crashed while I was downloading an INVOICE.'],
      ['cluster_billing', 'The CLI crashed while I was downloading an INVOICE.'],
    ]);
    expect((await client.conversations.issues.list(ORG, { conversation: 'neither' })).items).toEqual([]);
    expect((await client.conversations.get(ORG, 'neither')).conversation.processedAt).toBeTruthy();
  });

  it('replaces a conversation ingested again under the same id, and extracts its issues again', async () => {
    const { client, sandbox } = setup();
    await client.conversations.ingest(ORG, ticket);
    await client.conversations.ingest(ORG, {
      id: 'zendesk-4242',
      subject: 'Refund please',
      parts: [message('user', 'We were charged twice: we would like a refund.')],
    });

    const detail = await client.conversations.get(ORG, 'zendesk-4242');
    expect(detail.conversation.subject).toBe('Refund please');
    expect(detail.parts).toHaveLength(1);
    expect(detail.metadata).toMatchObject({ attributes: {} });
    const items = (await client.conversations.issues.list(ORG, { conversation: 'zendesk-4242' })).items;
    expect(items.map((item) => item.issue.cluster)).toEqual(['cluster_billing']);
    expect(sandbox.store.conversationIssues.size).toBe(4);
    expect((await client.conversations.list(ORG)).count).toBe(4);
  });

  it('keeps the same conversation id apart in two organizations', async () => {
    const { client, sandbox } = setup();
    sandbox.store.members.push({ organization: 'org_beta', user: 'user_ada', role: 'admin', joinedAt: '' });
    await client.conversations.ingest('org_beta', { ...ticket, subject: 'Beta ticket' });
    expect((await client.conversations.get('org_beta', 'zendesk-4242')).conversation.subject).toBe(
      'Beta ticket',
    );
    await failure(client.conversations.get(ORG, 'zendesk-4242'), NotFoundError);
    // org_beta has no clusters: nothing to extract.
    expect((await client.conversations.issues.list('org_beta')).items).toEqual([]);
  });

  it('answers 400 naming the fields when a raw request breaks the contract, and stores nothing', async () => {
    const { sandbox } = setup();
    const response = await sandbox.fetch('http://sandbox.test/v1/orgs/org_acme/conversations', {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'x',
        parts: [{ type: 'message', body: 'hi' }],
        metadata: { createdAt: 'today' },
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { issues: Array<{ path: string }> } };
    expect(body.error.issues.map((issue) => issue.path)).toEqual([
      'body.metadata.createdAt',
      'body.parts.0.role',
    ]);
    expect(sandbox.store.conversations.size).toBe(3);
  });
});

describe('keyword matching', () => {
  it('matches whole words in any case', () => {
    expect(mentions('Is the cli broken?', ['cli'])).toBe(true);
    expect(mentions('Our clients are happy', ['cli'])).toBe(false);
    expect(mentions('From the Command Line', ['command line'])).toBe(true);
  });
});

describe('coverage', () => {
  it('served every Conversations operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = operations.filter((op) => op.area === 'Conversations').map((op) => op.id);
    expect(ids).toHaveLength(6);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
