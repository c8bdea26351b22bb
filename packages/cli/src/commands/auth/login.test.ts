import { chmod, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { configPath, readConfig, writeConfig } from '../../lib/config/config.js';
import { prompts } from '../../lib/terminal/prompts.js';
import AuthLogin from './login.js';
import AuthStatus from './status.js';

/*
 * `docs auth login` and `docs auth status` in-process: the token's form is checked before
 * anything is built, sent or stored; the config is owner-only; no URL credentials are shown.
 */

const cli = useInProcessCli();
const configDir = () => cli.configDir;
const mode = async (path: string) => (await stat(path)).mode & 0o777;
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

beforeEach(async () => {
  vi.stubEnv('DOCS_API_TOKEN', undefined);
  await rm(configDir(), { recursive: true, force: true });
});

/** Keeps the base URL the command gives (the default factory of the tests replaces it). */
function keepBaseUrl() {
  const factory = vi.fn((options: ConstructorParameters<typeof DocsClient>[0]) => {
    return new DocsClient({ ...options, fetch: cli.sandbox.fetch });
  });
  cli.context.clientFactory = factory;
  return factory;
}

describe('docs auth login --with-token', () => {
  it.each([
    ['s3cr3t\nx', 'a line break at position 7'],
    ['s3cr3t\n\n', 'a line break at position 7'],
    ['s3cr3t x\n', 'a space at position 7'],
    ['\ts3cr3t', 'a tab at position 1'],
    ['s3cr3tø', 'a non-ASCII character at position 7'],
    ['s3cr3t\u0007', 'a control character at position 7'],
  ])(
    'refuses %j with exit 2 and one line naming the problem, sending and storing nothing',
    async (input, problem) => {
      const factory = vi.fn(cli.context.clientFactory);
      cli.context.clientFactory = factory;
      cli.stdinIs(input);

      const result = await cli.run(AuthLogin, ['--with-token']);

      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^Error: The API token contains ${problem}; .*\\n$`));
      expect(result.stderr).not.toContain('s3cr3t');
      expect(result.stdout).toBe('');
      expect(factory).not.toHaveBeenCalled();
      expect(cli.totalRequests()).toBe(0);
      expect(await exists(configDir())).toBe(false);
    },
  );

  it('also with --json, where nothing goes to stdout', async () => {
    cli.stdinIs('tok\nx');
    const result = await cli.run(AuthLogin, ['--with-token', '--json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('a line break at position 4');
  });

  it.each([['\n'], ['\r\n'], ['']])(
    'takes the token with one trailing line break (%j) removed',
    async (ending) => {
      cli.stdinIs(`${cli.sandbox.token}${ending}`);
      const result = await cli.run(AuthLogin, ['--with-token', '--json']);
      expect(result.code, result.stderr).toBe(0);
      expect((await readConfig(configDir())).token).toBe(cli.sandbox.token);
    },
  );

  it('tightens an existing 0755 config directory to 0700, and writes the file 0600', async () => {
    await mkdir(configDir(), { recursive: true, mode: 0o755 });
    await chmod(configDir(), 0o755);
    await writeFile(configPath(configDir()), '{}', { mode: 0o644 });
    await chmod(configPath(configDir()), 0o644);
    cli.stdinIs(`${cli.sandbox.token}\n`);

    const result = await cli.run(AuthLogin, ['--with-token']);

    expect(result.code, result.stderr).toBe(0);
    expect(await mode(configDir())).toBe(0o700);
    expect(await mode(configPath(configDir()))).toBe(0o600);
  });

  it('refuses an --api-url with credentials with exit 2, never printing them, and stores nothing', async () => {
    const factory = keepBaseUrl();
    cli.stdinIs(`${cli.sandbox.token}\n`);
    for (const json of [[], ['--json']]) {
      const result = await cli.run(AuthLogin, [
        '--with-token',
        '--api-url',
        'http://ada:hunter22@sandbox.test/v1',
        ...json,
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^Error: baseUrl must not carry credentials/);
      expect(result.stdout + result.stderr).not.toMatch(/hunter22|ada:/);
    }
    expect(factory).toHaveBeenCalled();
    expect(cli.totalRequests()).toBe(0);
    expect(await exists(configPath(configDir()))).toBe(false);
  });

  it('shows the API URL it logged in to without credentials, and never the token', async () => {
    keepBaseUrl();
    cli.stdinIs(`${cli.sandbox.token}\n`);
    const result = await cli.run(AuthLogin, ['--with-token', '--api-url', 'http://sandbox.test/v1']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Logged in to http://sandbox.test');
    expect(result.stdout + result.stderr).not.toContain(cli.sandbox.token);
  });
});

describe('docs auth status', () => {
  it('exits 2 without printing them when the stored API URL carries credentials', async () => {
    keepBaseUrl();
    await mkdir(configDir(), { recursive: true });
    await writeFile(
      join(configDir(), 'config.json'),
      JSON.stringify({ token: cli.sandbox.token, apiUrl: 'http://ada:hunter22@sandbox.test/v1' }),
    );
    vi.stubEnv('DOCS_DEBUG', '1');
    for (const json of [[], ['--json']]) {
      const result = await cli.run(AuthStatus, json);
      expect(result.code).toBe(2);
      expect(result.stdout + result.stderr).not.toMatch(/hunter22|ada:/);
    }
    expect(cli.totalRequests()).toBe(0);
  });
});

describe('docs auth login at a terminal', () => {
  it('names the host and where to get a token, honours the stored API URL, asks before replacing a login, offers a default organization', async () => {
    const factory = keepBaseUrl();
    await writeConfig(configDir(), { token: 'old-token', apiUrl: 'http://sandbox.test/v1' });
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(true);
    vi.spyOn(prompts, 'password').mockResolvedValue(cli.sandbox.token);
    const select = vi.spyOn(prompts, 'select').mockResolvedValue('org_acme');

    const result = await cli.run(AuthLogin, []);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Logging in to sandbox.test (http://sandbox.test/v1).');
    expect(result.stderr).toContain('developer settings');
    expect(confirm).toHaveBeenCalledWith('A login to sandbox.test is stored already. Replace it?', false);
    expect(factory.mock.calls[0]?.[0]?.baseUrl).toBe('http://sandbox.test/v1');
    expect(select.mock.calls[0]?.[1]).toContainEqual({ name: 'Acme Inc (org_acme)', value: 'org_acme' });
    expect(await readConfig(configDir())).toEqual({
      token: cli.sandbox.token,
      apiUrl: 'http://sandbox.test/v1',
      org: 'org_acme',
    });
  });

  it('keeps the stored login when the person says no: plain "Cancelled.", exit 2, nothing asked or sent', async () => {
    keepBaseUrl();
    await writeConfig(configDir(), { token: 'old-token' });
    vi.spyOn(prompts, 'confirm').mockResolvedValue(false);
    const password = vi.spyOn(prompts, 'password');
    const result = await cli.run(AuthLogin, []);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Logging in to api.gitbook.com');
    expect(result.stderr).toContain('https://app.gitbook.com/account/developer');
    expect(result.stderr.endsWith('Cancelled.\n')).toBe(true);
    expect(password).not.toHaveBeenCalled();
    expect(cli.totalRequests()).toBe(0);
    expect(await readConfig(configDir())).toEqual({ token: 'old-token' });
  });
});

describe('a refused DOCS_API_TOKEN', () => {
  it('says the variable is in use, not "run docs auth login"', async () => {
    vi.stubEnv('DOCS_API_TOKEN', 'not-the-sandbox-token');
    const result = await cli.run(AuthStatus, []);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('DOCS_API_TOKEN');
    expect(result.stderr).toContain('unset it');
    expect(result.stderr).not.toContain('not-the-sandbox-token');
  });
});
