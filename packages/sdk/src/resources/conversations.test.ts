import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../index.js';
import type { ConversationInput } from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';

const ORG = '/v1/orgs/org_1';

const client = makeClient({ token: 'tok_test', maxRetries: 0 });

function conversation(id: string, overrides: Record<string, unknown> = {}) {
  return {
    object: 'conversation',
    id,
    subject: 'Cannot log in',
    createdAt: '2026-01-01T00:00:00.000Z',
    processedAt: '2026-01-01T00:01:00.000Z',
    source: 'api',
    urls: { location: `${ORG}/conversations/${id}`, source: 'https://help.test/t/1' },
    ...overrides,
  };
}

function issueItem(id: string, cluster: string) {
  return {
    issue: {
      object: 'conversation-issue',
      id,
      title: 'Login fails',
      summary: 'The CLI refuses the token',
      createdAt: '2026-01-01T00:00:00.000Z',
      ingestedAt: '2026-01-01T00:01:00.000Z',
      conversation: 'conv_1',
      cluster,
    },
    conversation: conversation('conv_1'),
  };
}

const ingestBody: ConversationInput = {
  id: 'ticket-4242',
  subject: 'Cannot log in with the CLI',
  metadata: {
    url: 'https://help.test/tickets/4242',
    attributes: { plan: 'pro', locale: 'en' },
    createdAt: '2026-01-01T12:00:00+01:00',
  },
  parts: [
    { type: 'message', role: 'user', body: 'docs auth login says my token is invalid' },
    { type: 'message', role: 'assistant', body: 'Which version of the CLI?' },
  ],
};

async function invalidPaths(fn: () => PromiseLike<unknown>): Promise<string[]> {
  const error = await rejection(fn, RequestValidationError);
  return error.issues.map((issue) => issue.path);
}

useNockLifecycle();

describe('client.conversations', () => {
  it('ingests a conversation with POST, sending the body as given, and reads the empty answer', async () => {
    nock(API)
      .post(`${ORG}/conversations`, ingestBody as unknown as nock.RequestBodyMatcher)
      .reply(204);

    await expect(client.conversations.ingest('org_1', ingestBody)).resolves.toBeUndefined();
  });

  it('sends the source filter as `source`', async () => {
    nock(API)
      .get(`${ORG}/conversations`)
      .query({ source: 'intercom', limit: '5' })
      .reply(200, { items: [conversation('conv_1', { source: 'intercom' })], count: 1 });

    const page = await client.conversations.list('org_1', { source: 'intercom', limit: 5 });
    expect(page.items.map((c) => [c.id, c.source])).toEqual([['conv_1', 'intercom']]);
  });

  it('reads a conversation detail: the conversation, its parts and metadata', async () => {
    nock(API)
      .get(`${ORG}/conversations/ticket-4242`)
      .reply(200, {
        conversation: conversation('ticket-4242'),
        parts: [
          { type: 'message', role: 'user', body: 'Hello' },
          { type: 'note', body: 'internal' },
        ],
        metadata: {
          url: 'https://help.test/t/1',
          attributes: { plan: 'pro' },
          createdAt: '2026-01-01T00:00:00Z',
        },
      });

    const detail = await client.conversations.get('org_1', 'ticket-4242');
    expect(detail.conversation.id).toBe('ticket-4242');
    expect(detail.parts.map((p) => p.type)).toEqual(['message', 'note']);
    expect(detail.metadata?.attributes).toEqual({ plan: 'pro' });
  });

  it('checks the ingest body before sending, naming each field', async () => {
    expect(
      await invalidPaths(() =>
        client.conversations.ingest('org_1', {
          id: '',
          metadata: {
            url: 'help desk',
            createdAt: 'yesterday',
            attributes: { plan: 3 as unknown as string },
          },
          parts: [{ type: 'comment' as 'message', role: '', body: ' ' }],
        }),
      ),
    ).toEqual([
      'body.id',
      'body.metadata.url',
      'body.metadata.attributes.plan',
      'body.metadata.createdAt',
      'body.parts.0.type',
      'body.parts.0.role',
      'body.parts.0.body',
    ]);
    expect(await invalidPaths(() => client.conversations.ingest('org_1', { id: 'c1', parts: [] }))).toEqual([
      'body.parts',
    ]);
    expect(
      await invalidPaths(() =>
        client.conversations.ingest('org_1', {
          id: '..',
          parts: ingestBody.parts,
          channel: 'x',
        } as ConversationInput),
      ),
    ).toEqual(['body.id', 'body.channel']);
  });
});

describe('client.conversations.clusters', () => {
  it('sends order and the sort property as `order` and `sort`', async () => {
    nock(API)
      .get(`${ORG}/conversations-clusters`)
      .query({ order: 'asc', sort: 'updatedAt' })
      .reply(200, {
        items: [
          {
            object: 'issues-cluster',
            id: 'cluster_1',
            label: 'CLI questions',
            weeklyPulse: [0, 2, 1],
            sources: { api: 2 },
            stats: { issues: 3, conversations: 2 },
          },
        ],
      });

    const page = await client.conversations.clusters.list('org_1', { order: 'asc', sort: 'updatedAt' });
    expect(page.items[0]?.stats).toEqual({ issues: 3, conversations: 2 });
  });

  it('refuses an order or sort property the contract does not know', async () => {
    expect(
      await invalidPaths(() =>
        client.conversations.clusters.list('org_1', { order: 'up' as 'asc', sort: 'label' as 'updatedAt' }),
      ),
    ).toEqual(['query.order', 'query.sort']);
  });
});

describe('client.conversations.issues', () => {
  it('sends the cluster and conversation filters as `cluster` and `conversation`, and walks pages', async () => {
    nock(API)
      .get(`${ORG}/conversations-issues`)
      .query({ cluster: 'cluster_1', conversation: 'conv_1' })
      .reply(200, { items: [issueItem('issue_1', 'cluster_1')], next: { page: 'p2' } })
      .get(`${ORG}/conversations-issues`)
      .query({ cluster: 'cluster_1', conversation: 'conv_1', page: 'p2' })
      .reply(200, { items: [issueItem('issue_2', 'cluster_1')] });

    const items = await client.conversations.issues
      .list('org_1', { cluster: 'cluster_1', conversation: 'conv_1' })
      .toArray({ max: 10 });
    expect(items.map((item) => [item.issue.id, item.conversation.id])).toEqual([
      ['issue_1', 'conv_1'],
      ['issue_2', 'conv_1'],
    ]);
  });

  it('reads one issue item', async () => {
    nock(API).get(`${ORG}/conversations-issues/issue_1`).reply(200, issueItem('issue_1', 'cluster_1'));

    const item = await client.conversations.issues.get('org_1', 'issue_1');
    expect(item.issue.cluster).toBe('cluster_1');
  });

  it('refuses empty filters before sending', async () => {
    expect(
      await invalidPaths(() => client.conversations.issues.list('org_1', { cluster: '', conversation: '' })),
    ).toEqual(['query.cluster', 'query.conversation']);
  });
});
