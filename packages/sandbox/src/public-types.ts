import type { SandboxClock } from './clock.js';
import type { CorsOptions } from './cors.js';
import type { Fault } from './faults.js';
import type { RowKindName } from './fixture-kinds.js';
import type { OperationCounts } from './operation-counts.js';
import type { RateLimit } from './rate-limit.js';
import type { Store } from './store.js';

/*
 * The sandbox as its users see it: what `createSandbox()` returns and takes, seeds and fixtures.
 * The package's entry points declare their exports through these interfaces, not through the
 * implementation (sandbox.ts), whose declarations reach Hono, every handler and the contract's
 * operations: a project that only type-checks a test helper should not check those (see
 * docs/performance.md). The types named here are small leaves: the store's rows, the clock, the
 * hit counters, faults, the rate limit and CORS options.
 */

/** `demo`: a small, realistic organization. `empty`: one organization and its owner, nothing else. */
export type SeedName = 'demo' | 'empty';
export type Seed = SeedName | ((store: Store) => void);

/** What a fixture is loaded on top of: a seed, nothing (`none`), or another fixture file (a path). */
export type FixtureBase = SeedName | 'none' | (string & {});

/** The fixture format (version 1). Every row kind is optional; rows replace base rows of the same id. */
export type Fixture = {
  version: 1;
  /** Default: the sandbox's `seed` option (`demo`). A path is relative to the file that names it. */
  base?: FixtureBase;
  /** The user every request acts as (a user id). */
  actor?: string;
  /** The counter behind generated ids; an export carries it so that new ids never clash. */
  sequence?: number;
  /** Rows of the base to remove, by kind: ids (members: `organization/user`). */
  remove?: { [K in RowKindName]?: string[] };
} & { [K in RowKindName]?: Record<string, unknown>[] };

/**
 * A fixture given in code: an object, a `file:` URL (`new URL('./fixtures.json', import.meta.url)`),
 * or a path. A relative path is resolved against the folder of the file that called
 * `createSandbox` or `useSandbox`, as an `import` would be, never against the working directory
 * (a test runner started from another folder finds the same file). Command-line flags are paths
 * relative to the working directory: the commands resolve them before they get here.
 */
export type FixtureSource = Fixture | string | URL;

export interface SandboxOptions {
  /** Initial data: `demo` (default), `empty`, or a function that fills the store. */
  seed?: Seed;
  /**
   * Rows loaded on top of the seed (or of the fixture's own `base`): a fixture object, or a
   * fixture file (JSON or YAML) as a `file:` URL (`new URL('./fixtures.json', import.meta.url)`)
   * or a path, a relative one resolved against the file that called `createSandbox` (not the
   * working directory). Checked on load: a `FixtureError` names the file, the path and what is
   * allowed. `reset()` comes back to seed and fixtures.
   */
  fixtures?: FixtureSource | undefined;
  /**
   * A directory that keeps the state: loaded from it when it holds one (the seed and fixtures
   * then only define what `reset()` comes back to), and every change written there, durably,
   * before the answer. Node only. Call `close()` when done.
   */
  data?: string | undefined;
  /** The bearer token requests must carry. Default `sandbox-token`. */
  token?: string;
  /** Faults to play, in order, on matching requests. */
  faults?: Fault[];
  /** Check every answer against the contract's response schema (on in tests). */
  checkResponses?: boolean;
  /** Where time comes from (default: the host's clock); `sandbox.clock` moves it. */
  clock?: () => Date;
  /**
   * Serve at most `limit` requests per `windowMs`: every answer then carries `X-RateLimit-*`
   * headers, and requests beyond the limit get a 429 with `Retry-After`. Off when absent.
   */
  rateLimit?: RateLimit | undefined;
  /** The largest request body accepted, in bytes. Default `MAX_BODY_BYTES` (1 MiB). */
  maxBodyBytes?: number | undefined;
  /**
   * Which web pages may call the sandbox from a browser. Default: pages served from this
   * machine (`http(s)://localhost`, `127.0.0.0/8` and `[::1]`, any port), since the default
   * token is public: a page from anywhere else must not be able to read or change the data.
   */
  cors?: CorsOptions | undefined;
}

export interface RunningSandbox {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

/** The faults waiting to be played (`sandbox.addFault()` queues one). */
export interface FaultQueue {
  add(fault: Fault): void;
  /** The queued faults, each with how many more requests it applies to. */
  list(): Array<Fault & { remaining: number }>;
  clear(): void;
}

/** A stateful, in-memory implementation of the contract: what `createSandbox()` returns. */
export interface Sandbox {
  readonly token: string;
  /** The state: maps of rows by id (`store.spaces.get('space_handbook')`), as fixtures hold them. */
  readonly store: Store;
  /**
   * Successful answers per operation, keyed by its public id (`getSiteById`); `get()` takes any of
   * its names (`hits.get('sites.get')`).
   */
  readonly hits: OperationCounts;
  /** Requests routed to each operation, whatever their outcome; keyed and read as `hits`. */
  readonly requests: OperationCounts;
  readonly faults: FaultQueue;
  /** The sandbox's time: `clock.advance('7d')`, `clock.set('2026-02-01T00:00:00Z')`, `clock.now()`. */
  readonly clock: SandboxClock;
  /**
   * A `fetch` for the SDK's `fetch` option: in-process, no port. A dropped-connection fault
   * becomes the same `TypeError` a real dropped connection gives.
   */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Queues a fault for the next matching request(s). Faults play before the token check, as network failures would. */
  addFault(fault: Fault): void;
  /**
   * Back to the state the sandbox started with (seed and fixtures), with no fault queued, the
   * clock unmoved, the rate limit's window and the hit counters cleared. Snapshots are kept.
   */
  reset(): void;
  /** Saves the current state (and the clock's offset); returns an id for `restore()`. */
  snapshot(): string;
  /** Puts back the state (and clock) saved by `snapshot()`; queued faults stay. Throws a `SandboxError` (404) for an unknown id. */
  restore(id: string): void;
  /** The current state in the fixture format: save it as a file, load it with `fixtures`. */
  export(): Fixture;
  /** Waits until every change is on disk and closes the data directory (nothing to do without one). */
  close(): Promise<void>;
  /** Clears hit counters, e.g. between test phases. */
  resetHits(): void;
  /** Serves the sandbox on 127.0.0.1 (port 0: a free one). */
  listen(options?: { port?: number; host?: string }): Promise<RunningSandbox>;
}

/** An operation the sandbox keeps state for (`implementations`), as much of it as a test reads. */
export interface SandboxImplementation {
  readonly operation: { readonly id: string; readonly method: string; readonly path: string };
}
