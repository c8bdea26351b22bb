import { describe, expect, it, vi } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import IntegrationsEvents from './events.js';
import IntegrationsInstall from './install.js';
import IntegrationsUnpublish from './unpublish.js';

/* Installing, following and unpublishing integrations against the sandbox (issue 22, item 6). */

const cli = useInProcessCli();

describe('docs integrations install', () => {
  it("uses the organization's installation and enables it on a space", async () => {
    const result = await cli.run(IntegrationsInstall, [
      'analytics-pro',
      '--space',
      'space_handbook',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as unknown;
    expect(json).toMatchObject({
      integration: 'analytics-pro',
      installation: { id: 'inst_analytics_pro' },
      installedOnOrganization: false,
      space: { space: expect.anything() as unknown },
    });
    expect(cli.sandbox.requests.get('installIntegration')).toBeUndefined();
  });

  it('installs on the organization first when it is not, then on a site; a second run says it is there', async () => {
    cli.sandbox.store.installations.clear();
    const first = await cli.run(IntegrationsInstall, ['support-chat', '--site', 'site_internal']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(
      /Installed support-chat on organization org_acme \(installation \w+\)\n✓ Installed support-chat on site site_internal/,
    );
    const again = await cli.run(IntegrationsInstall, ['support-chat']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/support-chat is installed on organization org_acme already/);
  });

  it('refuses --space with --site before sending anything', async () => {
    const result = await cli.run(IntegrationsInstall, ['analytics-pro', '--space', 'a', '--site', 'b']);
    expect(result.code).toBe(2);
    expect(cli.totalRequests()).toBe(0);
  });
});

describe('docs integrations events', () => {
  it('lists the execution log', async () => {
    const result = await cli.run(IntegrationsEvents, ['analytics-pro']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^installation_setup\tsuccess\t\S+\tevent_analytics_setup\tinst_analytics_pro\n$/,
    );
    const denied = await cli.run(IntegrationsEvents, ['support-chat']);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('HTTP 403');
  });

  it('--follow prints the log with each event, then new events as they come, until Ctrl-C (exit 0)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const running = cli.run(IntegrationsEvents, ['analytics-pro', '--follow', '--interval', '2']);
      await vi.advanceTimersByTimeAsync(10);
      // A new event: installing the integration on a space sets it up there (through another
      // client: a second command would take over the captured output).
      const client = new DocsClient({
        token: cli.sandbox.token,
        baseUrl: 'http://sandbox.test/v1',
        fetch: cli.sandbox.fetch,
      });
      await client.integrations.installOnSpace('analytics-pro', 'inst_analytics_pro', { space: 'space_api' });
      await vi.advanceTimersByTimeAsync(2100);
      process.emit('SIGINT');
      await vi.advanceTimersByTimeAsync(10);
      const result = await running;
      expect(result.code, result.stderr).toBe(0);
      const lines = result.stdout.split('\n');
      expect(lines[0]).toMatch(/success {2}installation_setup {2}event_analytics_setup$/);
      expect(lines[1]).toBe('  [info] Received installation_setup for installation inst_analytics_pro');
      expect(result.stdout).toMatch(/space_installation_setup {2}\w+\n {2}\[\w+\] /);
      expect(result.stderr).toContain('Stopped following.');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('docs integrations unpublish', () => {
  it('asks first, then removes the integration with its installations', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(true);
    const result = await cli.run(IntegrationsUnpublish, ['analytics-pro']);
    expect(result.code, result.stderr).toBe(0);
    expect(confirm).toHaveBeenCalledWith(
      'Unpublish integration analytics-pro? It leaves the marketplace and every installation, and cannot be undone.',
    );
    expect(cli.sandbox.store.integrations.has('analytics-pro')).toBe(false);
  });

  it('is refused (403, exit 1) for an integration another organization owns', async () => {
    const result = await cli.run(IntegrationsUnpublish, ['support-chat', '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('403');
  });
});
