import type { ClientOptions, DocsClient } from '@docs-api/sdk';
import { readConfig, type StoredConfig } from './lib/config/config.js';
import { createOutput, type Output, type OutputStream } from './lib/terminal/output.js';
import { prompts } from './lib/terminal/prompts.js';
import { createTerminal, type Terminal } from './lib/terminal/terminal.js';

/**
 * Builds the SDK client; a test's context gives one over a sandbox's fetch. `watch` wraps the
 * fetch the client is given so the spinner sees each request (lib/terminal/activity.ts).
 */
export type ClientFactory = (
  options: ClientOptions,
  watch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch,
) => DocsClient | Promise<DocsClient>;

/**
 * What a command reaches the world through (gh's Factory): built once per command and given to
 * it (`BaseCommand.runIn`), a new default one otherwise. Tests build their own (`createContext`).
 * The output and the terminal hold the command's state (`--jq`, `--json` fields, the live line,
 * the pager, the stored preferences): two commands never share them.
 */
export interface CommandContext {
  clientFactory: ClientFactory;
  output: Output;
  terminal: Terminal;
  /** The keyboard's questions (stateless: tests replace its functions). */
  prompts: typeof prompts;
  /** The stored login and settings of a configuration directory. */
  readConfig: (configDir: string) => Promise<StoredConfig>;
}

/** The SDK over node:http (lib/transport/node-fetch.ts): a command does not pay for loading Node's fetch. */
const defaultClientFactory: ClientFactory = async (options, watch) => {
  const [{ DocsClient }, { nodeFetch }] = await Promise.all([
    import('./sdk.js'),
    import('./lib/transport/node-fetch.js'),
  ]);
  return new DocsClient({ fetch: watch ? watch(nodeFetch) : nodeFetch, ...options });
};

/** What `createContext` may be given instead of the defaults: parts, or the output's streams. */
export interface ContextOptions extends Partial<Omit<CommandContext, 'output' | 'terminal'>> {
  terminal?: Terminal;
  /** Where the output writes (a test's captures); the process's streams by default. */
  stdout?: OutputStream;
  stderr?: OutputStream;
}

/** A new context: the SDK over node:http and the process's terminal unless given others. */
export function createContext({ stdout, stderr, ...given }: ContextOptions = {}): CommandContext {
  const terminal = given.terminal ?? createTerminal();
  return {
    clientFactory: defaultClientFactory,
    prompts,
    readConfig,
    ...given,
    terminal,
    output: createOutput({ terminal, ...(stdout ? { stdout } : {}), ...(stderr ? { stderr } : {}) }),
  };
}

/** The context of a command run by oclif: a new one for each command. */
export function defaultContext(): CommandContext {
  return createContext();
}
