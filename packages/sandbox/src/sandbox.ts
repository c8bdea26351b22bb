import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { listenFetch } from './listen.js';
import {
  checkRequestPart,
  decodeQuery,
  operations as contractOperations,
  describeIssues,
  zodMessages,
  type Operation,
  type ValidationIssue,
} from '@docs-api/sdk/contract';
import { cors } from './cors-middleware.js';
import { SandboxError } from './errors.js';
import { FILE_DOWNLOAD_PREFIX } from './content.js';
import { contentTypeOf } from './content-edit.js';
import { FAULT_HEADER, FaultError, FaultPlan, type Fault } from './faults.js';
import { changeRequestCommentHandlers } from './handlers/change-request-comments.js';
import { changeRequestContentHandlers } from './handlers/change-request-content.js';
import { changeRequestHandlers } from './handlers/change-requests.js';
import { changeRequestReviewHandlers } from './handlers/change-request-reviews.js';
import { revisionHandlers } from './handlers/revisions.js';
import { organizationHandlers } from './handlers/organizations.js';
import { memberHandlers } from './handlers/members.js';
import { siteHandlers } from './handlers/sites.js';
import { spaceHandlers } from './handlers/spaces.js';
import { collectionHandlers } from './handlers/collections.js';
import { translationHandlers } from './handlers/translations.js';
import { teamHandlers } from './handlers/teams.js';
import { samlHandlers } from './handlers/saml.js';
import { conversationHandlers } from './handlers/conversations.js';
import { openApiHandlers } from './handlers/openapi.js';
import { integrationHandlers } from './handlers/integrations.js';
import { importHandlers } from './handlers/imports.js';
import { spaceContentHandlers } from './handlers/space-content.js';
import { spaceCreateHandlers } from './handlers/space-create.js';
import { commentReplyHandlers } from './handlers/comment-replies.js';
import { gitSyncHandlers } from './handlers/git-sync.js';
import { sitePublishingHandlers } from './handlers/site-publishing.js';
import { siteStructureHandlers } from './handlers/site-structure.js';
import { siteShareLinkHandlers } from './handlers/site-share-links.js';
import { siteRedirectHandlers } from './handlers/site-redirects.js';
import { openApiVersionHandlers } from './handlers/openapi-versions.js';
import { integrationInstallationHandlers } from './handlers/integration-installations.js';
import { userHandlers } from './handlers/users.js';
import { askHandlers } from './handlers/ask.js';
import { siteSectionHandlers } from './handlers/site-sections.js';
import { permissionHandlers } from './handlers/permissions.js';
import { organizationInviteHandlers } from './handlers/organization-invites.js';
import { organizationCreateHandlers } from './handlers/organization-create.js';
import { offlineHandlers } from './handlers/offline.js';
import { siteSettingsHandlers } from './handlers/site-settings.js';
import { siteInsightsHandlers } from './handlers/site-insights.js';
import { siteStructureMoveHandlers } from './handlers/site-structure-moves.js';
import { contentDocumentHandlers } from './handlers/content-documents.js';
import { commenterHandlers } from './handlers/commenters.js';
import { siteContextHandlers } from './handlers/site-context.js';
import { integrationDevelopmentHandlers } from './handlers/integration-development.js';
import { organizationActivityHandlers } from './handlers/organization-activity.js';
import { systemHandlers } from './handlers/system.js';
import type { HandlerInput, Implementation } from './implement.js';
import { DEFAULT_TOKEN, MAX_BODY_BYTES } from './defaults.js';
import type { RunningSandbox, Sandbox as SandboxApi, SandboxOptions } from './public-types.js';
import { RateLimiter } from './rate-limit.js';
import { applySeed } from './seed.js';
import { Store } from './store.js';
import { SandboxClock, parseDuration } from './clock.js';
import { applyFixture, exportFixture, loadFixture, type Fixture, type ParsedFixture } from './fixtures.js';
import { DataDirectory } from './persistence.js';
import { OperationCounts } from './operation-counts.js';
import { SCHEMA_ANSWER_HEADER, schemaAnswer, schemaEvent } from './schema-answers.js';
import { ResourceEngine } from './resources/engine.js';
import { familiesOf, operationsOf } from './resources/families.js';

export { DEFAULT_TOKEN, MAX_BODY_BYTES } from './defaults.js';
export type { RunningSandbox, SandboxOptions } from './public-types.js';

/**
 * The largest body of `updateChangeRequestContent`: 64 MiB. The service takes a batch of up to
 * 50 changes whose files may each be 1,000,000 bytes sent as base64 (1,333,336 characters), so a
 * full batch of one such file per change is about 66.7 MB of JSON; 64 MiB (67,108,864 bytes)
 * admits it with room for the rest of each change.
 */
export const MAX_CONTENT_BATCH_BYTES = 64 * 1024 * 1024;

/** Operations whose body may be larger than `maxBodyBytes`: their own limit (the larger of the two applies). */
export const OPERATION_BODY_LIMITS: Readonly<Record<string, number>> = {
  updateChangeRequestContent: MAX_CONTENT_BATCH_BYTES,
};

/** Every operation the sandbox serves. */
export const implementations: readonly Implementation[] = [
  ...siteHandlers,
  ...organizationHandlers,
  ...memberHandlers,
  ...collectionHandlers,
  ...spaceHandlers,
  ...changeRequestHandlers,
  ...changeRequestCommentHandlers,
  ...changeRequestContentHandlers,
  ...changeRequestReviewHandlers,
  ...revisionHandlers,
  ...translationHandlers,
  ...teamHandlers,
  ...samlHandlers,
  ...conversationHandlers,
  ...openApiHandlers,
  ...integrationHandlers,
  ...importHandlers,
  ...spaceCreateHandlers,
  ...spaceContentHandlers,
  ...commentReplyHandlers,
  ...gitSyncHandlers,
  ...sitePublishingHandlers,
  ...siteStructureHandlers,
  ...siteShareLinkHandlers,
  ...siteRedirectHandlers,
  ...openApiVersionHandlers,
  ...integrationInstallationHandlers,
  ...userHandlers,
  ...askHandlers,
  ...siteSectionHandlers,
  ...permissionHandlers,
  ...organizationInviteHandlers,
  ...organizationCreateHandlers,
  ...offlineHandlers,
  ...siteSettingsHandlers,
  ...siteInsightsHandlers,
  ...siteStructureMoveHandlers,
  ...contentDocumentHandlers,
  ...commenterHandlers,
  ...siteContextHandlers,
  ...integrationDevelopmentHandlers,
  ...organizationActivityHandlers,
  ...systemHandlers,
];

/**
 * The paths of the content model (revisions, a space's or change request's content): kept by the
 * content handlers, never by the engine, whose empty collections would contradict them.
 */
const CONTENT_PATHS = /\/(?:revisions|content)\//;

/**
 * The resource engine serves every collection-and-item family of the contract of which no
 * operation is hand-written (a family split between a handler and the engine would keep two
 * states), outside the content model.
 */
export const resourceEngine = new ResourceEngine(
  (() => {
    const handled = new Set(implementations.map((implementation) => implementation.operation.id));
    const engineOnly = familiesOf(contractOperations).filter(
      (family) =>
        !CONTENT_PATHS.test(family.item) &&
        operationsOf(family).every((operation) => !handled.has(operation.id)),
    );
    return engineOnly.flatMap(operationsOf);
  })(),
);

/** Every operation the sandbox answers from its state: the handlers', then the engine's. */
export const statefulImplementations: readonly Implementation[] = [
  ...implementations,
  ...resourceEngine.implementations(),
];

type Env = { Bindings: { incoming?: { socket?: { destroy(): void } } } };

const DROPPED = 'x-sandbox-dropped';

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
  /** Each contract path as a pattern, with the methods the contract defines on it (for 405s). */
  readonly #routes: Array<{ pattern: RegExp; methods: Set<string> }> = [];
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
    if (this.#rateLimiter) this.app.use('*', this.#rateLimit(this.#rateLimiter));
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
    // Reads a body without a Content-Length in chunks, and stops at the limit: the operation's
    // own (OPERATION_BODY_LIMITS) where it has one, else maxBodyBytes.
    const limit = (maxSize: number) =>
      bodyLimit({
        maxSize,
        onError: (c) =>
          c.json(
            new SandboxError(
              413,
              `The request body is larger than the sandbox accepts (${maxSize} bytes)`,
            ).toBody(),
            413,
          ),
      });
    const limits = new Map<number, MiddlewareHandler<Env>>();
    this.app.use('*', (c: Context<Env, string>, next) => {
      const maxSize = bodyLimitFor(c.req.method, c.req.path, maxBodyBytes);
      let middleware = limits.get(maxSize);
      if (!middleware) limits.set(maxSize, (middleware = limit(maxSize)));
      return middleware(c, next);
    });
    for (const implementation of statefulImplementations) this.#register(implementation);
    // Every other operation of the contract answers a value built from its schema (marked as
    // such), once the objects its path names are found: under a parent the sandbox does not
    // have it answers 404, as the service does.
    const stateful = new Set(statefulImplementations.map((implementation) => implementation.operation.id));
    for (const operation of contractOperations) {
      if (!stateful.has(operation.id)) this.#register(schemaImplementation(operation));
    }
    // The bytes of a file the sandbox has (fileDownloadUrl): no token, as a download URL carries
    // its own access.
    this.app.get(`${FILE_DOWNLOAD_PREFIX}/:blob/:name`, (c) => {
      const base64 = this.store.blobs.get(c.req.param('blob'));
      if (base64 === undefined)
        return c.json(new SandboxError(404, `No file ${c.req.param('blob')} in the sandbox`).toBody(), 404);
      return c.body(Buffer.from(base64, 'base64'), 200, {
        'content-type': contentTypeOf(c.req.param('name')),
      });
    });
    this.app.get('/_sandbox/hits', (c) => c.json(Object.fromEntries(this.hits)));
    this.#registerAdmin();
    this.app.notFound((c) => {
      const allowed = this.#allowedMethods(c.req.path);
      if (allowed.length === 0)
        return c.json(new SandboxError(404, `No route for ${c.req.method} ${c.req.path}`).toBody(), 404);
      c.header('allow', allowed.join(', '));
      const message = `${c.req.method} is not allowed on ${c.req.path}: use ${allowed.join(', ')}`;
      return c.json(new SandboxError(405, message).toBody(), 405);
    });
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

  /** `/_sandbox/...`: reset, snapshots, the clock, faults and export over HTTP, behind the same token. */
  #registerAdmin(): void {
    const admin = new Hono<Env>();
    admin.use('*', async (c, next) => {
      this.#authenticate(c as Context<Env>);
      await next();
    });
    const body = async (c: Context<Env>): Promise<Record<string, unknown>> => {
      const text = await c.req.text();
      if (!text.trim()) return {};
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new SandboxError(400, 'Invalid request: the body is not valid JSON');
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new SandboxError(400, 'Invalid request: the body must be a JSON object');
      return value as Record<string, unknown>;
    };
    const clockView = () => ({ now: this.clock.now().toISOString(), offset: this.clock.offset });
    admin.post('/reset', (c) => {
      this.reset();
      return c.body(null, 204);
    });
    admin.post('/snapshots', (c) => c.json({ id: this.snapshot() }, 201));
    admin.post('/snapshots/:id/restore', (c) => {
      this.restore(c.req.param('id'));
      return c.body(null, 204);
    });
    admin.get('/clock', (c) => c.json(clockView()));
    admin.post('/clock', async (c) => {
      const { advance, set, ...rest } = await body(c);
      const extra = Object.keys(rest)[0];
      if (extra !== undefined || (advance === undefined) === (set === undefined))
        throw new SandboxError(
          400,
          'Invalid request: give one of advance (e.g. "7d", "1h30m", or milliseconds) or set (an ISO 8601 date)',
          [
            {
              path: `body.${extra ?? 'advance'}`,
              message: 'give { "advance": "7d" } or { "set": "2026-02-01T00:00:00Z" }',
            },
          ],
        );
      try {
        if (advance !== undefined) this.clock.offset = this.clock.offset + parseDuration(advance as string);
        else this.clock.set(set as string);
      } catch (error) {
        const field = advance !== undefined ? 'advance' : 'set';
        throw new SandboxError(400, `Invalid request: ${field}: ${(error as Error).message}`, [
          { path: `body.${field}`, message: (error as Error).message },
        ]);
      }
      return c.json(clockView());
    });
    admin.get('/faults', (c) => c.json({ items: this.faults.list() }));
    admin.post('/faults', async (c) => {
      const fault = await body(c);
      try {
        this.faults.add(fault);
      } catch (error) {
        if (!(error instanceof FaultError)) throw error;
        throw new SandboxError(400, error.message, [{ path: `body.${error.field}`, message: error.detail }]);
      }
      return c.json({ items: this.faults.list() }, 201);
    });
    admin.delete('/faults', (c) => {
      this.faults.clear();
      return c.body(null, 204);
    });
    admin.get('/export', (c) => c.json(this.export()));
    this.app.route('/_sandbox', admin);
  }

  /** The methods the contract defines on a path (HEAD with GET, as Hono answers it), sorted; none for an unknown path. */
  #allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.#routes) {
      if (!route.pattern.test(path)) continue;
      for (const method of route.methods) methods.add(method);
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }

  /** Counts each request against the budget; every answer says how much is left. */
  #rateLimit(limiter: RateLimiter): MiddlewareHandler<Env> {
    return async (c, next) => {
      // The sandbox's own endpoints are for tests, not part of the API: not counted.
      if (c.req.path.startsWith('/_sandbox/')) {
        await next();
        return undefined;
      }
      const decision = limiter.take();
      c.header('x-ratelimit-limit', String(decision.limit));
      c.header('x-ratelimit-remaining', String(decision.remaining));
      c.header('x-ratelimit-reset', String(Math.ceil(decision.resetAt.getTime() / 1000)));
      if (!decision.allowed) {
        c.header('retry-after', String(decision.retryAfterSeconds));
        const message = `Rate limit exceeded: ${decision.limit} requests per window; retry in ${decision.retryAfterSeconds} s`;
        return c.json(new SandboxError(429, message).toBody(), 429);
      }
      await next();
      return undefined;
    };
  }

  #register(implementation: Implementation): void {
    const { operation } = implementation;
    const pathValued = new Set(operation.pathValued ?? []);
    // A parameter whose value is a path (`pagePath`) takes the rest of the URL, slashes included.
    const route = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
      pathValued.has(name) ? `:${name}{.+}` : `:${name}`,
    );
    const pattern = pathPattern(operation);
    const known = this.#routes.find((r) => r.pattern.source === pattern.source);
    if (known) known.methods.add(operation.method);
    else this.#routes.push({ pattern, methods: new Set([operation.method]) });
    this.app.on(operation.method, route, async (c) => {
      const id = operation.id;
      this.requests.increment(id);
      const faulted = await this.#playFault(c, id);
      if (faulted) return faulted;
      this.#authenticate(c);
      const input = await this.#readInput(c, operation);
      c.header(SCHEMA_ANSWER_HEADER, implementation.answer ?? 'state');
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

  async #playFault(c: Context<Env>, operationId: string): Promise<Response | undefined> {
    let fault: Fault | undefined;
    try {
      fault = this.faults.take(operationId, c.req.header(FAULT_HEADER));
    } catch (error) {
      if (!(error instanceof FaultError)) throw error;
      const path = `header.${FAULT_HEADER}.${error.field}`;
      throw new SandboxError(400, error.message, [{ path, message: error.detail }]);
    }
    if (!fault) return undefined;
    if (fault.latency) await new Promise((resolve) => setTimeout(resolve, fault.latency));
    if (fault.drop) {
      const socket = c.env?.incoming?.socket;
      if (socket) socket.destroy();
      return c.body(null, 500, { [DROPPED]: '1' });
    }
    if (fault.status) {
      if (fault.retryAfter !== undefined) c.header('retry-after', String(fault.retryAfter));
      const body = new SandboxError(fault.status, `Injected fault: ${fault.status}`).toBody();
      return c.json(body, fault.status as 500);
    }
    return undefined;
  }

  #authenticate(c: Context<Env>): void {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw new SandboxError(401, 'Missing bearer token: send "Authorization: Bearer <token>"');
    if (match[1] !== this.token)
      throw new SandboxError(401, 'The bearer token is not valid for this sandbox');
  }

  async #readInput(
    c: Context<Env>,
    operation: Operation,
  ): Promise<Pick<HandlerInput<Operation>, 'params' | 'query' | 'body'>> {
    const issues: ValidationIssue[] = [];
    const part = (schema: Operation['query'], value: unknown, prefix: string) => {
      if (!schema) return undefined;
      const result = checkRequestPart(schema, value, prefix);
      if (result.ok) return result.value;
      issues.push(...result.issues);
      return undefined;
    };
    const params = part(operation.paramsSchema, c.req.param(), 'path');
    const url = new URL(c.req.url);
    const query = part(
      operation.query,
      decodeQuery(operation.queryKinds, url.searchParams, operation.queryWireNames),
      'query',
    );
    let rawBody: unknown = {};
    if (operation.body) {
      const text = await c.req.text();
      if (text.trim()) {
        try {
          rawBody = JSON.parse(text);
        } catch {
          throw new SandboxError(400, 'Invalid request: the body is not valid JSON');
        }
      }
    }
    const body = part(operation.body, rawBody, 'body');
    if (issues.length) throw new SandboxError(400, `Invalid request: ${describeIssues(issues)}`, issues);
    return { params, query, body } as Pick<HandlerInput<Operation>, 'params' | 'query' | 'body'>;
  }
}

let largeBodies: Array<{ method: string; pattern: RegExp; limit: number }> | undefined;

/**
 * The largest body a request may have: its operation's own limit (`OPERATION_BODY_LIMITS`) if it
 * has one and it is larger, else `maxBodyBytes`. The sandbox and the proxy both apply it.
 */
export function bodyLimitFor(method: string, path: string, maxBodyBytes: number): number {
  largeBodies ??= contractOperations
    .filter((operation) => OPERATION_BODY_LIMITS[operation.id] !== undefined)
    .map((operation) => ({
      method: operation.method,
      pattern: pathPattern(operation),
      limit: OPERATION_BODY_LIMITS[operation.id] ?? 0,
    }));
  const large = largeBodies.find((entry) => entry.method === method && entry.pattern.test(path));
  return Math.max(maxBodyBytes, large?.limit ?? 0);
}

/** A regular expression matching the paths of an operation (a path-valued parameter takes slashes). */
function pathPattern(operation: Operation): RegExp {
  const pathValued = new Set(operation.pathValued ?? []);
  const pieces = operation.path.split(/\{(\w+)\}/);
  return new RegExp(
    `^${pieces
      .map((piece, index) =>
        index % 2 === 1
          ? pathValued.has(piece)
            ? '.+'
            : '[^/]+'
          : piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  );
}

/** The methods of the contract's operations, and HEAD with GET, as Hono answers it. */
function apiMethods(): string[] {
  const methods = new Set(contractOperations.map((operation) => operation.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/** Creates a sandbox: `sandbox.fetch` plugs into the SDK, `sandbox.listen()` serves it on loopback. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return new Sandbox(options);
}

/** An operation the sandbox keeps no state for: its answer built from its schema, marked as such. */
function schemaImplementation(operation: Operation): Implementation {
  return {
    operation,
    answer: 'schema',
    handle: async ({ params, store }) => {
      resourceEngine.requireParents(store, operation, params);
      return operation.stream ? [await schemaEvent(operation)] : schemaAnswer(operation, params);
    },
  };
}

/**
 * Server-sent events: each event's data its JSON, as the service streams an answer. `check`
 * throws for an event that breaks the contract (with `checkResponses`): the stream then ends
 * with an `error` event carrying the error body, as the status line is already sent.
 */
function streamEvents(
  c: Context,
  events: Iterable<unknown> | AsyncIterable<unknown>,
  check: (event: unknown) => void,
): Response {
  return streamSSE(c, async (stream) => {
    // The client went away (in process: the request's signal; over HTTP @hono/node-server aborts
    // it too): stop writing at once, as the body's cancel does.
    const signal = c.req.raw.signal;
    const stop = () => stream.abort();
    if (signal.aborted) return;
    signal.addEventListener('abort', stop, { once: true });
    try {
      for await (const event of events) {
        if (stream.aborted) return;
        check(event);
        await stream.writeSSE({ data: JSON.stringify(event) });
      }
    } catch (error) {
      const failure =
        error instanceof SandboxError
          ? error
          : new SandboxError(500, `Sandbox failure: ${(error as Error).message}`);
      if (!stream.aborted) await stream.writeSSE({ event: 'error', data: JSON.stringify(failure.toBody()) });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  });
}
