/*
 * Shared scaffolding for in-process CLI command tests: a fresh sandbox per test reached through
 * the injected client factory, the environment of a logged-in user, a terminal that can prompt,
 * and a runner that captures what a command writes and its exit code.
 * Lives outside src so it is neither built nor published.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { Config, Errors } from '@oclif/core';
import { afterAll, afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { createSandbox, type Sandbox } from '@docs-api/sandbox';
import { createContext, type CommandContext } from '../src/context.js';
import { clearSecrets } from '../src/lib/transport/redact.js';
import { stdin } from '../src/lib/input/stdin.js';
import { terminal } from '../src/lib/terminal/terminal.js';

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command class, as `BaseCommand.runIn(context, argv, config)` is called on it. */
export interface RunnableCommand {
  runIn(context: CommandContext, argv: string[], config: Config): Promise<unknown>;
}

export interface InProcessCli {
  /** This test's sandbox (a new one before each test). */
  readonly sandbox: Sandbox;
  /**
   * What every command of this test runs with (a new one before each test): its client factory
   * reaches the sandbox; a test may give another. Each run gets a context of its own built from
   * it (`newContext`): its own output and terminal, as oclif gives each command.
   */
  readonly context: CommandContext;
  /** A new context for one command, from `context`'s client factory, prompts and settings. */
  newContext(): CommandContext;
  /** The `terminal.canPrompt` spy, answering true unless a test says otherwise. */
  readonly canPrompt: MockInstance<() => boolean>;
  /** Where `docs auth login` writes in these tests: a temporary directory, never the user's. */
  readonly configDir: string;
  /**
   * Runs the command class in-process, capturing what it writes and the exit code; with
   * `context` (from `newContext`, e.g. its output spied on), in that one.
   */
  run(command: RunnableCommand, argv: string[], context?: CommandContext): Promise<CommandRun>;
  /** Every request the sandbox has routed so far, all operations together. */
  totalRequests(): number;
  /** Makes standard input read as `text` (for `--with-token` and `--file -`). */
  stdinIs(text: string): void;
}

/** Registers the hooks of an in-process command test file; call it once at the top level. */
export function useInProcessCli(): InProcessCli {
  let config: Config;
  let sandbox: Sandbox;
  let canPrompt: MockInstance<() => boolean>;
  let context: CommandContext;

  let configHome: string;

  beforeAll(async () => {
    // `docs auth ...` writes under XDG_CONFIG_HOME: never the real user's config. oclif reads
    // it again each time a command runs (`Command.run` reloads the config).
    configHome = await mkdtemp(join(tmpdir(), 'docs-cli-test-'));
    vi.stubEnv('XDG_CONFIG_HOME', configHome);
    config = await Config.load(fileURLToPath(new URL('..', import.meta.url)));
  });

  afterAll(async () => {
    await rm(configHome, { recursive: true, force: true });
  });

  beforeEach(() => {
    sandbox = createSandbox({ checkResponses: true });
    context = createContext({
      clientFactory: (options) =>
        new DocsClient({ ...options, baseUrl: 'http://sandbox.test/v1', fetch: sandbox.fetch }),
    });
    vi.stubEnv('DOCS_API_TOKEN', sandbox.token);
    vi.stubEnv('DOCS_ORG', 'org_acme');
    vi.stubEnv('DOCS_API_URL', undefined);
    vi.stubEnv('XDG_CONFIG_HOME', configHome);
    canPrompt = vi.spyOn(terminal, 'canPrompt').mockReturnValue(true);
    // A test that forgets to give stdin must not wait on the runner's own.
    vi.spyOn(stdin, 'read').mockResolvedValue('');
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    clearSecrets();
  });

  const newContext = (): CommandContext =>
    createContext({
      clientFactory: context.clientFactory,
      prompts: context.prompts,
      readConfig: context.readConfig,
    });

  async function run(
    command: RunnableCommand,
    argv: string[],
    given: CommandContext = newContext(),
  ): Promise<CommandRun> {
    let stdout = '';
    let stderr = '';
    const writeTo = (append: (text: string) => void) => (chunk: string | Uint8Array) => {
      append(String(chunk));
      return true;
    };
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation(writeTo((text) => (stdout += text))),
      vi.spyOn(process.stderr, 'write').mockImplementation(writeTo((text) => (stderr += text))),
      // oclif prints the `--json` result with console.log.
      vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => (stdout += `${format(...args)}\n`)),
    ];
    let code = 0;
    try {
      await command.runIn(given, argv, config);
    } catch (error) {
      if (!(error instanceof Errors.ExitError)) throw error;
      code = error.oclif.exit ?? 1;
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    return { code, stdout, stderr };
  }

  return {
    get sandbox() {
      return sandbox;
    },
    get canPrompt() {
      return canPrompt;
    },
    get context() {
      return context;
    },
    get configDir() {
      return join(configHome, 'docs');
    },
    newContext,
    run,
    totalRequests: () => [...sandbox.requests.values()].reduce((sum, n) => sum + n, 0),
    stdinIs: (text) => void vi.spyOn(stdin, 'read').mockResolvedValue(text),
  };
}
