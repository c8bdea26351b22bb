/*
 * Shared scaffolding for in-process CLI command tests: a fresh sandbox per test reached through
 * the injected client factory, the environment of a logged-in user, a terminal that can prompt,
 * and a runner that captures what a command writes and its exit code.
 * Lives outside src so it is neither built nor published.
 */
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { Config, Errors } from '@oclif/core';
import { afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { createSandbox, type Sandbox } from '@docs-api/sandbox';
import { BaseCommand } from '../src/base-command.js';
import { terminal } from '../src/lib/terminal.js';

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command class, as `Command.run(argv, config)` is called on it. */
export interface RunnableCommand {
  run(argv: string[], config: Config): Promise<unknown>;
}

export interface InProcessCli {
  /** This test's sandbox (a new one before each test). */
  readonly sandbox: Sandbox;
  /** The `terminal.canPrompt` spy, answering true unless a test says otherwise. */
  readonly canPrompt: MockInstance<() => boolean>;
  /** Runs the command class in-process, capturing what it writes and the exit code. */
  run(command: RunnableCommand, argv: string[]): Promise<CommandRun>;
}

/** Registers the hooks of an in-process command test file; call it once at the top level. */
export function useInProcessCli(): InProcessCli {
  let config: Config;
  let sandbox: Sandbox;
  let canPrompt: MockInstance<() => boolean>;

  beforeAll(async () => {
    config = await Config.load(fileURLToPath(new URL('..', import.meta.url)));
  });

  beforeEach(() => {
    sandbox = createSandbox({ checkResponses: true });
    BaseCommand.clientFactory = (options) =>
      new DocsClient({ ...options, baseUrl: 'http://sandbox.test/v1', fetch: sandbox.fetch });
    vi.stubEnv('DOCS_API_TOKEN', sandbox.token);
    vi.stubEnv('DOCS_ORG', 'org_acme');
    vi.stubEnv('DOCS_API_URL', undefined);
    canPrompt = vi.spyOn(terminal, 'canPrompt').mockReturnValue(true);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  async function run(command: RunnableCommand, argv: string[]): Promise<CommandRun> {
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
      await command.run(argv, config);
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
    run,
  };
}
