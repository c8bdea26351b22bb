import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from '@oclif/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { useInProcessCli } from '../test-support/run-command.js';
import type { BaseCommand } from './base-command.js';
import type { ClientOptions } from '@docs-api/sdk';
import { prompts } from './lib/terminal/prompts.js';
import SitesList from './commands/sites/list.js';
import SitesPublished from './commands/sites/published.js';

/*
 * What the base command does for every command: refuse a destructive one without --yes where
 * no one can be asked (before anything is sent), build the client with the CLI's options, and
 * print every message through the redaction.
 */

const cli = useInProcessCli();
const COMMANDS_DIR = fileURLToPath(new URL('./commands', import.meta.url));

interface LoadedCommand {
  id: string;
  source: string;
  command: typeof BaseCommand & typeof Command;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []);
    }),
  );
  return nested.flat();
}

/** Every command class of src/commands, with its id (`cr:merge`) and its source text. */
async function loadCommands(): Promise<LoadedCommand[]> {
  const files = await sourceFiles(COMMANDS_DIR);
  return Promise.all(
    files.map(async (file) => ({
      id: relative(COMMANDS_DIR, file).replace(/\.ts$/, '').split('/').join(':'),
      source: await readFile(file, 'utf8'),
      command: ((await import(file)) as { default: LoadedCommand['command'] }).default,
    })),
  );
}

/** Arguments and required flags with placeholder values: enough to get past parsing. */
function minimalArgv(command: LoadedCommand['command']): string[] {
  const argv = Object.keys(command.args ?? {}).map((name) => `${name}_1`);
  for (const [name, flag] of Object.entries(command.flags ?? {})) {
    if (!flag.required) continue;
    const value =
      flag.type === 'boolean' ? [] : [flag.options?.[0] ?? (name === 'url' ? 'https://x.test' : 'x_1')];
    argv.push(`--${name}`, ...value);
  }
  return argv;
}

let commands: LoadedCommand[];
beforeAll(async () => {
  commands = await loadCommands();
});

describe('destructive commands', () => {
  it('are the commands that ask for confirmation, and each declares --yes', () => {
    const asking = commands.filter((c) => c.source.includes('this.confirm(')).map((c) => c.id);
    const destructive = commands.filter((c) => c.command.destructive).map((c) => c.id);
    expect(asking.length).toBeGreaterThanOrEqual(15);
    expect(destructive.sort()).toEqual(asking.sort());
  });

  it('refuse to start without --yes away from a terminal: exit 2, one line, no client, no request', async () => {
    cli.canPrompt.mockReturnValue(false);
    const factory = vi.fn(cli.context.clientFactory);
    cli.context.clientFactory = factory;
    const confirm = vi.spyOn(prompts, 'confirm');
    // A command destructive only with some flags (`sites redirects set --prune`) is given them.
    const WITH: Record<string, string[]> = { 'sites:redirects:set': ['--prune'] };
    // `push` checks its folder first (a missing one is the first thing to fix): it gets one.
    const ARGS: Record<string, string[]> = { push: ['space_1', tmpdir()] };
    const destructive = commands.filter((c) => c.command.destructive);
    for (const { id, command } of destructive) {
      for (const json of [[], ['--json']]) {
        const argv = [...(ARGS[id] ?? minimalArgv(command)), ...(WITH[id] ?? []), ...json];
        const result = await cli.run(command, argv);
        expect(result.code, `${id}: ${result.stderr}`).toBe(2);
        // oclif names a command run as a class by the class's name: `Push` is `docs push` once the
        // manifest is built, the others `this command`.
        expect(result.stderr, id).toMatch(
          /^Error: Confirmation needed: (this command|`docs [a-z -]+`) changes data\. Pass --yes to confirm when not at a terminal\. Nothing was sent\.\n$/,
        );
        expect(result.stdout, id).toBe('');
      }
    }
    expect(factory).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
    expect(cli.totalRequests()).toBe(0);
  });

  it('still start at a terminal, where the question is asked once the data is known', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);
    const sitesDelete = commands.find((c) => c.id === 'sites:delete');
    const result = await cli.run(sitesDelete!.command, ['site_docs']);
    expect(result.code).toBe(2);
    // One plain line, not an error.
    expect(result.stderr).toBe('Cancelled.\n');
    expect(confirm).toHaveBeenCalledWith('Delete site site_docs?');
    expect(cli.sandbox.store.sites.has('site_docs')).toBe(true);
  });
});

it('answers Ctrl-C at a prompt as a "no": the same plain "Cancelled." and exit 2', async () => {
  const interrupted = Object.assign(new Error('User force closed the prompt with SIGINT'), {
    name: 'ExitPromptError',
  });
  vi.spyOn(prompts, 'confirm').mockRejectedValue(interrupted);
  const sitesDelete = commands.find((c) => c.id === 'sites:delete');
  const result = await cli.run(sitesDelete!.command, ['site_docs']);
  expect(result.code).toBe(2);
  expect(result.stderr).toBe('Cancelled.\n');
  expect(cli.sandbox.store.sites.has('site_docs')).toBe(true);
});

describe('the client factory', () => {
  /** Runs a command and returns the options its client was built with. */
  async function optionsOf(argv: string[] = []): Promise<{ options: ClientOptions; code: number }> {
    let options: ClientOptions | undefined;
    const inject = cli.context.clientFactory;
    cli.context.clientFactory = (given) => {
      options = given;
      return inject(given);
    };
    const result = await cli.run(SitesList, argv);
    if (!options) throw new Error(`no client was built: ${result.stderr}`);
    return { options, code: result.code };
  }

  it('gives every client the CLI options: warn policy, retry bound, retry notices, logger', async () => {
    vi.stubEnv('DOCS_MAX_RETRY_DELAY', '12');
    vi.stubEnv('DOCS_RESPONSE_VALIDATION', ''); // unset (the tests' setup sets strict)
    const { options, code } = await optionsOf();
    expect(code).toBe(0);
    expect(options).toMatchObject({
      responseValidation: 'warn',
      maxRetryDelay: 12_000,
      userAgent: expect.stringMatching(/^docs-cli\//) as unknown,
    });
    expect(options.onRetry).toBeTypeOf('function');
    expect(options.logger).toBeDefined();
  });

  it('leaves the validation policy to the SDK when DOCS_RESPONSE_VALIDATION is set', async () => {
    vi.stubEnv('DOCS_RESPONSE_VALIDATION', 'strict');
    const { options } = await optionsOf();
    expect(options).not.toHaveProperty('responseValidation');
  });

  it('prints a notice for every retry on stderr only, with --json too', async () => {
    const inject = cli.context.clientFactory;
    cli.context.clientFactory = (options) => {
      // What the SDK does before it waits: call onRetry.
      options.onRetry?.({
        operation: 'sites.list',
        method: 'GET',
        path: '/v1/orgs/org_acme/sites',
        attempt: 1,
        maxRetries: 2,
        delayMs: 5000,
        reason: 'HTTP 429',
      });
      options.onRetry?.({
        operation: 'sites.list',
        method: 'GET',
        path: '/v1/orgs/org_acme/sites',
        attempt: 2,
        maxRetries: 2,
        delayMs: 800,
        reason: 'HTTP 503',
      });
      return inject(options);
    };
    const result = await cli.run(SitesList, ['--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'Rate limited (HTTP 429): waiting 5 s before retry 1 of 2…\nThe request failed (HTTP 503): waiting 0.8 s before retry 2 of 2…\n',
    );
    expect(JSON.parse(result.stdout)).toHaveLength(2);
  });

  it('refuses a bad DOCS_MAX_RETRY_DELAY with exit 2 naming it, before any request', async () => {
    vi.stubEnv('DOCS_MAX_RETRY_DELAY', 'soon');
    const result = await cli.run(SitesList, []);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'Error: DOCS_MAX_RETRY_DELAY must be a number of seconds from 0 to 86400 (got "soon").\n',
    );
    expect(cli.totalRequests()).toBe(0);
  });
});

describe('redaction', () => {
  it('keeps share keys and the token out of DOCS_DEBUG lines', async () => {
    vi.stubEnv('DOCS_DEBUG', '1');
    const result = await cli.run(SitesPublished, ['site_docs', '--share-key', 'share_docs', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /→ GET http:\/\/sandbox\.test\/v1\/orgs\/org_acme\/sites\/site_docs\/published\?shareKey=\[redacted\]/,
    );
    expect(result.stderr).not.toContain('share_docs');
    expect(result.stderr).not.toContain(cli.sandbox.token);
    // The data asked for is printed as it is.
    expect(JSON.parse(result.stdout)).toMatchObject({ site: { id: 'site_docs' } });
  });

  it('keeps a token echoed by a server out of the error line', async () => {
    vi.stubEnv('DOCS_API_TOKEN', 'tok_wrong_secret');
    cli.context.clientFactory = (options) =>
      new DocsClient({
        ...options,
        baseUrl: 'http://echo.test/v1',
        fetch: () =>
          Promise.resolve(
            Response.json({ error: { message: 'bad token tok_wrong_secret' } }, { status: 400 }),
          ),
      });
    const result = await cli.run(SitesList, []);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Error: bad token [redacted] (HTTP 400)\n');
  });

  it('without DOCS_DEBUG prints no debug line', async () => {
    const result = await cli.run(SitesPublished, ['site_docs', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });
});
