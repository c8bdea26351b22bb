import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import SitesDelete from './delete.js';
import SitesView from './view.js';

/* The sites commands at a terminal: organization and site pickers, and the delete confirmation. */

const cli = useInProcessCli();

describe('docs sites at a terminal', () => {
  it('picks the organization and the site from lists when neither is given', async () => {
    vi.stubEnv('DOCS_ORG', undefined);
    const select = vi
      .spyOn(prompts, 'select')
      .mockResolvedValueOnce('org_acme')
      .mockResolvedValueOnce('site_internal');

    const result = await cli.run(SitesView, []);

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Title:\s+Internal Handbook/);
    expect(select.mock.calls.map(([message]) => message)).toEqual(['Organization', 'Site']);
    expect(select.mock.calls[0]?.[1]).toEqual([
      { name: 'Acme Inc (org_acme)', value: 'org_acme' },
      { name: 'Beta Labs (org_beta)', value: 'org_beta' },
    ]);
    expect(select.mock.calls[1]?.[1]).toEqual([
      { name: 'Acme Docs (site_docs)', value: 'site_docs' },
      { name: 'Internal Handbook (site_internal)', value: 'site_internal' },
    ]);
  });

  it('asks before deleting and keeps the site on "no"', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await cli.run(SitesDelete, ['site_internal']);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cancelled.');
    expect(confirm).toHaveBeenCalledWith('Delete site site_internal?');
    expect(cli.sandbox.store.sites.has('site_internal')).toBe(true);
    expect(cli.sandbox.requests.get('sites.delete')).toBeUndefined();
  });

  it('deletes on "yes", and with --yes asks nothing', async () => {
    vi.spyOn(prompts, 'confirm').mockResolvedValue(true);
    expect((await cli.run(SitesDelete, ['site_internal'])).code).toBe(0);
    expect(cli.sandbox.store.sites.has('site_internal')).toBe(false);

    const confirm = vi.spyOn(prompts, 'confirm');
    confirm.mockClear();
    const result = await cli.run(SitesDelete, ['site_docs', '--yes']);
    expect(result.code).toBe(0);
    expect(confirm).not.toHaveBeenCalled();
    expect(cli.sandbox.store.sites.has('site_docs')).toBe(false);
  });

  it('away from a terminal, never prompts: the missing flag or argument is named instead', async () => {
    cli.canPrompt.mockReturnValue(false);
    vi.stubEnv('DOCS_ORG', undefined);
    const select = vi.spyOn(prompts, 'select');
    const confirm = vi.spyOn(prompts, 'confirm');

    // In order: the positional argument first, then the flags.
    const nothing = await cli.run(SitesView, []);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toBe('Error: Missing the site id: pass it as an argument.\n');
    const noOrg = await cli.run(SitesView, ['site_docs']);
    expect(noOrg.code).toBe(2);
    expect(noOrg.stderr).toContain('Missing --org');

    const noYes = await cli.run(SitesDelete, ['site_docs', '--org', 'org_acme']);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toContain('Pass --yes');
    expect(select).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
    expect(cli.sandbox.store.sites.has('site_docs')).toBe(true);
  });
});
