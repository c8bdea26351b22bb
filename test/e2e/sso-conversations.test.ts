import { writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaOperationIds, json, lines, ok, useE2e } from './harness.js';

/*
 * Every `docs saml ...` and `docs conversations ...` command, run as the built binary (no TTY)
 * against one sandbox on a loopback port. The tests share the sandbox and run in order.
 * Seed: SAML provider saml_okta "Okta" (team_docs, edit); clusters cluster_billing and
 * cluster_cli_questions; conversations conv_cli_install, conv_cli_token, conv_invoice_vat; one
 * issue per conversation.
 */

type Provider = {
  id: string;
  label: string;
  status: string;
  entityID: string;
  ssoURL: string;
  certificate: string;
  defaultTeam: { id: string } | null;
  defaultRole: string | null;
  service: { acsURL: string; startURL: string; entityID: string };
};
type Conversation = { id: string; subject?: string; source: string; processedAt: string };
type Detail = { conversation: Conversation; parts: unknown[]; metadata: Record<string, unknown> };
type IssueItem = {
  issue: { id: string; title: string; cluster: string; conversation: string };
  conversation: Conversation;
};
type Cluster = {
  id: string;
  updatedAt: string;
  stats: { issues: number; conversations: number };
  weeklyPulse: number[];
};

const SSO = 'https://app.sandbox.docs-api.local/sso/saml';

const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBizCCATGgAwIBAgIUJ9RC+6q7EimgLVWCX2J/Krcvt4IwCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQaWRwLmV4YW1wbGUudGVzdDAeFw0yNjExMjIxNzI5NDhaFw0z
NjExMTkxNzI5NDhaMBsxGTAXBgNVBAMMEGlkcC5leGFtcGxlLnRlc3QwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAR/eZMER9x5FVvNHZZiGgui5y5DyM8h23Tz0eWB
GWY1DCD3KyU6g9tckiVMbAhOpepvZ19HgCc/xX9ClT9GFB8ho1MwUTAdBgNVHQ4E
FgQUEm5WpLvWn/1m5EiGGUc62zYo1YQwHwYDVR0jBBgwFoAUEm5WpLvWn/1m5EiG
GUc62zYo1YQwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiEArJwJ
+dcm6TgaDCFVru3LIAQr2xOJIQMZS/EpoOHGTPECIF8VXdMXncDLjajjx1J30y4G
9UFbs9n3zwH8r2TtL4UG
-----END CERTIFICATE-----
`;

const e2e = useE2e();
const { run: docs, totalRequests, file } = e2e;

beforeAll(async () => {
  await writeFile(file('idp.pem'), CERTIFICATE);
  await writeFile(file('key.pem'), '-----BEGIN PRIVATE KEY-----\nQUJD\n-----END PRIVATE KEY-----\n');
});

describe('docs saml', () => {
  it('lists providers as tab-separated rows and shows one, with the certificate read', async () => {
    const list = ok(await docs('saml', 'list'));
    expect(lines(list.stdout)).toEqual([
      'saml_okta\tOkta\tactive\tteam_docs\tedit\thttps://acme.okta.test/app/acme_docs/exkacme0001/sso/saml\t2026-01-05T11:00:00.000Z',
    ]);
    const view = ok(await docs('saml', 'view', 'saml_okta'));
    expect(view.stdout).toMatch(/Default team:\s+Docs writers \(team_docs\)/);
    expect(view.stdout).toMatch(
      /Certificate:\s+CN=acme\.okta\.test, valid to .*2036 GMT, SHA-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}/,
    );
    expect(view.stdout).toContain(`ACS URL:           ${SSO}/saml_okta/acs`);
    const sso = ok(await docs('saml', 'sso-entries'));
    expect(lines(sso.stdout)).toEqual([`saml_okta\tOkta\t${SSO}/saml_okta/start`]);
  });

  it('creates a provider from a certificate file and from standard input', async () => {
    const created = json<Provider>(
      ok(
        await docs(
          'saml',
          'create',
          '--label',
          'Entra ID',
          '--entity-id',
          'https://sts.windows.test/acme/',
          '--sso-url',
          'https://login.microsoftonline.test/acme/saml2',
          '--certificate-file',
          file('idp.pem'),
          '--default-team',
          'team_reviewers',
          '--default-role',
          'review',
          '--json',
        ),
      ),
    );
    expect(created).toMatchObject({
      label: 'Entra ID',
      status: 'active',
      certificate: CERTIFICATE,
      defaultTeam: { id: 'team_reviewers' },
      defaultRole: 'review',
      service: { startURL: `${SSO}/${created.id}/start` },
    });

    const piped = await e2e.docs(
      [
        'saml',
        'create',
        '--label',
        'Google',
        '--entity-id',
        'https://accounts.google.test/o/saml2?idpid=C01',
        '--sso-url',
        'https://accounts.google.test/o/saml2/idp?idpid=C01',
        '--certificate-file',
        '-',
      ],
      { input: CERTIFICATE },
    );
    ok(piped);
    expect(piped.stderr).toMatch(/Created SAML provider saml_\w+/);
    expect(piped.stdout).toMatch(/Default role:\s+read/);
    expect(piped.stdout).toMatch(/Certificate:\s+CN=idp\.example\.test/);

    const entries = ok(await docs('saml', 'sso-entries'));
    expect(lines(entries.stdout).map((line) => line.split('\t')[1])).toEqual(['Okta', 'Entra ID', 'Google']);
    const asJson = json<Provider[]>(ok(await docs('saml', 'list', '--json')));
    expect(asJson.map((p) => p.label)).toEqual(['Okta', 'Entra ID', 'Google']);
  });

  it('edits only the given fields', async () => {
    const edited = json<Provider>(
      ok(
        await docs(
          'saml',
          'edit',
          'saml_okta',
          '--label',
          'Okta (production)',
          '--default-role',
          'comment',
          '--json',
        ),
      ),
    );
    expect(edited).toMatchObject({
      label: 'Okta (production)',
      defaultRole: 'comment',
      defaultTeam: { id: 'team_docs' },
      entityID: 'http://www.okta.com/exkacme0001',
    });
    const human = ok(await docs('saml', 'edit', 'saml_okta', '--certificate-file', file('idp.pem')));
    expect(human.stderr).toContain('Updated SAML provider saml_okta');
    expect(human.stdout).toMatch(/Certificate:\s+CN=idp\.example\.test/);
  });

  it('creates a pending provider from --label alone, with guests as the default role', async () => {
    const pending = json<Provider>(
      ok(await docs('saml', 'create', '--label', 'Pending IdP', '--default-role', 'guest', '--json')),
    );
    expect(pending).toMatchObject({ label: 'Pending IdP', status: 'pending', defaultRole: null });
    // Not a way to sign in until configured.
    const entries = json<Array<{ label: string }>>(ok(await docs('saml', 'sso-entries', '--json')));
    expect(entries.map((entry) => entry.label)).not.toContain('Pending IdP');
    ok(await docs('saml', 'delete', pending.id, '--yes'));
  });

  it('exits 1 with the server message for a default team outside the organization', async () => {
    const result = await docs('saml', 'edit', 'saml_okta', '--default-team', 'team_nope');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('body.defaultTeam: "team_nope" is not a team of organization "org_acme"');
    expect(result.stderr).toContain('HTTP 400');
  });

  it('deletes with --yes only; deleting again succeeds; reading it then exits 3', async () => {
    const refused = await docs('saml', 'delete', 'saml_okta');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    expect(e2e.sandbox.store.samlProviders.has('saml_okta')).toBe(true);

    const deleted = ok(await docs('saml', 'delete', 'saml_okta', '--yes'));
    expect(deleted.stderr).toContain('Deleted SAML provider saml_okta');
    expect(json(ok(await docs('saml', 'delete', 'saml_okta', '--yes', '--json')))).toEqual({
      deleted: 'saml_okta',
    });
    const gone = await docs('saml', 'view', 'saml_okta');
    expect(gone.code).toBe(3);
    expect(gone.stderr).toContain('SAML provider "saml_okta" was not found');
    const labels = json<Array<{ label: string }>>(ok(await docs('saml', 'sso-entries', '--json')));
    expect(labels.map((entry) => entry.label)).toEqual(['Entra ID', 'Google']);
  });

  it('exits 2 naming the field or flag on bad input, and sends nothing', async () => {
    const before = totalRequests();
    const base = ['saml', 'create', '--label', 'X', '--entity-id', 'urn:x'];
    const badCertificate = await docs(
      ...base,
      '--sso-url',
      'https://idp.test/sso',
      '--certificate-file',
      file('key.pem'),
    );
    expect(badCertificate.code).toBe(2);
    // The CLI reads the file as a certificate (node's X509Certificate); the contract takes any string.
    expect(badCertificate.stderr).toContain('--certificate-file: ');
    expect(badCertificate.stderr).toContain('holds no PEM certificate');
    const badUrl = await docs(...base, '--sso-url', 'idp.test/sso', '--certificate-file', file('idp.pem'));
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('ssoURL');
    const noFile = await docs(
      ...base,
      '--sso-url',
      'https://idp.test/sso',
      '--certificate-file',
      file('nope.pem'),
    );
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('--certificate-file: cannot read');
    // Only --label is required (the published document): the provider stays pending until configured.
    const missing = await docs('saml', 'create', '--entity-id', 'urn:x');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^Error: Missing --label: /);
    expect(missing.stderr).toMatch(/label/);
    const longLabel = await docs('saml', 'create', '--label', 'x'.repeat(31));
    expect(longLabel.code).toBe(2);
    expect(longLabel.stderr).toContain('label');
    const badRole = await docs('saml', 'edit', 'saml_x', '--default-role', 'owner');
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/--default-role/);
    const nothing = await docs('saml', 'edit', 'saml_x');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Nothing to change');
    const noProvider = await docs('saml', 'view');
    expect(noProvider.code).toBe(2);
    expect(noProvider.stderr).toContain('Missing the SAML provider id');
    expect(totalRequests()).toBe(before);
  });
});

describe('docs conversations: reads', () => {
  it('lists clusters most recently updated first, or oldest first with --order asc', async () => {
    const desc = ok(await docs('conversations', 'clusters'));
    expect(lines(desc.stdout).map((line) => line.split('\t').slice(0, 5))).toEqual([
      ['cluster_billing', '💳 Billing', '1', '1', '2026-01-09T10:05:00.000Z'],
      ['cluster_cli_questions', '💻 CLI questions', '2', '2', '2026-01-08T14:05:00.000Z'],
    ]);
    const asc = json<Cluster[]>(
      ok(await docs('conversations', 'clusters', '--order', 'asc', '--sort', 'updatedAt', '--json')),
    );
    expect(asc.map((c) => c.id)).toEqual(['cluster_cli_questions', 'cluster_billing']);
    expect(asc[0]?.weeklyPulse).toHaveLength(13);
  });

  it('lists conversations, filtered by source', async () => {
    const all = ok(await docs('conversations', 'list'));
    expect(lines(all.stdout)).toEqual([
      'conv_invoice_vat\tWrong VAT number on our invoice\tintercom\t2026-01-09T10:00:00.000Z\t2026-01-09T10:05:00.000Z',
      'conv_cli_token\tThe CLI says my token is invalid\tslack\t2026-01-08T14:00:00.000Z\t2026-01-08T14:05:00.000Z',
      'conv_cli_install\tInstalling the CLI on Windows\tintercom\t2026-01-06T07:30:00.000Z\t2026-01-06T07:35:00.000Z',
    ]);
    const slack = json<Conversation[]>(
      ok(await docs('conversations', 'list', '--source', 'slack', '--json')),
    );
    expect(slack.map((c) => c.id)).toEqual(['conv_cli_token']);
  });

  it('shows a conversation with its messages; an absent one exits 3', async () => {
    const view = ok(await docs('conversations', 'view', 'conv_invoice_vat'));
    expect(view.stdout).toMatch(/Attributes:\s+plan=business, locale=de/);
    expect(view.stdout).toContain(
      'Messages:\n  user: Our last invoice has the wrong VAT number. Can you send a corrected one?\n  assistant: Sorry about that',
    );
    const gone = await docs('conversations', 'view', 'conv_nope');
    expect(gone.code).toBe(3);
    expect(gone.stderr).toContain('conversation "conv_nope" was not found');
  });

  it('lists issues by cluster and by conversation, and shows one', async () => {
    const byCluster = ok(await docs('conversations', 'issues', 'list', '--cluster', 'cluster_cli_questions'));
    expect(lines(byCluster.stdout)).toEqual([
      'issue_cli_token_ci\tToken refused by docs auth login in CI\tcluster_cli_questions\tconv_cli_token\t2026-01-08T14:00:00.000Z',
      'issue_cli_windows\tCLI install fails on Windows with EACCES\tcluster_cli_questions\tconv_cli_install\t2026-01-06T07:30:00.000Z',
    ]);
    const byConversation = json<IssueItem[]>(
      ok(await docs('conversations', 'issues', 'list', '--conversation', 'conv_invoice_vat', '--json')),
    );
    expect(byConversation.map((item) => item.issue.id)).toEqual(['issue_invoice_vat']);
    const view = ok(await docs('conversations', 'issues', 'view', 'issue_cli_windows'));
    expect(view.stdout).toMatch(/Conversation:\s+conv_cli_install \(Installing the CLI on Windows\)/);
    expect(view.stdout).toMatch(/Summary:\s+npm install -g of the docs CLI fails with EACCES on Windows\./);
    const gone = await docs('conversations', 'issues', 'view', 'issue_nope');
    expect(gone.code).toBe(3);
    const noCluster = await docs('conversations', 'issues', 'list', '--cluster', 'cluster_nope');
    expect(noCluster.code).toBe(3);
    expect(noCluster.stderr).toContain('cluster "cluster_nope" was not found');
  });
});

describe('docs conversations ingest', () => {
  it('ingests conversations from a file: issues appear in the clusters whose topic they mention', async () => {
    await writeFile(
      file('conversations.json'),
      JSON.stringify([
        {
          id: 'zendesk-4242',
          subject: 'Command line login hangs',
          metadata: { url: 'https://acme.zendesk.test/tickets/4242', attributes: { plan: 'pro' } },
          parts: [{ type: 'message', role: 'user', body: 'docs auth login hangs after the upgrade.' }],
        },
        {
          id: 'zendesk-4243',
          subject: 'Dark mode',
          parts: [{ type: 'message', role: 'user', body: 'Could the site have a dark theme?' }],
        },
      ]),
    );
    const result = ok(await docs('conversations', 'ingest', '--file', file('conversations.json')));
    expect(result.stderr).toContain('Ingested 2 conversations: zendesk-4242, zendesk-4243');

    const detail = json<Detail>(ok(await docs('conversations', 'view', 'zendesk-4242', '--json')));
    expect(detail.conversation).toMatchObject({ source: 'api', subject: 'Command line login hangs' });
    expect(detail.conversation.processedAt).toBeTruthy();
    const issues = json<IssueItem[]>(
      ok(await docs('conversations', 'issues', 'list', '--conversation', 'zendesk-4242', '--json')),
    );
    expect(issues.map((item) => [item.issue.cluster, item.issue.title])).toEqual([
      ['cluster_cli_questions', 'Command line login hangs'],
    ]);
    expect(
      json<IssueItem[]>(
        ok(await docs('conversations', 'issues', 'list', '--conversation', 'zendesk-4243', '--json')),
      ),
    ).toEqual([]);

    const clusters = json<Cluster[]>(ok(await docs('conversations', 'clusters', '--json')));
    expect(clusters[0]).toMatchObject({
      id: 'cluster_cli_questions',
      stats: { issues: 3, conversations: 3 },
    });
    expect(clusters[0]?.weeklyPulse.at(-1)).toBe(1);
    const api = json<Conversation[]>(ok(await docs('conversations', 'list', '--source', 'api', '--json')));
    expect(api.map((c) => c.id).sort()).toEqual(['zendesk-4242', 'zendesk-4243']);
  });

  it('ingests one conversation from standard input, replacing the one with the same id', async () => {
    const conversation = {
      id: 'zendesk-4243',
      subject: 'Refund',
      parts: [{ type: 'message', role: 'user', body: 'We were charged twice; please refund one payment.' }],
    };
    const result = await e2e.docs(['conversations', 'ingest', '--file', '-', '--json'], {
      input: JSON.stringify(conversation),
    });
    expect(json(ok(result))).toEqual({ ingested: ['zendesk-4243'] });
    const issues = json<IssueItem[]>(
      ok(await docs('conversations', 'issues', 'list', '--conversation', 'zendesk-4243', '--json')),
    );
    expect(issues.map((item) => item.issue.cluster)).toEqual(['cluster_billing']);
    expect(
      json<Detail>(ok(await docs('conversations', 'view', 'zendesk-4243', '--json'))).conversation.subject,
    ).toBe('Refund');
  });

  it('exits 2 on a bad file, naming the conversation and field, and sends nothing', async () => {
    const before = totalRequests();
    const notJson = await e2e.docs(['conversations', 'ingest', '--file', '-'], { input: '{"id":' });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('--file: - is not valid JSON');
    const bad = await e2e.docs(['conversations', 'ingest', '--file', '-'], {
      input: JSON.stringify([
        { id: 'ok-1', parts: [{ type: 'message', role: 'user', body: 'fine' }] },
        { id: 'bad-2', parts: [{ type: 'message', body: 'no role' }], metadata: { createdAt: 'yesterday' } },
      ]),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'Invalid input in standard input, nothing was sent. conversation 2: metadata.createdAt: Invalid ISO datetime; conversation 2: parts.0.role: is required',
    );
    const noFile = await docs('conversations', 'ingest');
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toMatch(/^Error: Missing --file: /);
    const badOrder = await docs('conversations', 'clusters', '--order', 'sideways');
    expect(badOrder.code).toBe(2);
    expect(totalRequests()).toBe(before);
    const notSent = await docs('conversations', 'view', 'ok-1');
    expect(notSent.code).toBe(3);
  });
});

describe('coverage through the CLI', () => {
  it('exercised every Single sign-on and Conversations operation of the contract', () => {
    const ids = areaOperationIds('Single sign-on', 'Conversations');
    expect(ids).toHaveLength(12);
    expect(e2e.unhit(ids)).toEqual([]);
  });
});
