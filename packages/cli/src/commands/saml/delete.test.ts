import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import ConversationsIssuesView from '../conversations/issues/view.js';
import SamlDelete from './delete.js';

/* The SAML and conversations commands at a terminal: the pickers and the delete confirmation. */

const cli = useInProcessCli();

describe('docs saml delete at a terminal', () => {
  it('picks the provider from a list, asks before deleting and keeps it on "no"', async () => {
    const select = vi.spyOn(prompts, 'select').mockResolvedValueOnce('saml_okta');
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await cli.run(SamlDelete, []);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cancelled.');
    expect(select.mock.calls[0]?.[0]).toBe('SAML provider');
    expect(select.mock.calls[0]?.[1]).toEqual([
      {
        name: 'Okta (saml_okta)',
        value: 'saml_okta',
        description: 'https://acme.okta.test/app/acme_docs/exkacme0001/sso/saml',
      },
    ]);
    expect(confirm).toHaveBeenCalledWith(
      'Delete SAML provider saml_okta? Members signing in with it will be locked out.',
    );
    expect(cli.sandbox.store.samlProviders.has('saml_okta')).toBe(true);
    expect(cli.sandbox.requests.get('saml.delete')).toBeUndefined();
  });

  it('deletes on "yes"', async () => {
    vi.spyOn(prompts, 'confirm').mockResolvedValue(true);
    const result = await cli.run(SamlDelete, ['saml_okta']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Deleted SAML provider saml_okta');
    expect(cli.sandbox.store.samlProviders.has('saml_okta')).toBe(false);
  });

  it('says so, without prompting, when the organization has no provider to pick', async () => {
    cli.sandbox.store.samlProviders.clear();
    const select = vi.spyOn(prompts, 'select');
    const result = await cli.run(SamlDelete, []);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Organization org_acme has no SAML providers.');
    expect(select).not.toHaveBeenCalled();
  });
});

describe('docs conversations issues view at a terminal', () => {
  it('picks the issue from a list, newest first, with its cluster', async () => {
    const select = vi.spyOn(prompts, 'select').mockResolvedValueOnce('issue_cli_token_ci');

    const result = await cli.run(ConversationsIssuesView, []);

    expect(result.code).toBe(0);
    expect(select.mock.calls[0]?.[1]).toEqual([
      {
        name: 'Wrong VAT number on an invoice (issue_invoice_vat)',
        value: 'issue_invoice_vat',
        description: 'cluster_billing',
      },
      {
        name: 'Token refused by docs auth login in CI (issue_cli_token_ci)',
        value: 'issue_cli_token_ci',
        description: 'cluster_cli_questions',
      },
      {
        name: 'CLI install fails on Windows with EACCES (issue_cli_windows)',
        value: 'issue_cli_windows',
        description: 'cluster_cli_questions',
      },
    ]);
    expect(result.stdout).toMatch(/Conversation:\s+conv_cli_token \(The CLI says my token is invalid\)/);
  });
});
