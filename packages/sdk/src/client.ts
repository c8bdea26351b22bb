import type { ApiPromise } from './core/api-promise.js';
import { InvalidOptionError, MissingTokenError } from './core/errors.js';
import { checkToken, normalizeBaseUrl } from './core/credentials.js';
import type { Hooks } from 'ky';
import {
  HttpClient,
  RESPONSE_VALIDATION_MODES,
  type RawRequest,
  type RequestOptions,
  type ResponseValidation,
} from './core/http.js';
import type { Logger } from './core/logger.js';
import { checkOptions, clientOptionsSchema } from './core/options.js';
import type { RetryEvent } from './core/retry.js';
import type { RateLimitEvent } from './core/throttle.js';
import { createResources, operationRefs, type ClientResources } from './generated/resources/index.js';
import { Invoker } from './core/invoke.js';
import { nearest } from './core/options.js';
import type { CallArgs, CallResult, OperationId } from './operation-call.js';
import { VERSION } from './version.js';

/**
 * The service's API root, from the `servers` of its published API document (`{host}/v1`, host
 * `https://api.gitbook.com`): the contract leaves `{base_url}` open (see docs/contract-notes.md).
 */
export const DEFAULT_BASE_URL = 'https://api.gitbook.com/v1';

export interface ClientOptions {
  /** Bearer token; defaults to `DOCS_API_TOKEN`. */
  token?: string | undefined;
  /** API root, with or without the `/v1` suffix; defaults to `DOCS_API_URL`, then `DEFAULT_BASE_URL`. */
  baseUrl?: string | undefined;
  /** A fetch implementation, e.g. a sandbox's `fetch` for in-process tests. */
  fetch?: typeof fetch | undefined;
  /**
   * Milliseconds allowed for each attempt: connecting, the headers and the whole body; an
   * attempt that takes longer is retried if the operation may be replayed. Default 60 000.
   */
  timeout?: number | undefined;
  /**
   * Milliseconds allowed for a whole call, from its first attempt to its answer: every attempt,
   * the waits between them and reading the body. So with the defaults a server that never
   * answers is given up on after 60 s in all, retries included. A call's time queued behind the
   * client's `maxConcurrency` before its first attempt does not count. Default 60 000;
   * `Infinity` for none.
   */
  totalTimeout?: number | undefined;
  /** Retries for retryable failures. Default 2. */
  maxRetries?: number | undefined;
  /**
   * Longest wait between retries. A server asking (`Retry-After`, `X-RateLimit-Reset`) for a
   * longer wait is not waited for: the call fails at once with an error carrying `retryAt`.
   * Default 60 000 ms.
   */
  maxRetryDelay?: number | undefined;
  /** Receives request, retry, failure and response-drift lines; never the token. */
  logger?: Logger | undefined;
  /** Prepended to the SDK's own user agent. */
  userAgent?: string | undefined;
  /**
   * What to do with a response that does not fit the contract: `strict` throws
   * `ResponseValidationError`, `warn` logs each drift once and uses the data as received, `off`
   * skips the check. Defaults to `DOCS_RESPONSE_VALIDATION`, then `warn`: the types say what the
   * document requires, and a service that sends less still gives its data (tests use `strict`).
   */
  responseValidation?: ResponseValidation | undefined;
  /** Called before each wait between two attempts, e.g. to tell a person why the call is slow. */
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /**
   * Attempts in flight at once across every call of this client; the others wait their turn, so
   * a `Promise.all` over hundreds of calls neither floods the server nor its rate limit.
   * Default 10 (octokit's throttling); `Infinity` for no limit.
   */
  maxConcurrency?: number | undefined;
  /**
   * Called when the client holds every call for a rate limit: a 429, or an answer saying no
   * request is left in the window (`X-RateLimit-Remaining: 0`). The calls go again at `resumeAt`.
   */
  onRateLimit?: ((event: RateLimitEvent) => void) | undefined;
  /**
   * ky hooks of your own (`beforeRequest`, `beforeRetry`, `afterResponse`, `beforeError`), run
   * beside the SDK's for every attempt, e.g. for logging or tracing. `beforeError` hooks see ky's
   * `HTTPError`; the SDK turns it into its own error after them.
   */
  hooks?: Hooks | undefined;
}

function readResponseValidation(option: ResponseValidation | undefined): ResponseValidation {
  const [value, source] =
    option !== undefined
      ? [option as string, 'the responseValidation option']
      : [readEnv('DOCS_RESPONSE_VALIDATION'), 'DOCS_RESPONSE_VALIDATION'];
  if (value === undefined) return 'warn';
  const mode = RESPONSE_VALIDATION_MODES.find((allowed) => allowed === value);
  if (mode) return mode;
  // Echo the value only when it looks like a misspelt mode: a pasted secret must not be shown.
  const shown = /^[a-z-]{1,12}$/i.test(String(value)) ? ` (got "${String(value)}")` : '';
  throw new InvalidOptionError(`${source} must be one of ${RESPONSE_VALIDATION_MODES.join(', ')}${shown}`);
}

function readEnv(name: string): string | undefined {
  // The SDK runs where `process` does not exist (browsers, workers): look, never assume.
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name];
  return value === undefined || value === '' ? undefined : value;
}

// The resources (`client.sites`, ...) are generated classes (generated/resources/*.ts), one per
// area of the service's API; each operation's module loads on the first call of its method.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the class gets the resources' declarations
export interface DocsClient extends ClientResources {}

/**
 * Client for the Documentation Management API.
 *
 * @example
 * const client = new DocsClient({ token: process.env.DOCS_API_TOKEN });
 * for await (const site of client.sites.list('org_123')) console.log(site.title);
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class DocsClient {
  readonly baseUrl: string;
  readonly #http: HttpClient;
  readonly #invoker: Invoker;

  constructor(options: ClientOptions = {}) {
    checkOptions(clientOptionsSchema, options, 'DocsClient option', '{ token, baseUrl }');
    const token = options.token ?? readEnv('DOCS_API_TOKEN');
    if (!token) throw new MissingTokenError();
    checkToken(token);
    this.baseUrl = normalizeBaseUrl(options.baseUrl ?? readEnv('DOCS_API_URL') ?? DEFAULT_BASE_URL);
    const userAgent = `docs-api-sdk/${VERSION}`;
    this.#http = new HttpClient({
      token,
      baseUrl: this.baseUrl,
      fetch: options.fetch,
      timeout: options.timeout ?? 60_000,
      totalTimeout: options.totalTimeout ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      maxRetryDelay: options.maxRetryDelay ?? 60_000,
      logger: options.logger,
      userAgent: options.userAgent ? `${options.userAgent} ${userAgent}` : userAgent,
      responseValidation: readResponseValidation(options.responseValidation),
      onRetry: options.onRetry,
      maxConcurrency: options.maxConcurrency ?? 10,
      onRateLimit: options.onRateLimit,
      hooks: options.hooks,
    });
    this.#invoker = new Invoker(this.#http);
    // Not enumerable: `console.log(client)` shows the client, not every resource.
    for (const [name, resource] of Object.entries(createResources(this.#invoker)))
      Object.defineProperty(this, name, { enumerable: false, value: resource });
  }

  /**
   * Calls an endpoint the resources do not cover, with the same auth, retries and errors.
   * Build `path` with the `path` tag so every value is encoded. `idempotent` (default: true for
   * GET, HEAD, PUT and DELETE) says whether the call may be replayed after the server may have
   * received it.
   */
  request<T = unknown>(spec: RawRequest<T>, options?: RequestOptions): ApiPromise<T> {
    return this.#http.request(spec, options);
  }

  /**
   * Calls any operation by its id (the document's operationId), its inputs by name, with the
   * same checks, retries, errors, pages and streams as its method: typed by the id, so a wrong
   * id or parameter does not compile.
   *
   * @example
   * const site = await client.call('getSiteById', { params: { organizationId, siteId } });
   * for await (const space of client.call('listSpaces', { params: { organizationId } })) {}
   */
  call<Id extends OperationId>(id: Id, ...args: CallArgs<Id>): CallResult<Id> {
    const entry = typeof id === 'string' && Object.hasOwn(operationRefs, id) ? operationRefs[id] : undefined;
    if (!entry) {
      const near = typeof id === 'string' ? nearest(id, Object.keys(operationRefs)) : undefined;
      throw new TypeError(
        `client.call: ${JSON.stringify(String(id)).slice(0, 80)} is not an operation id${near ? ` (did you mean ${near}?)` : ''}`,
      );
    }
    const [input, options] = args as [unknown, RequestOptions | undefined];
    return this.#invoker.call(entry, input, options) as CallResult<Id>;
  }

  /** The client's token is never printed, even by `console.log(client)`. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl };
  }
}
