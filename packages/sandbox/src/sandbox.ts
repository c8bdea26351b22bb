import { Hono } from 'hono';
import { listenFetch } from './listen.js';
import { zodMessages } from '@docs-api/sdk/contract';
import { registerAdmin } from './admin.js';
import { cors } from './cors-middleware.js';
import { authenticate, DROPPED, playFault, rateLimit } from './request-guards.js';
import { apiMethods, bodyLimits, readInput, RouteTable, type Env } from './routing.js';
import { streamEvents } from './streaming.js';
import { SandboxError } from './errors.js';
import { registerDownloads } from './downloads.js';
import { FaultPlan, type Fault } from './faults.js';
import { ANSWER_HEADER, type Implementation } from './implement.js';
import { DEFAULT_TOKEN, MAX_BODY_BYTES } from './defaults.js';
import type { RunningSandbox, Sandbox as SandboxApi, SandboxOptions } from './public-types.js';
import { RateLimiter } from './rate-limit.js';
import { applySeed } from './seed.js';
import { Store } from './store.js';
import { SandboxClock } from './clock.js';
import { applyFixture, exportFixture, loadFixture, type Fixture, type ParsedFixture } from './fixtures.js';
import { DataDirectory } from './persistence.js';
import { OperationCounts } from './operation-counts.js';
import { statefulImplementations } from './registry.js';

export { DEFAULT_TOKEN, MAX_BODY_BYTES } from './defaults.js';
export type { RunningSandbox, SandboxOptions } from './public-types.js';
export { implementations, resourceEngine, statefulImplementations } from './registry.js';
export { bodyLimitFor, MAX_CONTENT_BATCH_BYTES, OPERATION_BODY_LIMITS } from './routing.js';

/**
 * Reads that change the state: a translation run, an OpenAPI spec's processing, a Git Sync
 * operation and an import run advance on read.
 */
const READS_THAT_WRITE =
  /^\/v1\/(?:orgs\/[^/]+\/(translations|openapi)(\/|$)|spaces\/[^/]+\/git\/info$|org\/[^/]+\/imports(\/|$))/;

/**
 * A stateful, in-memory implementation of the contract, served by Hono. The package exports it
 * as the `Sandbox` interface of public-types.ts, which it implements.
 */
export class Sandbox implements SandboxApi {
  readonly app = new Hono<Env>();
  readonly store: Store;
  readonly token: string;
  /**
   * Successful answers per operation, keyed by its public id (`getSiteById`); `get()` takes any of
   * its names (`hits.get('sites.get')`).
   */
  readonly hits = new OperationCounts();
  /** Requests routed to each operation, whatever their outcome; keyed and read as `hits`. */
  readonly requests = new OperationCounts();
  readonly faults = new FaultPlan();
  /** The sandbox's time: `clock.advance('7d')`, `clock.set('2026-02-01T00:00:00Z')`, `clock.now()`. */
  readonly clock: SandboxClock;
  /** The state `reset()` comes back to: seed and fixtures as loaded. */
  readonly #initial: Fixture;
  readonly #snapshots = new Map<string, { state: Fixture; clockOffset: number }>();
  #snapshotCount = 0;
  readonly #data: DataDirectory | undefined;
  readonly #checkResponses: boolean;
  readonly #rateLimiter: RateLimiter | undefined;
  /** The routes registered (for 405s). */
  readonly #routes = new RouteTable();
  #requestCount = 0;

  constructor(options: SandboxOptions = {}) {
    this.clock = new SandboxClock(options.clock);
    const clock = () => this.clock.now();
    this.store = new Store(clock);
    this.token = options.token ?? DEFAULT_TOKEN;
    this.#checkResponses = options.checkResponses ?? false;
    this.#rateLimiter = options.rateLimit ? new RateLimiter(options.rateLimit, clock) : undefined;
    const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
    if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 0)
      throw new RangeError('maxBodyBytes must be an integer number of bytes, 0 or more');
    const fixtures: ParsedFixture | undefined =
      options.fixtures === undefined ? undefined : loadFixture(options.fixtures);
    if (fixtures && typeof options.seed === 'function') {
      applySeed(this.store, options.seed);
      applyFixture(this.store, fixtures, 'none');
    } else if (fixtures) applyFixture(this.store, fixtures, options.seed === 'empty' ? 'empty' : 'demo');
    else applySeed(this.store, options.seed ?? 'demo');
    this.#initial = exportFixture(this.store);
    if (options.data !== undefined) {
      this.#data = new DataDirectory(options.data);
      const offset = this.#data.load(this.store);
      if (offset !== undefined) this.clock.offset = offset;
      this.#data.start(this.store, this.clock.offset);
    }
    for (const fault of options.faults ?? []) this.faults.add(fault);

    this.app.use('*', async (c, next) => {
      this.#requestCount += 1;
      c.header('x-request-id', `req_${this.#requestCount}`);
      this.store.apiRoot = `${new URL(c.req.url).origin}/v1`;
      await next();
    });
    // Before the rate limit and the routes: a preflight never counts and needs no token.
    this.app.use('*', cors(options.cors, apiMethods()));
    if (this.#rateLimiter) this.app.use('*', rateLimit(this.#rateLimiter));
    // With a data directory, no answer leaves before what the request changed is on disk.
    if (this.#data) {
      const data = this.#data;
      this.app.use('*', async (c, next) => {
        await next();
        // A read changes nothing, except those that move a run along: it only waits for the
        // writes before it, so that it never shows what a crash could still lose.
        if (['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && !READS_THAT_WRITE.test(c.req.path))
          await data.settled();
        else await data.commit(this.store, this.clock.offset);
      });
    }
    this.app.use('*', bodyLimits(maxBodyBytes));
    // Every operation of the contract has one (operation-list.test.ts): none is answered from a schema.
    for (const implementation of statefulImplementations) this.#register(implementation);
    registerDownloads(this.app, this.store);
    registerAdmin(this.app, this, (c) => authenticate(c, this.token));
    this.app.notFound(this.#routes.notFound());
    this.app.onError((error, c) => {
      const failure =
        error instanceof SandboxError ? error : new SandboxError(500, `Sandbox failure: ${error.message}`);
      return c.json(failure.toBody(), failure.status as 400);
    });
  }

  /**
   * A `fetch` for the SDK's `fetch` option: in-process, no port. A dropped-connection fault
   * becomes the same `TypeError` a real dropped connection gives.
   */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    // As a real fetch: an aborted signal fails the call with its reason (a stream's handler
    // also stops on it, streamEvents).
    request.signal.throwIfAborted();
    const response = await this.app.fetch(request);
    if (request.signal.aborted) {
      await response.body?.cancel().catch(() => undefined);
      request.signal.throwIfAborted();
    }
    if (response.headers.has(DROPPED)) {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('other side closed'), { code: 'ECONNRESET' }),
      });
    }
    return response;
  };

  /** Queues a fault for the next matching request(s). Faults play before the token check, as network failures would. */
  addFault(fault: Fault): void {
    this.faults.add(fault);
  }

  /**
   * Back to the state the sandbox started with (seed and fixtures), with no fault queued, the
   * clock unmoved, the rate limit's window and the hit counters cleared. Snapshots are kept.
   */
  reset(): void {
    this.#load(this.#initial);
    this.faults.clear();
    this.clock.reset();
    this.#rateLimiter?.reset();
    this.resetHits();
    this.#persist();
  }

  /** Saves the current state (and the clock's offset); returns an id for `restore()`. */
  snapshot(): string {
    this.#snapshotCount += 1;
    const id = `snap_${this.#snapshotCount}`;
    this.#snapshots.set(id, { state: exportFixture(this.store), clockOffset: this.clock.offset });
    return id;
  }

  /** Puts back the state (and clock) saved by `snapshot()`; queued faults stay. Throws a `SandboxError` (404) for an unknown id. */
  restore(id: string): void {
    const snapshot = this.#snapshots.get(id);
    if (!snapshot) {
      const known = [...this.#snapshots.keys()];
      throw new SandboxError(
        404,
        `No snapshot "${id.slice(0, 40)}": ${known.length ? `known ids are ${known.join(', ')}` : 'none was taken'}`,
      );
    }
    this.#load(snapshot.state);
    this.clock.offset = snapshot.clockOffset;
    this.#persist();
  }

  /** The current state in the fixture format: save it as a file, load it with `fixtures`. */
  export(): Fixture {
    return exportFixture(this.store);
  }

  /** Waits until every change is on disk and closes the data directory (nothing to do without one). */
  async close(): Promise<void> {
    await this.#data?.close();
  }

  #load(state: Fixture): void {
    this.store.clear();
    // A saved state is trusted: no schema check, a copy of its rows.
    applyFixture(this.store, { file: undefined, base: 'none', fixture: state }, 'none', true);
  }

  /** Writes in-process changes (reset, restore, time) to the data directory, if any. */
  #persist(): void {
    this.#data?.commit(this.store, this.clock.offset).catch((error: unknown) => {
      process.emitWarning(`docs sandbox: cannot save to ${this.#data?.dir}: ${(error as Error).message}`);
    });
  }

  /** Clears hit counters, e.g. between test phases. */
  resetHits(): void {
    this.hits.clear();
    this.requests.clear();
  }

  /** Serves the sandbox on 127.0.0.1 (port 0: a free one). */
  async listen(options: { port?: number; host?: string } = {}): Promise<RunningSandbox> {
    const running = await listenFetch(this.app.fetch, options);
    return { ...running, token: this.token };
  }

  #register(implementation: Implementation): void {
    const { operation } = implementation;
    this.app.on(operation.method, this.#routes.add(operation), async (c) => {
      const id = operation.id;
      this.requests.increment(id);
      const faulted = await playFault(c, this.faults, id);
      if (faulted) return faulted;
      authenticate(c, this.token);
      const input = await readInput(c, operation);
      c.header(ANSWER_HEADER, implementation.answer ?? 'state');
      const result = await implementation.handle({ ...input, store: this.store, context: c });
      if (operation.stream) {
        this.hits.increment(id);
        const check = this.#checkResponses && operation.event ? operation.event : undefined;
        return streamEvents(c, result as Iterable<unknown> | AsyncIterable<unknown>, (event) => {
          const checked = check?.safeParse(event, { error: zodMessages });
          if (checked && !checked.success)
            throw new SandboxError(
              500,
              `Sandbox event breaks the contract for ${id}: ${checked.error.message}`,
            );
        });
      }
      if (this.#checkResponses && operation.response) {
        const checked = operation.response.safeParse(result, { error: zodMessages });
        if (!checked.success) {
          throw new SandboxError(
            500,
            `Sandbox answer breaks the contract for ${id}: ${checked.error.message}`,
          );
        }
      }
      this.hits.increment(id);
      // An answer without a body has the operation's own status (204; 205 where the service
      // resets; 200, 201 or 202 where the document gives a status and no content).
      if (!operation.response) return c.body(null, operation.status as 204);
      return c.json(result as object, operation.status as 200);
    });
  }
}

/** Creates a sandbox: `sandbox.fetch` plugs into the SDK, `sandbox.listen()` serves it on loopback. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return new Sandbox(options);
}
