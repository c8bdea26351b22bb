import { ORG, type AreaCalls } from './types.js';

/*
 * None of these operations is in the published document: their sandbox answers are checked
 * against our own contract only (the sandbox runs with `checkResponses`).
 */
export const conversationCalls: AreaCalls = {
  'conversations.clusters.list': {
    full: (c) =>
      c.conversations.clusters.list(ORG, { limit: 10, page: 'p2', order: 'asc', sort: 'updatedAt' }),
    seed: (c) => c.conversations.clusters.list(ORG),
  },
  'conversations.list': {
    full: (c) => c.conversations.list(ORG, { limit: 10, page: 'p2', source: 'intercom' }),
    seed: (c) => c.conversations.list(ORG),
  },
  'conversations.ingest': {
    full: (c) =>
      c.conversations.ingest(ORG, {
        id: 'ticket-4242',
        subject: 'Cannot log in with the CLI',
        metadata: {
          url: 'https://support.acme.test/conversations/4242',
          attributes: { plan: 'business' },
          createdAt: '2026-01-19T09:30:00Z',
        },
        parts: [
          { type: 'message', role: 'user', body: 'docs auth login says my token is invalid' },
          { type: 'message', role: 'assistant', body: 'Create a new token and log in again.' },
        ],
      }),
    seed: (c) =>
      c.conversations.ingest(ORG, {
        id: 'ticket-4243',
        parts: [{ type: 'message', role: 'user', body: 'Where is my invoice?' }],
      }),
  },
  'conversations.get': {
    full: (c) => c.conversations.get(ORG, 'conv_cli_install'),
    seed: (c) => c.conversations.get(ORG, 'conv_cli_install'),
  },
  'conversations.issues.list': {
    full: (c) =>
      c.conversations.issues.list(ORG, {
        limit: 10,
        page: 'p2',
        cluster: 'cluster_cli_questions',
        conversation: 'conv_cli_install',
      }),
    seed: (c) => c.conversations.issues.list(ORG),
  },
  'conversations.issues.get': {
    full: (c) => c.conversations.issues.get(ORG, 'issue_cli_windows'),
    seed: (c) => c.conversations.issues.get(ORG, 'issue_cli_windows'),
  },
};
