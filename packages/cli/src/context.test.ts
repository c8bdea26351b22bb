import { fileURLToPath } from 'node:url';
import { Config } from '@oclif/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { createSandbox, type Sandbox } from '@docs-api/sandbox';
import { createContext, type ClientFactory, type CommandContext } from './context.js';
import SitesList from './commands/sites/list.js';
import SitesView from './commands/sites/view.js';
import { clearSecrets } from './lib/transport/redact.js';
import { prompts } from './lib/terminal/prompts.js';
import { createTerminal } from './lib/terminal/terminal.js';

/*
 * A command gets its context (gh's Factory) and writes only through it: a test builds one with
 * its own output and reads what the command wrote there; two commands run at once in one
 * process, each with its own `--jq`, never see each other's.
 */

let config: Config;
let sandbox: Sandbox;

beforeAll(async () => {
  config = await Config.load(fileURLToPath(new URL('..', import.meta.url)));
});

beforeEach(() => {
  sandbox = createSandbox({ checkResponses: true });
  vi.stubEnv('DOCS_API_TOKEN', sandbox.token);
  vi.stubEnv('DOCS_ORG', 'org_acme');
  vi.stubEnv('DOCS_API_URL', undefined);
  vi.stubEnv('DOCS_FORCE_TTY', undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  clearSecrets();
});

/** The sandbox's fetch, each answer held back `delayMs` (a slow server). */
const sandboxClient =
  (delayMs = 0): ClientFactory =>
  (options) =>
    new DocsClient({
      ...options,
      baseUrl: 'http://sandbox.test/v1',
      fetch: async (input, init) => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return sandbox.fetch(input, init);
      },
    });

/** A context whose output writes into strings, and what it wrote. */
function capturingContext(clientFactory: ClientFactory): {
  context: CommandContext;
  written: { stdout: string; stderr: string };
} {
  const written = { stdout: '', stderr: '' };
  const context = createContext({
    clientFactory,
    readConfig: () => Promise.resolve({}),
    stdout: { write: (text: string) => (written.stdout += text) },
    stderr: { write: (text: string) => (written.stderr += text) },
  });
  return { context, written };
}

describe('a command context', () => {
  it('is what the command writes through: its output captures the data, the process sees none of it', async () => {
    const processWrite = vi.spyOn(process.stdout, 'write');
    const { context, written } = capturingContext(sandboxClient());
    await SitesList.runIn(context, ['--json', 'id,title'], config);
    await SitesView.runIn(context, ['site_docs'], config);
    expect(JSON.parse(written.stdout.slice(0, written.stdout.indexOf('\n]') + 2))).toEqual([
      { id: 'site_docs', title: 'Acme Docs' },
      { id: 'site_internal', title: expect.any(String) as string },
    ]);
    expect(written.stdout).toMatch(/^Title:\s+Acme Docs$/m);
    expect(processWrite).not.toHaveBeenCalled();
  });

  it('keeps --jq to its command: two commands at once in one process, each prints its own JSON', async () => {
    // The --jq command waits on a slow server; the other starts once the first has read its
    // flags, and prints while it is still running.
    const slow = capturingContext(sandboxClient(1500));
    const fast = capturingContext(sandboxClient());
    const running = SitesList.runIn(slow.context, ['--jq', '.[].id'], config);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await SitesList.runIn(fast.context, ['--json', 'id'], config);
    await running;
    expect(slow.written.stdout).toBe('site_docs\nsite_internal\n');
    expect(JSON.parse(fast.written.stdout)).toEqual([{ id: 'site_docs' }, { id: 'site_internal' }]);
  });

  it("asks a person through the context's prompts: a test gives its own, the module's are never asked", async () => {
    const moduleSelect = vi.spyOn(prompts, 'select').mockResolvedValue('site_docs');
    const asked: string[] = [];
    const terminal = { ...createTerminal(), canPrompt: () => true };
    const written = { stdout: '', stderr: '' };
    const context = createContext({
      clientFactory: sandboxClient(),
      readConfig: () => Promise.resolve({}),
      terminal,
      prompts: {
        ...prompts,
        select: (message: string) => {
          asked.push(message);
          return Promise.resolve('site_internal' as never);
        },
      },
      stdout: { write: (text: string) => (written.stdout += text) },
      stderr: { write: (text: string) => (written.stderr += text) },
    });
    await SitesView.runIn(context, ['--json'], config);
    expect(asked).toEqual(['Site']);
    expect((JSON.parse(written.stdout) as { id: string }).id).toBe('site_internal');
    expect(moduleSelect).not.toHaveBeenCalled();
  });
});
