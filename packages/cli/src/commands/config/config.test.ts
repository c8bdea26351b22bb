import { readFile, rm, stat } from 'node:fs/promises';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { configPath, readConfig, writeConfig } from '../../lib/config.js';
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
    await cli.run(ConfigSet, ['org', 'org_nowhere']);
    expect((await cli.run(TeamsList, ['--org', 'org_acme'])).stdout).toContain('team_docs');
    vi.stubEnv('DOCS_ORG', 'org_acme');
    expect((await cli.run(TeamsList, [])).stdout).toContain('team_docs');
  });
});
