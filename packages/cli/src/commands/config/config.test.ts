import { readFile, rm, stat } from 'node:fs/promises';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { configPath, readConfig, writeConfig } from '../../lib/config/config.js';
import TeamsList from '../teams/list.js';
import AuthLogout from '../auth/logout.js';
import ConfigGet from './get.js';
import ConfigList from './list.js';
import ConfigSet from './set.js';
import ConfigUnset from './unset.js';

/* `docs config set|get|list|unset` and the default organization every --org command falls back to. */

const cli = useInProcessCli();

beforeEach(async () => {
  await rm(cli.configDir, { recursive: true, force: true });
  vi.stubEnv('DOCS_ORG', undefined);
});

describe('docs config', () => {
  it('stores org and api-url beside the login, in a 0600 file, and reads them back', async () => {
    await writeConfig(cli.configDir, { token: 'stored-token' });
    expect((await cli.run(ConfigSet, ['org', 'org_acme'])).code).toBe(0);
    expect((await cli.run(ConfigSet, ['api-url', 'http://127.0.0.1:4010/v1'])).code).toBe(0);

    expect(await readConfig(cli.configDir)).toEqual({
      token: 'stored-token',
      org: 'org_acme',
      apiUrl: 'http://127.0.0.1:4010/v1',
    });
    expect((await stat(configPath(cli.configDir))).mode & 0o777).toBe(0o600);
    expect((await cli.run(ConfigGet, ['org'])).stdout).toBe('org_acme\n');
    const listed = await cli.run(ConfigList, []);
    expect(listed.stdout).toBe('org=org_acme\napi-url=http://127.0.0.1:4010/v1\n');
    expect(listed.stdout).not.toContain('stored-token');

    expect((await cli.run(ConfigUnset, ['org'])).code).toBe(0);
    const missing = await cli.run(ConfigGet, ['org']);
    expect(missing.code).toBe(0);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe('org is not set.\n');
    expect(await readConfig(cli.configDir)).toEqual({
      token: 'stored-token',
      apiUrl: 'http://127.0.0.1:4010/v1',
    });
  });

  it('refuses an unknown key or a bad value with exit 2, storing nothing', async () => {
    const unknown = await cli.run(ConfigSet, ['colour', 'blue']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('org');
    const credentials = await cli.run(ConfigSet, ['api-url', 'https://me:pw@api.example.test/v1']);
    expect(credentials.code).toBe(2);
    expect(credentials.stderr).toContain('credentials');
    expect(credentials.stderr).not.toContain('pw@');
    const notUrl = await cli.run(ConfigSet, ['api-url', 'api.example.test']);
    expect(notUrl.code).toBe(2);
    await expect(readFile(configPath(cli.configDir))).rejects.toThrow();
  });

  it('keeps the settings when logging out', async () => {
    await writeConfig(cli.configDir, { token: 'stored-token', org: 'org_acme' });
    await cli.run(AuthLogout, []);
    expect(await readConfig(cli.configDir)).toEqual({ org: 'org_acme' });
  });
});

describe('the default organization', () => {
  it('is used when --org and DOCS_ORG are absent, in a pipeline too', async () => {
    cli.canPrompt.mockReturnValue(false);
    const without = await cli.run(TeamsList, []);
    expect(without.code).toBe(2);
    expect(without.stderr).toContain('docs config set org');

    await cli.run(ConfigSet, ['org', 'org_acme']);
    const listed = await cli.run(TeamsList, []);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('team_docs');
  });

  it('loses to --org and DOCS_ORG', async () => {
    cli.canPrompt.mockReturnValue(false);
    await cli.run(ConfigSet, ['org', 'org_nowhere', '--force']);
    expect((await cli.run(TeamsList, ['--org', 'org_acme'])).stdout).toContain('team_docs');
    vi.stubEnv('DOCS_ORG', 'org_acme');
    expect((await cli.run(TeamsList, [])).stdout).toContain('team_docs');
  });

  it('is checked when set: an organization the token does not reach is refused, unless --force', async () => {
    const refused = await cli.run(ConfigSet, ['org', 'org_nope']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      'Organization org_nope was not found with your token: check the id (`docs orgs list`), or pass --force to store it anyway. Nothing was stored.',
    );
    expect(await readConfig(cli.configDir)).toEqual({});
    const forced = await cli.run(ConfigSet, ['org', 'org_nope', '--force']);
    expect(forced.code).toBe(0);
    expect(await readConfig(cli.configDir)).toEqual({ org: 'org_nope' });
  });

  it('when it causes an error, the error says it comes from the settings and how to change it', async () => {
    cli.canPrompt.mockReturnValue(false);
    await cli.run(ConfigSet, ['org', 'org_nope', '--force']);
    const result = await cli.run(TeamsList, []);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      `The organization org_nope comes from your settings (${configPath(cli.configDir)}): pass --org, or change it with \`docs config set org <organization-id>\`.`,
    );
    // Given with --org, the same error says nothing of the settings.
    const given = await cli.run(TeamsList, ['--org', 'org_other']);
    expect(given.code).toBe(3);
    expect(given.stderr).not.toContain('comes from your settings');
  });
});

describe('editor, pager and browser', () => {
  it('are stored as commands and listed', async () => {
    expect((await cli.run(ConfigSet, ['editor', 'code --wait'])).code).toBe(0);
    expect((await cli.run(ConfigSet, ['pager', 'less -R'])).code).toBe(0);
    expect((await cli.run(ConfigSet, ['browser', 'firefox'])).code).toBe(0);
    expect((await cli.run(ConfigList, [])).stdout).toBe(
      'editor=code --wait\npager=less -R\nbrowser=firefox\n',
    );
    const bad = await cli.run(ConfigSet, ['editor', 'vim\nrm -rf /']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('editor must be a command on one line');
  });
});
