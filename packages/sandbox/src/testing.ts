import { DocsClient, type ClientOptions } from '@docs-api/sdk';
import type { Duration } from './clock.js';
import type { Fault } from './faults.js';
import { resolveFixtureSource } from './fixtures.js';
import type { Fixture, RunningSandbox, Sandbox, SandboxOptions } from './public-types.js';
import { createSandbox } from './sandbox.js';

/*
 * `@docs-api/sandbox/testing`: one sandbox per test file, back to its seed and fixtures before
 * every test, and a client for it; `connectSandbox()` drives one reached over a port. Its
 * declarations name the sandbox through public-types.ts (see index.ts): only `DocsClient` and
 * its options come from the SDK.
 */

/** The base URL in-process clients use: no port is opened, the host is never resolved. */
const IN_PROCESS_URL = 'http://sandbox.test/v1';

export interface UseSandboxOptions extends SandboxOptions {
  /**
   * Your runner's `beforeEach` (vitest's, jest's, mocha's, node:test's): the sandbox is reset
   * before every test. Without it, call `reset()` yourself.
   */
  beforeEach?: ((hook: () => Promise<void>) => unknown) | undefined;
  /** Your runner's `afterAll`: the port (with `listen`) is closed after the file's tests. */
  afterAll?: ((hook: () => Promise<void>) => unknown) | undefined;
  /** Also serve the sandbox on a loopback port, for a CLI or a program in another language (`url`). */
  listen?: boolean | undefined;
  /** Options of every client made (`maxRetries` is 0 unless given here). */
  client?: Omit<ClientOptions, 'token' | 'baseUrl' | 'fetch'> | undefined;
}

export interface SandboxForTests {
  /** The sandbox (created on first use): `clock`, `addFault()`, `snapshot()`, `export()`... */
  readonly sandbox: Sandbox;
  /** A client reaching the sandbox in-process, made anew by each reset. */
  readonly client: DocsClient;
  /** With `listen`: the sandbox's base URL on loopback (`http://127.0.0.1:<port>/v1`). */
  readonly url: string;
  readonly token: string;
  /** Back to seed and fixtures, faults cleared, clock unmoved; a new client. Starts the server first time with `listen`. */
  reset(): Promise<void>;
  /** Closes the port, if one was opened, and the data directory, if any. */
  close(): Promise<void>;
}

/**
 * One sandbox for a test file, reset before each test when given the runner's `beforeEach`:
 *
 * ```ts
 * const env = useSandbox({ fixtures: './fixtures.json', beforeEach, afterAll }); // beside this file
 * test('lists spaces', async () => { await env.client.spaces.list('org_acme'); });
 * ```
 */
export function useSandbox(options: UseSandboxOptions = {}): SandboxForTests {
  const { beforeEach, afterAll, listen, client: clientOptions, ...sandboxOptions } = options;
  // A relative fixture path is the caller's, resolved now: the sandbox is made later, from a hook.
  if (sandboxOptions.fixtures !== undefined)
    sandboxOptions.fixtures = resolveFixtureSource(sandboxOptions.fixtures);
  let sandbox: Sandbox | undefined;
  let client: DocsClient | undefined;
  let running: RunningSandbox | undefined;
  const get = (): Sandbox => (sandbox ??= createSandbox(sandboxOptions));
  const newClient = () =>
    new DocsClient({
      maxRetries: 0,
      ...clientOptions,
      token: get().token,
      baseUrl: IN_PROCESS_URL,
      fetch: get().fetch,
    });
  const handle: SandboxForTests = {
    get sandbox() {
      return get();
    },
    get client() {
      return (client ??= newClient());
    },
    get url() {
      if (!running)
        throw new Error('useSandbox: url needs { listen: true } and a first reset() (done by beforeEach)');
      return running.url;
    },
    get token() {
      return get().token;
    },
    async reset() {
      if (sandbox) sandbox.reset();
      else get();
      client = newClient();
      if (listen && !running) running = await get().listen();
    },
    async close() {
      await running?.close();
      running = undefined;
      await sandbox?.close();
    },
  };
  beforeEach?.(() => handle.reset());
  afterAll?.(() => handle.close());
  return handle;
}

/** A sandbox served elsewhere (`docs sandbox`, another process), driven through its admin API. */
export interface RemoteSandbox {
  readonly url: string;
  readonly token: string;
  reset(): Promise<void>;
  snapshot(): Promise<string>;
  restore(id: string): Promise<void>;
  readonly clock: {
    now(): Promise<Date>;
    advance(duration: Duration): Promise<Date>;
    set(date: Date | string): Promise<Date>;
  };
  addFault(fault: Fault): Promise<void>;
  clearFaults(): Promise<void>;
  export(): Promise<Fixture>;
}

/**
 * Drives a sandbox reached over HTTP: `url` is its API base (ending in `/v1`, as `docs sandbox`
 * prints it), `token` the bearer token it accepts. Each call throws an `Error` with the admin
 * API's message when it refuses.
 */
export function connectSandbox(url: string, token = 'sandbox-token'): RemoteSandbox {
  const admin = new URL('../_sandbox/', url.endsWith('/') ? url : `${url}/`);
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(new URL(path, admin), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const data: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) {
      const message =
        (data as { error?: { message?: string } } | undefined)?.error?.message ?? response.statusText;
      throw new Error(`sandbox admin ${method} /_sandbox/${path}: ${response.status} ${message}`);
    }
    return data;
  };
  const time = (data: unknown) => new Date((data as { now: string }).now);
  return {
    url,
    token,
    reset: async () => void (await call('POST', 'reset')),
    snapshot: async () => ((await call('POST', 'snapshots')) as { id: string }).id,
    restore: async (id) => void (await call('POST', `snapshots/${encodeURIComponent(id)}/restore`)),
    clock: {
      now: async () => time(await call('GET', 'clock')),
      advance: async (duration) => time(await call('POST', 'clock', { advance: duration })),
      set: async (date) =>
        time(await call('POST', 'clock', { set: date instanceof Date ? date.toISOString() : date })),
    },
    addFault: async (fault) => void (await call('POST', 'faults', fault)),
    clearFaults: async () => void (await call('DELETE', 'faults')),
    export: async () => (await call('GET', 'export')) as Fixture,
  };
}
