import type { AddressInfo } from 'node:net';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serve, type ServerType } from '@hono/node-server';
import {
  checkRequestPart,
  decodeQuery,
  describeIssues,
  zodMessages,
  type Operation,
  type ValidationIssue,
} from '@docs-api/sdk/contract';
import { cors, type CorsOptions } from './cors.js';
import { SandboxError } from './errors.js';
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
import type { HandlerInput, Implementation } from './implement.js';
import { RateLimiter, type RateLimit } from './rate-limit.js';
import { applySeed, type Seed } from './seed.js';
import { Store } from './store.js';

export const DEFAULT_TOKEN = 'sandbox-token';

/** The largest request body the sandbox reads: 1 MiB. A larger one is refused with a 413 unread. */
export const MAX_BODY_BYTES = 1024 * 1024;

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
];

export interface SandboxOptions {
  /** Initial data: `demo` (default), `empty`, or a function that fills the store. */
  seed?: Seed;
  /** The bearer token requests must carry. Default `sandbox-token`. */
  token?: string;
  /** Faults to play, in order, on matching requests. */
  faults?: Fault[];
  /** Check every answer against the contract's response schema (on in tests). */
  checkResponses?: boolean;
  /** The clock for timestamps and the rate limit's windows. */
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

type Env = { Bindings: { incoming?: { socket?: { destroy(): void } } } };

const DROPPED = 'x-sandbox-dropped';

/** A stateful, in-memory implementation of the contract, served by Hono. */
export class Sandbox {
  readonly app = new Hono<Env>();
  readonly store: Store;
  readonly token: string;
  /** Successful answers per operation id. */
  readonly hits = new Map<string, number>();
  /** Requests routed to each operation id, whatever their outcome. */
  readonly requests = new Map<string, number>();
  readonly faults = new FaultPlan();
  readonly #checkResponses: boolean;
  readonly #rateLimiter: RateLimiter | undefined;
  /** Each contract path as a pattern, with the methods the contract defines on it (for 405s). */
  readonly #routes: Array<{ pattern: RegExp; methods: Set<string> }> = [];
  #requestCount = 0;

  constructor(options: SandboxOptions = {}) {
    const clock = options.clock ?? (() => new Date());
    this.store = new Store(options.clock);
    this.token = options.token ?? DEFAULT_TOKEN;
    this.#checkResponses = options.checkResponses ?? false;
    this.#rateLimiter = options.rateLimit ? new RateLimiter(options.rateLimit, clock) : undefined;
    const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
    if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 0)
      throw new RangeError('maxBodyBytes must be an integer number of bytes, 0 or more');
    applySeed(this.store, options.seed ?? 'demo');
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
    // Reads a body without a Content-Length in chunks, and stops at the limit.
    this.app.use(
      '*',
      bodyLimit({
        maxSize: maxBodyBytes,
        onError: (c) =>
          c.json(
            new SandboxError(
              413,
              `The request body is larger than the sandbox accepts (${maxBodyBytes} bytes)`,
            ).toBody(),
            413,
          ),
      }),
    );
    for (const implementation of implementations) this.#register(implementation);
    this.app.get('/_sandbox/hits', (c) => c.json(Object.fromEntries(this.hits)));
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
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await this.app.fetch(new Request(input, init));
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

  /** Clears hit counters, e.g. between test phases. */
  resetHits(): void {
    this.hits.clear();
    this.requests.clear();
  }

  /** Serves the sandbox on 127.0.0.1 (port 0: a free one). */
  async listen(options: { port?: number; host?: string } = {}): Promise<RunningSandbox> {
    const host = options.host ?? '127.0.0.1';
    const server: ServerType = await new Promise((resolve, reject) => {
      const started = serve({ fetch: this.app.fetch, hostname: host, port: options.port ?? 0 }, () => {
        started.off('error', reject);
        resolve(started);
      });
      // A taken port or an unknown host: rejected here rather than crashing the process.
      started.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/v1`,
      token: this.token,
      port,
      close: () =>
        new Promise<void>((resolve, reject) => {
          // Idle keep-alive sockets would hold close() open.
          (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          server.close((error) => (error ? reject(error) : resolve()));
        }),
    };
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
    const route = operation.path.replace(/\{(\w+)\}/g, ':$1');
    const pattern = new RegExp(
      `^${operation.path
        .split(/\{\w+\}/)
        .map((piece) => piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}$`,
    );
    const known = this.#routes.find((r) => r.pattern.source === pattern.source);
    if (known) known.methods.add(operation.method);
    else this.#routes.push({ pattern, methods: new Set([operation.method]) });
    this.app.on(operation.method, route, async (c) => {
      const id = operation.id;
      this.requests.set(id, (this.requests.get(id) ?? 0) + 1);
      const faulted = await this.#playFault(c, id);
      if (faulted) return faulted;
      this.#authenticate(c);
      const input = await this.#readInput(c, operation);
      const result = await implementation.handle({ ...input, store: this.store, context: c });
      if (this.#checkResponses && operation.response) {
        const checked = operation.response.safeParse(result, { error: zodMessages });
        if (!checked.success) {
          throw new SandboxError(
            500,
            `Sandbox answer breaks the contract for ${id}: ${checked.error.message}`,
          );
        }
      }
      this.hits.set(id, (this.hits.get(id) ?? 0) + 1);
      if (!operation.response) return c.body(null, 204);
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
      decodeQuery(operation.query, url.searchParams, operation.queryWireNames),
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

/** The methods of the contract's operations, and HEAD with GET, as Hono answers it. */
function apiMethods(): string[] {
  const methods = new Set(implementations.map((implementation) => implementation.operation.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/** Creates a sandbox: `sandbox.fetch` plugs into the SDK, `sandbox.listen()` serves it on loopback. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return new Sandbox(options);
}
