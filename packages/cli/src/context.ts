import type { ClientOptions, DocsClient } from '@docs-api/sdk';
import { readConfig, type StoredConfig } from './lib/config/config.js';
import { output } from './lib/terminal/output.js';
import { prompts } from './lib/terminal/prompts.js';
import { terminal } from './lib/terminal/terminal.js';

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
 * it (`BaseCommand.runIn`), the default one otherwise. Tests build their own.
 */
export interface CommandContext {
  clientFactory: ClientFactory;
  output: typeof output;
  terminal: typeof terminal;
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

/** The context of a command run by oclif: the SDK over node:http, the process's terminal. */
export function defaultContext(): CommandContext {
  return { clientFactory: defaultClientFactory, output, terminal, prompts, readConfig };
}
