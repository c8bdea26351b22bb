import type { ConversationRow, Store } from './store.js';

/**
 * Demo conversations of org_acme, with fixed ids:
 * - clusters `cluster_cli_questions` "CLI questions" (the cluster change request cr_cli answers)
 *   and `cluster_billing` "Billing", each with the keywords that put new issues in it;
 * - conversations `conv_cli_install` (intercom), `conv_cli_token` (slack) and `conv_invoice_vat`
 *   (intercom);
 * - issues `issue_cli_windows` and `issue_cli_token_ci` (CLI questions) and `issue_invoice_vat`
 *   (Billing), one per conversation.
 */

const at = (day: number, time: string) => `2026-01-${String(day).padStart(2, '0')}T${time}:00.000Z`;

function conversation(
  seed: Omit<ConversationRow, 'organization' | 'metadata'> & {
    url: string;
    attributes: Record<string, string>;
  },
): ConversationRow {
  const { url, attributes, ...row } = seed;
  return { ...row, organization: 'org_acme', metadata: { url, attributes, createdAt: row.createdAt } };
}

export function seedConversations(store: Store): void {
  store.issuesClusters.set('cluster_cli_questions', {
    id: 'cluster_cli_questions',
    organization: 'org_acme',
    label: 'CLI questions',
    icon: '💻',
    summary: 'Installing the docs CLI and logging in with it',
    createdAt: at(6, '08:00'),
    keywords: ['cli', 'command line', 'docs auth', 'terminal'],
  });
  store.issuesClusters.set('cluster_billing', {
    id: 'cluster_billing',
    organization: 'org_acme',
    label: 'Billing',
    icon: '💳',
    summary: 'Invoices, payments and refunds',
    createdAt: at(6, '08:00'),
    keywords: ['billing', 'invoice', 'invoices', 'payment', 'refund'],
  });

  for (const row of [
    conversation({
      id: 'conv_cli_install',
      subject: 'Installing the CLI on Windows',
      source: 'intercom',
      createdAt: at(6, '07:30'),
      processedAt: at(6, '07:35'),
      url: 'https://support.acme.test/conversations/1001',
      attributes: { plan: 'business', locale: 'en' },
      parts: [
        {
          type: 'message',
          role: 'user',
          body: 'How do I install the docs CLI on Windows? npm install -g fails with EACCES.',
        },
        {
          type: 'message',
          role: 'assistant',
          body: 'Use a Node version manager such as nvm-windows, then install it again without admin rights.',
        },
      ],
    }),
    conversation({
      id: 'conv_cli_token',
      subject: 'The CLI says my token is invalid',
      source: 'slack',
      createdAt: at(8, '14:00'),
      processedAt: at(8, '14:05'),
      url: 'https://acme.slack.test/archives/C01/p1001',
      attributes: { channel: '#docs-help' },
      parts: [
        {
          type: 'message',
          role: 'user',
          body: '`docs auth login --with-token` keeps saying my token is invalid in CI.',
        },
      ],
    }),
    conversation({
      id: 'conv_invoice_vat',
      subject: 'Wrong VAT number on our invoice',
      source: 'intercom',
      createdAt: at(9, '10:00'),
      processedAt: at(9, '10:05'),
      url: 'https://support.acme.test/conversations/1002',
      attributes: { plan: 'business', locale: 'de' },
      parts: [
        {
          type: 'message',
          role: 'user',
          body: 'Our last invoice has the wrong VAT number. Can you send a corrected one?',
        },
        { type: 'message', role: 'assistant', body: 'Sorry about that: a corrected invoice is on its way.' },
      ],
    }),
  ]) {
    store.conversations.set(`${row.organization}/${row.id}`, row);
  }

  for (const [id, conversationId, cluster, title, summary, createdAt, ingestedAt] of [
    [
      'issue_cli_windows',
      'conv_cli_install',
      'cluster_cli_questions',
      'CLI install fails on Windows with EACCES',
      'npm install -g of the docs CLI fails with EACCES on Windows.',
      at(6, '07:30'),
      at(6, '07:35'),
    ],
    [
      'issue_cli_token_ci',
      'conv_cli_token',
      'cluster_cli_questions',
      'Token refused by docs auth login in CI',
      '`docs auth login --with-token` says the token is invalid when run in CI.',
      at(8, '14:00'),
      at(8, '14:05'),
    ],
    [
      'issue_invoice_vat',
      'conv_invoice_vat',
      'cluster_billing',
      'Wrong VAT number on an invoice',
      'An invoice carries the wrong VAT number; the customer wants a corrected one.',
      at(9, '10:00'),
      at(9, '10:05'),
    ],
  ] as const) {
    store.conversationIssues.set(id, {
      id,
      organization: 'org_acme',
      conversation: conversationId,
      cluster,
      title,
      summary,
      createdAt,
      ingestedAt,
    });
  }
}
