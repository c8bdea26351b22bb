import ky, {
  HTTPError,
  TimeoutError as KyTimeoutError,
  type Hooks,
  type KyInstance,
  type Options as KyOptions,
} from 'ky';
import type { ContractSchema, HttpMethod, OperationShape as Operation } from '../contract/operation-shape.js';
import { encodeQuery } from '../contract/query.js';
import { requestPartIssues, type ErrorMessages } from '../contract/request-issues.js';
import type { ListEnvelope } from '../contract/list-envelope.js';
import { ApiPromise, type WithResponse } from './api-promise.js';
import { conformer, type Schema } from './conforms.js';
import {
  AbortError,
  ApiError,
  ConnectionError,
  DocsError,
  RedirectError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  type ValidationIssue,
} from './errors.js';
import { InvalidOptionError } from './credentials.js';
import type { Logger } from './logger.js';
import { PagePromise } from './pagination.js';
import { encodePathSegment } from './path.js';
import { redactBody, redactCause, redactHeaders, redactText, safeUrl, secretsOf } from './redact.js';
import {
  NOT_CONNECTED_CODES,
  RETRY_STATUSES,
  backoff,
  readRateLimit,
  serverWait,
  type RateLimitInfo,
  type RetryEvent,
} from './retry.js';
import { Throttle, type RateLimitEvent, type Slot } from './throttle.js';
import { EventStream, type OpenedStream } from './event-stream.js';
import type { ResolvedCall } from './resources.js';

/**
 * What to do with a response that does not fit the contract's schema:
 * - `strict` (default): throw `ResponseValidationError` with the issues and the raw data;
 * - `warn`: log each drift once per client through `logger.warn`, and use the data as received;
 * - `off`: do not check responses against the schemas (bodies are still parsed as JSON).
 */
export type ResponseValidation = 'strict' | 'warn' | 'off';
export const RESPONSE_VALIDATION_MODES: readonly ResponseValidation[] = ['strict', 'warn', 'off'];

/** Per-call options, accepted as the last argument of every resource method. */
export interface RequestOptions {
  /** Cancels the request (and any retry wait) with an `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Milliseconds for each attempt, headers and body; overrides the client's `timeout`. */
  timeout?: number | undefined;
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number | undefined;
  /** Extra headers for this call. */
  headers?: Record<string, string> | undefined;
}

export interface HttpConfig {
  token: string;
  baseUrl: string;
  fetch?: typeof fetch | undefined;
  timeout: number;
  maxRetries: number;
  maxRetryDelay: number;
  logger?: Logger | undefined;
  userAgent: string;
  responseValidation: ResponseValidation;
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /** Attempts in flight at once, across every call of the client. */
  maxConcurrency: number;
  onRateLimit?: ((event: RateLimitEvent) => void) | undefined;
  /** The user's own ky hooks, run beside the SDK's. */
  hooks?: Hooks | undefined;
}

/** Inputs of one operation call, before validation. */
export interface OperationInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/**
 * What the SDK needs of a schema that checks an answer: a zod schema (`zod` or `zod/mini`) fits.
 * Declared here so that the SDK's public types do not depend on zod's.
 */
export interface ResponseSchema<T> {
  safeParse(
    data: unknown,
    params?: { error?: (issue: never) => unknown },
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** A request outside the contract's operations (`client.request()`). */
export interface RawRequest<T> {
  method: HttpMethod;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Checks the answer (under the client's response policy), e.g. a zod schema. */
  schema?: ResponseSchema<T>;
  /**
   * Whether the call may be replayed after the server may have received it. Defaults to true
   * for GET, HEAD, PUT and DELETE, false for POST and PATCH.
   */
  idempotent?: boolean;
}

const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
/** setTimeout fires at once past this: a longer timeout means none. */
const MAX_TIMER = 2_147_483_647;
/** Drifts remembered per client, so a long-lived client cannot grow without bound. */
const MAX_DRIFT_KEYS = 1000;

interface SendSpec {
  label: string;
  method: HttpMethod;
  path: string;
  search?: URLSearchParams | undefined;
  body?: unknown;
  response?: ResponseSchema<unknown> | undefined;
  idempotent: boolean;
  /** Parse JSON even without a schema (`client.request()`). */
  rawJson: boolean;
  /** Server-sent events: a successful answer's body is not read; the caller streams it. */
  stream?: boolean;
}

type Phase = 'headers' | 'body';

/** The methods ky may retry: all of them, so that `#shouldRetry` decides by the operation. */
const RETRY_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** Where one attempt is: waiting for the headers, or reading the body. */
interface Attempt {
  phase: Phase;
}

/** An answer read whole, whatever its status. */
interface Answer {
  response: Response;
  text: string;
  /** The URL answered, after any redirect followed. */
  url: string;
  rateLimit: RateLimitInfo | undefined;
  /** The server's wait (`Retry-After`, `X-RateLimit-Reset`), for a failure that gave one. */
  waitMs: number | undefined;
}

/** The transport's fetch or body read failed (not the caller's abort, not ky's deadline). */
class NetworkFailure extends Error {
  override name = 'NetworkFailure';
  readonly error: unknown;
  readonly phase: Phase;
  constructor(error: unknown, phase: Phase) {
    super('network failure');
    this.error = error;
    this.phase = phase;
  }
}

/** A failed attempt, and what the retry policy needs to know about it. */
interface Failure {
  /** What ky rejected with. */
  cause: unknown;
  error: Error;
  status?: number | undefined;
  /** Retried when the operation is idempotent (retryable status, timeout, connection failure). */
  retryable: boolean;
  /** The request cannot have reached the server: retried for any operation. */
  neverConnected: boolean;
  /** The server's own wait (`Retry-After`, `X-RateLimit-Reset`), when it gave one. */
  waitMs?: number | undefined;
  reason: string;
  rateLimit?: RateLimitInfo | undefined;
}

/** Where the SDK was called from: its stack is added to any error the call throws. */
interface CallSite {
  stack?: string | undefined;
}

/** The stack of the caller of an SDK method, taken when the method is called (cheap: V8 formats it only when read). */
function callSite(): CallSite {
  const site: CallSite = {};
  const capture = (Error as { captureStackTrace?: (target: object) => void }).captureStackTrace;
  if (capture) capture(site);
  else site.stack = new Error().stack;
  return site;
}

/**
 * One call: what it sends, its settings, and what its attempts found. Shared by ky's hooks and
 * the transport through the ky option `docsCall`. What only a message or a log line needs (the
 * secrets to hide, the URL as shown) is worked out when first asked for.
 */
class Call {
  readonly spec: SendSpec;
  readonly url: string;
  readonly timeout: number;
  readonly signal: AbortSignal | undefined;
  readonly maxRetries: number;
  body: string | undefined;
  slot: Slot | undefined;
  attempt: Attempt | undefined;
  answer: Answer | undefined;
  failure: Failure | undefined;
  /** The wait before the next retry, set by `#shouldRetry` and read by ky's `retry.delay`. */
  delayMs = 0;
  readonly #token: string;
  #secrets: string[] | undefined;
  #shownUrl: string | undefined;
  #where: string | undefined;

  constructor(
    spec: SendSpec,
    url: string,
    timeout: number,
    token: string,
    signal: AbortSignal | undefined,
    maxRetries: number,
  ) {
    this.spec = spec;
    this.url = url;
    this.timeout = timeout;
    this.#token = token;
    this.signal = signal;
    this.maxRetries = maxRetries;
  }

  get secrets(): string[] {
    return (this.#secrets ??= secretsOf(this.#token, this.spec.search));
  }

  /** `url` as shown: no credentials, no secret query values. */
  get shownUrl(): string {
    return (this.#shownUrl ??= safeUrl(this.url, this.secrets));
  }

  /** `METHOD /path`, for messages. */
  get where(): string {
    return (this.#where ??= redactText(`${this.spec.method} ${this.spec.path}`, this.secrets));
  }
}

/**
 * What the http layer works out once per operation rather than on every call: the path template
 * cut at its parameters, and whether the parameters can be checked without zod.
 */
interface Plan {
  /** Literal parts of the path template, between its parameters. */
  literals: string[];
  /** The parameters, in template order. */
  names: string[];
  /** Parameters whose value is a path: each of its segments is encoded, its slashes kept. */
  pathValued: ReadonlySet<string>;
  /** No rule beyond "a non-empty string, not `.` or `..`": checked here, zod only on a failure. */
  plainParams: boolean;
}

const plans = new WeakMap<Operation, Plan>();

function planOf(operation: Operation): Plan {
  let plan = plans.get(operation);
  if (!plan) {
    const parts = operation.path.split(/\{(\w+)\}/);
    plan = {
      literals: parts.filter((_, index) => index % 2 === 0),
      names: parts.filter((_, index) => index % 2 === 1),
      pathValued: new Set(operation.pathValued ?? []),
      plainParams: !operationHasParamRules(operation) && !operation.pathValued?.length,
    };
    plans.set(operation, plan);
  }
  return plan;
}

type CheckDef = { check?: string; minimum?: number };
type FieldDef = { type: string; checks?: Array<{ _zod: { def: CheckDef } }> };

/**
 * Whether the contract gives some path parameter a rule of its own (a pattern, a length): a plain
 * parameter is a string with `min(1)` and the `.`/`..` refinement every parameter gets, nothing else.
 */
function operationHasParamRules(operation: Operation): boolean {
  const shape = (operation.paramsSchema._zod.def as { shape?: Record<string, { _zod: { def: FieldDef } }> })
    .shape;
  return Object.values(shape ?? {}).some(({ _zod: { def } }) => {
    const [first, second, ...more] = def.checks ?? [];
    const min = first?._zod.def;
    return !(
      def.type === 'string' &&
      min?.check === 'min_length' &&
      min.minimum === 1 &&
      second?._zod.def.check === 'custom' &&
      more.length === 0
    );
  });
}

/** The path parameters if each is a plain valid segment and there are no others; else undefined. */
function plainParams(plan: Plan, params: Record<string, unknown>): Record<string, string> | undefined {
  let count = 0;
  for (const name of plan.names) {
    const value = params[name];
    if (typeof value !== 'string' || value === '' || value === '.' || value === '..') return undefined;
    count++;
  }
  for (const _key in params) count--;
  return count === 0 ? (params as Record<string, string>) : undefined;
}

function expand(plan: Plan, params: Record<string, unknown>): string {
  let path = plan.literals[0]!;
  for (let index = 0; index < plan.names.length; index++) {
    const name = plan.names[index]!;
    const value = params[name];
    const encoded = plan.pathValued.has(name)
      ? String(value)
          .split('/')
          .map((segment) => encodePathSegment(name, segment))
          .join('/')
      : encodePathSegment(name, value);
    path += encoded + plan.literals[index + 1]!;
  }
  return path;
}

/**
 * The only place that speaks HTTP, through one ky instance per client (prefix URL, headers, the
 * transport as its `fetch`, hooks): ky runs the attempts, their deadline and the waits; this
 * class adds what ky does not do (docs/decisions/0037-ky-for-http-again.md): the retry policy
 * by operation, the redirect policy, reading the body inside the deadline, the shared rate
 * limit, the error tree and response checking.
 */
export class HttpClient {
  readonly #config: HttpConfig;
  readonly #origin: string;
  readonly #drift = new Set<string>();
  readonly #fetch: typeof fetch;
  readonly #ky: KyInstance;
  readonly #throttle: Throttle;
  /** The user gave afterResponse hooks: they get a response whose body they can read. */
  readonly #userReadsResponses: boolean;

  constructor(config: HttpConfig) {
    this.#config = config;
    // Looked up per call, so a fetch stubbed after the client was made (nock, msw) is used.
    this.#fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#origin = new URL(config.baseUrl).origin;
    this.#throttle = new Throttle(config.maxConcurrency, config.maxRetryDelay, config.onRateLimit);
    const hooks = config.hooks ?? {};
    this.#userReadsResponses = (hooks.afterResponse?.length ?? 0) > 0;
    this.#ky = ky.create({
      prefixUrl: config.baseUrl,
      headers: {
        authorization: `Bearer ${config.token}`,
        accept: 'application/json',
        'user-agent': config.userAgent,
      },
      fetch: this.#transport as typeof fetch,
      hooks: {
        // The SDK's slot first, so that the user's hooks see the attempt as it is sent.
        beforeRequest: [this.#beforeRequest, ...(hooks.beforeRequest ?? [])],
        beforeRetry: [...(hooks.beforeRetry ?? [])],
        afterResponse: [...(hooks.afterResponse ?? [])],
        // The user's first: they see ky's HTTPError, as ky users expect; the SDK's maps it last.
        beforeError: [...(hooks.beforeError ?? []), this.#beforeError],
      },
    });
  }

  /** Calls one contract operation and reads its answer with the operation's response schema. */
  call<T>(
    operation: Operation,
    input: OperationInput,
    options?: RequestOptions,
  ): ApiPromise<T> {
    return new ApiPromise(this.#callOperation<T>(operation, input, options, callSite()));
  }

  /** Calls a paginated operation; the returned promise iterates every page. */
  list<T, E extends ListEnvelope<T> = ListEnvelope<T>>(
    operation: Operation,
    input: OperationInput,
    options?: RequestOptions,
  ): PagePromise<T, E> {
    const site = callSite();
    const fetchPage = (page?: string) =>
      this.#callOperation<E>(
        operation,
        page === undefined ? input : { ...input, query: { ...input.query, page } },
        options,
        site,
      );
    const start = input.query?.page;
    return new PagePromise<T, E>(fetchPage(), fetchPage, {
      operation: operation.id,
      startCursor: typeof start === 'string' ? start : undefined,
    });
  }

  /** The caller's stack, taken when a resource method is called (added to any error of the call). */
  callSite(): CallSite {
    return callSite();
  }

  /** A resource method's call, once its operation is loaded and its arguments mapped (core/resources.ts). */
  callResolved<T>(resolve: () => Promise<ResolvedCall>, site: CallSite): ApiPromise<T> {
    return new ApiPromise(
      resolve().then(
        ({ operation, input, options }) => this.#callOperation<T>(operation as Operation, input, options, site),
        (error: unknown) => Promise.reject(withCallSite(error, site) as Error),
      ),
    );
  }

  /** A resource method that answers pages. */
  listResolved<T>(resolve: () => Promise<ResolvedCall>, site: CallSite): PagePromise<T> {
    const resolved = resolve();
    resolved.catch(() => undefined);
    let name = 'list';
    const fetchPage = (page?: string) =>
      resolved.then(
        ({ operation, input, options }) => {
          name = operation.id;
          const pageInput = page === undefined ? input : { ...input, query: { ...input.query, page } };
          return this.#callOperation<ListEnvelope<T>>(operation as Operation, pageInput, options, site);
        },
        (error: unknown) => Promise.reject(withCallSite(error, site) as Error),
      );
    return new PagePromise<T>(fetchPage(), fetchPage, { operation: () => name });
  }

  /** A resource method that answers a stream of server-sent events. */
  streamResolved<T>(resolve: () => Promise<ResolvedCall>, site: CallSite): EventStream<T> {
    return new EventStream<T>(async (signal) => {
      try {
        const { operation, input, options } = await resolve();
        const merged = options?.signal ? AbortSignal.any([options.signal, signal]) : signal;
        return await this.#openStream(operation as Operation, input, { ...options, signal: merged }, site);
      } catch (error) {
        throw withCallSite(error, site);
      }
    });
  }

  /** A hand-written method (an extension) that resolves to one answer with its response. */
  callExtension<T>(run: () => Promise<WithResponse<T>>, site: CallSite): ApiPromise<T> {
    return new ApiPromise(run().catch((error: unknown) => Promise.reject(withCallSite(error, site) as Error)));
  }

  /** A request outside the contract's operations, with the same auth, retries and errors. */
  request<T = unknown>(spec: RawRequest<T>, options?: RequestOptions): ApiPromise<T> {
    const site = callSite();
    const path = spec.path.startsWith('/') ? spec.path : `/${spec.path}`;
    try {
      checkRequestOptions(options);
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the check threw, as an async function would reject
      return new ApiPromise(Promise.reject(withCallSite(error, site)));
    }
    return new ApiPromise(
      this.#send<T>(
        {
          label: `${spec.method} ${path}`,
          method: spec.method,
          path,
          search: encodeQuery(spec.query),
          body: spec.body,
          response: spec.schema,
          idempotent: spec.idempotent ?? IDEMPOTENT_METHODS.has(spec.method),
          rawJson: true,
        },
        options,
        site,
      ),
    );
  }

  /** Not `async`: a loaded operation goes straight to #send, without an extra promise and its ticks. */
  #callOperation<T>(
    operation: Operation,
    input: OperationInput,
    options: RequestOptions | undefined,
    site: CallSite,
  ): Promise<WithResponse<T>> {
    try {
      if (options !== undefined) checkRequestOptions(options);
      return this.#sendOperation<T>(operation, input, options, site);
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what validation threw, as an async function would reject
      return Promise.reject(withCallSite(error, site));
    }
  }

  /** Checks the inputs (throws `RequestValidationError`) and sends the call. */
  #sendOperation<T>(
    operation: Operation,
    input: OperationInput,
    options: RequestOptions | undefined,
    site: CallSite,
  ): Promise<WithResponse<T>> {
    const plan = planOf(operation);
    const given = input.params ?? {};
    const params =
      (plan.plainParams ? plainParams(plan, given) : undefined) ?? parsed(operation.paramsSchema, given);
    const query = operation.query ? checked(operation.query, input.query ?? {}) : undefined;
    const body = operation.body ? checked(operation.body, input.body ?? {}) : undefined;
    if (params === INVALID || query === INVALID || body === INVALID) {
      return this.#invalidRequest(operation, input, site);
    }
    return this.#send<T>(
      {
        label: operation.id,
        method: operation.method,
        path: expand(plan, params as Record<string, unknown>),
        search:
          query === undefined
            ? undefined
            : encodeQuery(query as Record<string, unknown>, operation.queryWireNames),
        body,
        response: operation.response,
        idempotent: operation.idempotent,
        rawJson: false,
      },
      options,
      site,
    );
  }

  /** Checks the inputs and opens the stream: the answer's body is left for the caller to read. */
  async #openStream(
    operation: Operation,
    input: OperationInput,
    options: RequestOptions | undefined,
    site: CallSite,
  ): Promise<OpenedStream> {
    if (options !== undefined) checkRequestOptions(options);
    const plan = planOf(operation);
    const params = parsed(operation.paramsSchema, input.params ?? {});
    const query = operation.query ? checked(operation.query, input.query ?? {}) : undefined;
    const body = operation.body ? checked(operation.body, input.body ?? {}) : undefined;
    if (params === INVALID || query === INVALID || body === INVALID) {
      return this.#invalidRequest(operation, input, site);
    }
    const { response } = await this.#send<Response>(
      {
        label: operation.id,
        method: operation.method,
        path: expand(plan, params as Record<string, unknown>),
        search: query === undefined ? undefined : encodeQuery(query as Record<string, unknown>),
        body,
        response: undefined,
        idempotent: operation.idempotent,
        rawJson: false,
        stream: true,
      },
      options,
      site,
    );
    const event = operation.event;
    return {
      response,
      operation: operation.id,
      check: (data) => {
        if (!event || this.#config.responseValidation === 'off') return data;
        const result = event.safeParse(data);
        if (result.success) return result.data;
        const issues = result.error.issues.map((issue) => ({
          path: ['event', ...issue.path.map(String)].join('.'),
          message: issue.message,
        }));
        if (this.#config.responseValidation === 'warn') {
          this.#config.logger?.warn?.(`${operation.id}: an event does not fit the contract: ${issues[0]?.path}: ${issues[0]?.message}`);
          return data;
        }
        throw new ResponseValidationError(operation.id, issues, data);
      },
    };
  }

  /**
   * Rejects with the `RequestValidationError` of a call whose inputs do not fit: each part is
   * checked again with zod's English messages, loaded now (the first time a check fails).
   */
  async #invalidRequest(operation: Operation, input: OperationInput, site: CallSite): Promise<never> {
    const messages = await loadZodMessages();
    const issues: ValidationIssue[] = [];
    const parts: Array<[string, Operation['query'], unknown]> = [
      ['path', operation.paramsSchema, input.params ?? {}],
      ['query', operation.query, input.query ?? {}],
      ['body', operation.body, input.body ?? {}],
    ];
    for (const [prefix, schema, value] of parts) {
      const result = schema ? requestPartIssues(schema, value, prefix, messages) : undefined;
      if (result && !result.ok) issues.push(...result.issues);
    }
    throw withCallSite(new RequestValidationError(operation.id, issues), site);
  }

  /**
   * Sends the request through the client's ky instance, which runs the attempts: the deadline of
   * each (ky's `timeout`: the transport reads the whole body before it resolves, so the deadline
   * covers connecting, the headers, redirects and the body), the waits between them (abortable)
   * and the hooks. The policy is `#shouldRetry`'s.
   */
  async #send<T>(
    spec: SendSpec,
    options: RequestOptions | undefined,
    site: CallSite,
  ): Promise<WithResponse<T>> {
    const config = this.#config;
    const search = spec.search?.toString();
    const query = search ? `?${search}` : '';
    const call = new Call(
      spec,
      `${config.baseUrl}${spec.path}${query}`,
      options?.timeout ?? config.timeout,
      config.token,
      options?.signal,
      options?.maxRetries ?? config.maxRetries,
    );
    const { signal } = call;
    if (signal?.aborted) {
      throw this.#finish(
        abortError(signal, `${call.where} was aborted before it was sent`, call.secrets),
        call,
        site,
      );
    }
    const kyOptions: KyOptions & { docsCall: Call } = {
      method: spec.method,
      timeout: call.timeout <= MAX_TIMER ? call.timeout : false,
      retry: {
        limit: call.maxRetries,
        // Every method reaches shouldRetry, which reads the operation's own declaration.
        methods: RETRY_METHODS,
        shouldRetry: ({ error, retryCount }) => this.#shouldRetry(error, retryCount, call),
        delay: () => call.delayMs,
      },
      docsCall: call,
    };
    if (signal) kyOptions.signal = signal;
    if (spec.body !== undefined) {
      call.body = JSON.stringify(spec.body);
      kyOptions.body = call.body;
      kyOptions.headers = { 'content-type': 'application/json', ...options?.headers };
    } else if (options?.headers) {
      kyOptions.headers = options.headers;
    }
    if (spec.stream) kyOptions.headers = { ...(kyOptions.headers as object), accept: 'text/event-stream' };
    let answer: Answer;
    try {
      const response = await this.#ky(`${spec.path.slice(1)}${query}`, kyOptions);
      // A beforeRequest hook of the user's may answer in place of the transport.
      answer = call.answer ?? {
        response,
        text: await response.text(),
        url: call.url,
        rateLimit: readRateLimit(response.headers),
        waitMs: undefined,
      };
    } catch (error) {
      throw this.#finish(this.#toError(error, call), call, site);
    } finally {
      call.slot?.release();
    }
    if (config.logger?.debug)
      config.logger.debug(`← ${answer.response.status} ${spec.method} ${call.shownUrl}`);
    if (spec.stream) return { data: answer.response as T, response: answer.response, rateLimit: answer.rateLimit };
    let data: unknown;
    try {
      data = this.#parse(spec, answer.text, call);
      // Only an answer that does not fit is read asynchronously (zod's messages are loaded then).
      if (data instanceof Misfit) data = await this.#misfit(spec, data, call);
    } catch (error) {
      throw this.#finish(error, call, site);
    }
    return { data: data as T, response: answer.response, rateLimit: answer.rateLimit };
  }

  /**
   * ky's `retry.shouldRetry`: whether the failed attempt is sent again, and (in `call.delayMs`,
   * read by ky's `retry.delay`) after how long.
   * - every operation, when the attempt provably never reached the server (connection refused,
   *   DNS failure, unreachable) or was refused with a 429 (refused unprocessed);
   * - an idempotent one also on 408/500/502/503/504, on any connection failure (mid-body
   *   included) and on timeouts;
   * - the wait is the server's (`Retry-After`, else `X-RateLimit-Reset` on a 429), else an
   *   exponential backoff with jitter; a server wait beyond `maxRetryDelay` is not slept: the call
   *   fails at once with an error saying when to retry.
   */
  #shouldRetry(error: Error, retryCount: number, call: Call): boolean {
    const failure = this.#failure(error, call);
    call.failure = failure;
    const { spec } = call;
    const again = failure.neverConnected || failure.status === 429 || (spec.idempotent && failure.retryable);
    const { maxRetryDelay, logger } = this.#config;
    if (!again || (failure.waitMs !== undefined && failure.waitMs > maxRetryDelay)) return false;
    const delayMs = failure.waitMs ?? backoff(retryCount, maxRetryDelay);
    call.delayMs = delayMs;
    const event: RetryEvent = {
      operation: spec.label,
      method: spec.method,
      path: redactText(spec.path, call.secrets),
      attempt: retryCount,
      maxRetries: call.maxRetries,
      delayMs,
      reason: failure.reason,
      ...(failure.rateLimit ? { rateLimit: failure.rateLimit } : {}),
    };
    logger?.warn?.(
      `retrying ${spec.method} ${call.shownUrl} in ${delayMs} ms (retry ${retryCount} of ${call.maxRetries}): ${failure.reason}`,
      { reason: failure.reason, delayMs, error: failure.error.message },
    );
    try {
      this.#config.onRetry?.(event);
    } catch (thrown) {
      // A progress line that cannot be printed must not fail the call.
      logger?.debug?.(`onRetry threw: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
    return true;
  }

  /** What the call throws for what ky rejected with. */
  #toError(error: unknown, call: Call): unknown {
    const { failure } = call;
    if (failure && failure.cause === error) return failure.error;
    if (call.signal?.aborted) return abortError(call.signal, `${call.where} was aborted`, call.secrets);
    if (error instanceof Error && (error instanceof DocsError || isKnownFailure(error))) {
      return this.#failure(error, call).error;
    }
    // Thrown by a hook of the user's: theirs to read as they threw it.
    return error;
  }

  /** The beforeRequest hook: a slot from the client's throttle, then a debug line. */
  readonly #beforeRequest = async (request: Request, options: unknown): Promise<void> => {
    const call = (options as { docsCall?: Call }).docsCall;
    if (!call) return;
    call.slot?.release();
    call.slot = undefined;
    const slot = this.#throttle.acquire(call.signal, () => call.where);
    call.slot = slot instanceof Promise ? await slot : slot;
    if (this.#config.logger?.debug) this.#config.logger.debug(`→ ${request.method} ${call.shownUrl}`);
  };

  /** The beforeError hook: ky's `HTTPError` becomes the SDK's `ApiError` of its status. */
  readonly #beforeError = (error: HTTPError): HTTPError => {
    const call = (error.options as unknown as { docsCall?: Call }).docsCall;
    if (!call?.answer || !(error instanceof HTTPError)) return error;
    return this.#responseError(call.answer, call) as unknown as HTTPError;
  };

  /**
   * ky's `fetch`: one attempt with the client's `fetch`, the same-origin redirects of a GET or
   * HEAD followed, and the whole body read before it resolves (so that ky's deadline covers it).
   * A `fetch` that ignores its signal (the sandbox's in-process one) is raced against it.
   */
  readonly #transport = async (request: Request, init?: RequestInit): Promise<Response> => {
    const call = (init as { docsCall?: Call } | undefined)?.docsCall;
    if (!call) return this.#fetch(request);
    const { signal } = request;
    const slot = call.slot;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const method = request.method as HttpMethod;
    const attempt: Attempt = { phase: 'headers' };
    call.attempt = attempt;
    call.answer = undefined;
    try {
      let target = request.url;
      let response: Response;
      for (let hops = 0; ; hops++) {
        response = await raced(
          this.#fetch(target, {
            method,
            headers,
            redirect: 'manual',
            signal,
            ...(call.body !== undefined ? { body: call.body } : {}),
          }),
          signal,
        );
        const next = hops < MAX_REDIRECTS ? this.#followable(response, target, method) : undefined;
        if (next === undefined) break;
        this.#config.logger?.debug?.(
          `↪ ${response.status} ${method} followed to ${safeUrl(next, call.secrets)}`,
        );
        await response.body?.cancel().catch(() => undefined);
        target = next;
      }
      attempt.phase = 'body';
      // A stream's body is the caller's to read; an error's is read here as any other.
      const text = call.spec.stream && response.ok ? '' : await raced(response.text(), signal);
      const rateLimit = readRateLimit(response.headers);
      const { status } = response;
      const waitMs = response.ok ? undefined : serverWait(status, response.headers, rateLimit, Date.now());
      if (slot) this.#throttle.observe(slot.seq, status, rateLimit, waitMs);
      call.answer = { response, text, url: target, rateLimit, waitMs };
      // ky reads the status; hooks of the user's that read the body get one they can read.
      return this.#userReadsResponses && !call.spec.stream ? rebuilt(response, text) : response;
    } catch (error) {
      if (signal.aborted) throw error;
      throw new NetworkFailure(error, attempt.phase);
    } finally {
      slot?.release();
    }
  };

  /** The URL to follow for a redirect: same origin, GET or HEAD only; undefined otherwise. */
  #followable(response: Response, from: string, method: string | undefined): string | undefined {
    if (!REDIRECT_STATUSES.has(response.status) || (method !== 'GET' && method !== 'HEAD')) return undefined;
    const location = response.headers.get('location');
    if (!location) return undefined;
    try {
      const target = new URL(location, from);
      return target.origin === this.#origin && !target.username && !target.password
        ? target.toString()
        : undefined;
    } catch {
      return undefined;
    }
  }

  /** Turns what ky rejected an attempt with into the error to throw and what the retry policy needs. */
  #failure(cause: unknown, call: Call): Failure {
    const { spec, where, secrets } = call;
    if (call.signal?.aborted) {
      return {
        cause,
        error: abortError(call.signal, `${where} was aborted`, secrets),
        retryable: false,
        neverConnected: false,
        reason: 'aborted',
      };
    }
    if (cause instanceof ApiError) {
      const answer = call.answer;
      return {
        cause,
        error: cause,
        status: cause.status,
        retryable: RETRY_STATUSES.has(cause.status),
        neverConnected: false,
        waitMs: answer?.waitMs ?? cause.retryAfterMs,
        reason: `HTTP ${cause.status}`,
        rateLimit: cause.rateLimit,
      };
    }
    if (cause instanceof KyTimeoutError) {
      const phase = call.attempt?.phase ?? 'headers';
      return {
        cause,
        error: new TimeoutError(
          `${where} timed out after ${call.timeout} ms ${
            phase === 'headers' ? 'waiting for the response' : 'while reading the response body'
          }`,
        ),
        retryable: true,
        neverConnected: false,
        reason: 'timeout',
      };
    }
    if (cause instanceof NetworkFailure) {
      const { error: raw, phase } = cause;
      const codes = errorCodes(raw);
      const neverConnected = codes.some((code) => NOT_CONNECTED_CODES.has(code));
      // A browser hides why (refused, offline, or blocked by CORS): the message says both. Such a
      // failure stays retryable, as the network failure it may be (docs/browser.md).
      const what = neverConnected
        ? 'could not reach the server'
        : phase === 'headers' && isBrowserFetchFailure(raw, codes)
          ? browserFailureHint()
          : phase === 'headers'
            ? 'the connection failed before an answer'
            : 'the connection broke while the answer was being read; the server may have processed the request';
      // The full URL without its query: which server failed is the useful part.
      const target = `${spec.method} ${call.shownUrl.split('?')[0] ?? call.shownUrl}`;
      const error = new ConnectionError(
        redactText(`${target} failed: ${what} (${describeNetworkError(raw)})`, secrets),
        { cause: redactCause(raw, secrets) },
      );
      return { cause, error, retryable: true, neverConnected, reason: networkReason(codes, phase) };
    }
    // An AbortError of the throttle, or what a hook of the user's threw: not retried.
    const error = cause instanceof Error ? cause : new Error(String(cause));
    return { cause, error, retryable: false, neverConnected: false, reason: error.message };
  }

  /** The `ApiError` (of its status's class) for an answer that is not a success. */
  #responseError(answer: Answer, call: Call): ApiError {
    const { spec, secrets } = call;
    const { response } = answer;
    const { status, headers } = response;
    const init = {
      status,
      body: redactBody(parseErrorBody(answer.text), secrets),
      headers: redactHeaders(headers, secrets),
      method: spec.method,
      url: safeUrl(answer.url, secrets),
      retryAfterMs: answer.waitMs,
      rateLimit: answer.rateLimit,
      now: Date.now(),
    };
    return response.type === 'opaqueredirect'
      ? new RedirectError({
          ...init,
          detail: 'the server redirected; the SDK does not follow redirects here',
        })
      : ApiError.from({
          ...init,
          detail: this.#redirectDetail(response, answer.url, spec.method, secrets),
        });
  }

  /** Why a redirect was not followed, for the error message; undefined when not a redirect. */
  #redirectDetail(response: Response, from: string, method: string, secrets: string[]): string | undefined {
    if (!REDIRECT_STATUSES.has(response.status)) return undefined;
    const location = response.headers.get('location');
    if (!location) return 'a redirect without a Location header';
    let target: URL;
    try {
      target = new URL(location, from);
    } catch {
      return `a redirect to an invalid location (${redactText(location, secrets)})`;
    }
    const shown = safeUrl(target.toString(), secrets);
    if (target.origin !== this.#origin) {
      return `the server redirected to another origin (${shown}); the SDK does not follow it, so the token is never sent there`;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      return `the server redirected to ${shown}; the SDK follows redirects of GET and HEAD only, so the ${method} was not sent again`;
    }
    return `more than ${MAX_REDIRECTS} redirects in a row (last to ${shown})`;
  }

  /**
   * Reads a success body: JSON, then the response policy. An answer that fits the schema is
   * handed out as parsed, not copied (core/conforms.ts); zod itself reads the others.
   */
  #parse(spec: SendSpec, text: string, context: Call): unknown {
    if (!spec.response && !spec.rawJson) return undefined;
    let json: unknown;
    if (text.trim() !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        throw new ResponseValidationError(
          spec.label,
          [{ path: '', message: 'the body is not JSON' }],
          redactBody(text, context.secrets),
        );
      }
    }
    const schema = spec.response;
    const mode = this.#config.responseValidation;
    if (!schema || mode === 'off') return json;
    if (json !== undefined && conformer(schema as unknown as Schema)(json)) return json;
    const result = schema.safeParse(json);
    return result.success ? result.data : new Misfit(json);
  }

  /** An answer zod refused: read again with zod's English messages, then drift or error. */
  async #misfit(spec: SendSpec, { json }: Misfit, context: Call): Promise<unknown> {
    const schema = spec.response!;
    const messages = await loadZodMessages();
    const result = schema.safeParse(json, messages ? { error: messages } : undefined);
    if (result.success) return result.data;
    if (this.#config.responseValidation === 'warn' && json !== undefined) {
      this.#reportDrift(spec.label, result.error.issues);
      return json;
    }
    throw new ResponseValidationError(
      spec.label,
      json === undefined
        ? [{ path: '', message: 'the body is empty' }]
        : result.error.issues.map((issue) => ({
            path: issue.path.map(String).join('.'),
            message: issue.message,
          })),
      redactBody(json, context.secrets),
    );
  }

  /** Logs each drift once per client: the key is the operation and the field path (array indexes as `*`). */
  #reportDrift(operation: string, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): void {
    for (const issue of issues) {
      const key = `${operation} ${issue.path.map((part) => (typeof part === 'number' ? '*' : String(part))).join('.')}`;
      if (this.#drift.has(key) || this.#drift.size >= MAX_DRIFT_KEYS) continue;
      this.#drift.add(key);
      const path = issue.path.map(String).join('.');
      const text = issue.message.replace(/^Invalid input: /, '');
      this.#config.logger?.warn?.(
        `Response drift in ${operation} at ${path || 'the top level'}: ${text} (the data is used as received)`,
        { operation, path, issue: text },
      );
    }
  }

  /** Last look at an error before it is thrown: no secret in its message, a debug line, the caller's frames. */
  #finish(error: unknown, call: Call, site: CallSite): unknown {
    if (error instanceof DocsError) {
      error.message = redactText(error.message, call.secrets);
      this.#config.logger?.debug?.(`✗ ${call.where}: ${error.message}`);
    }
    return withCallSite(error, site);
  }
}

/** An answer zod refused, before its issues are read with zod's messages (`#misfit`). */
class Misfit {
  constructor(readonly json: unknown) {}
}

let englishMessages: ErrorMessages | undefined;

/**
 * zod's English messages (contract/messages.ts), loaded the first time a check fails: a call
 * whose inputs and answer fit never needs them, and they are a tenth of the browser bundle.
 * When they cannot be loaded (a browser gone offline), zod's own short messages are used, and
 * the next failure tries again.
 */
async function loadZodMessages(): Promise<ErrorMessages | undefined> {
  try {
    englishMessages ??= (await import('../contract/messages.js')).zodMessages as ErrorMessages;
  } catch {
    return undefined;
  }
  return englishMessages;
}

const sited = new WeakSet<object>();

/**
 * Adds the caller's frames (taken when the SDK method was called) to the stack of an error the
 * call throws: its own stack ends inside the SDK and ky, after the caller's `await` began.
 */
function withCallSite(error: unknown, site: CallSite): unknown {
  if (!(error instanceof Error) || sited.has(error)) return error;
  sited.add(error);
  const frames = site.stack?.split('\n').slice(1).join('\n');
  if (frames && typeof error.stack === 'string') {
    try {
      error.stack = `${error.stack}\n    --- called from ---\n${frames}`;
    } catch {
      // A frozen error keeps its stack.
    }
  }
  return error;
}

/** The error for a call its signal stopped: a `TimeoutError` for a timeout signal, else an `AbortError`; the reason as `cause`. */
function abortError(signal: AbortSignal | undefined, message: string, secrets: readonly string[]): DocsError {
  // The reason as given, but a copy without secrets when it is an error: it is shown with the error.
  const given: unknown = signal?.reason;
  const reason = given instanceof Error || typeof given === 'string' ? redactCause(given, secrets) : given;
  if ((reason as { name?: unknown } | undefined)?.name === 'TimeoutError') {
    return new TimeoutError(
      `${message.replace(/was aborted.*$/, 'timed out')}: its signal's deadline passed`,
      {
        cause: reason,
      },
    );
  }
  return new AbortError(message, { cause: reason });
}

/** A failure the SDK's policy reads: ky's deadline, or the transport's network failure. */
function isKnownFailure(error: Error): boolean {
  return error instanceof KyTimeoutError || error instanceof NetworkFailure;
}

/** Settles with `promise`, or rejects with the signal's reason as soon as it aborts. */
function raced<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the fetch rejected with, as it was
        reject(error);
      },
    );
  });
}

/** A copy of an answer whose body was read, for hooks that read it again. */
function rebuilt(response: Response, text: string): Response {
  const { status } = response;
  if (status < 200 || status > 599) return response;
  const headers = new Headers();
  response.headers.forEach((value, name) => headers.append(name, value));
  const empty = status === 204 || status === 205 || status === 304 || text === '';
  return new Response(empty ? null : text, { status, statusText: response.statusText ?? '', headers });
}

/** Checks the per-call options: each bad value is an `InvalidOptionError` naming it and what is allowed. */
export function checkRequestOptions(options: RequestOptions | undefined): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object') {
    throw new InvalidOptionError('request options must be an object such as { timeout: 5000 }');
  }
  for (const key of Object.keys(options)) {
    const value = (options as Record<string, unknown>)[key];
    if (value === undefined) continue;
    switch (key) {
      case 'signal':
        if (
          typeof (value as AbortSignal).aborted !== 'boolean' ||
          typeof (value as AbortSignal).addEventListener !== 'function'
        ) {
          throw new InvalidOptionError('the signal option must be an AbortSignal');
        }
        break;
      case 'timeout':
        checkTimeout(value, 'the timeout option');
        break;
      case 'maxRetries':
        checkMaxRetries(value, 'the maxRetries option');
        break;
      case 'headers':
        if (
          value === null ||
          typeof value !== 'object' ||
          Object.values(value).some((each) => typeof each !== 'string')
        ) {
          throw new InvalidOptionError(
            'the headers option must be an object of header names to string values',
          );
        }
        break;
      default:
        throw new InvalidOptionError(unknownOption(key, REQUEST_OPTION_KEYS, 'request option'));
    }
  }
}

const REQUEST_OPTION_KEYS = ['signal', 'timeout', 'maxRetries', 'headers'];

/** A timeout is a number of milliseconds above 0 (`Infinity`: none). */
export function checkTimeout(value: unknown, what: string): void {
  if (typeof value !== 'number' || !(value > 0)) {
    throw new InvalidOptionError(
      `${what} must be a number of milliseconds greater than 0, such as 30000 (or Infinity for none); got ${describeValue(value)}`,
    );
  }
}

/** Retries are a whole number from 0. */
export function checkMaxRetries(value: unknown, what: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new InvalidOptionError(
      `${what} must be a whole number of 0 or more, such as 2; got ${describeValue(value)}`,
    );
  }
}

/** A value, shown for a message: numbers and short words as they are, anything else by its type (it may be a secret). */
export function describeValue(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (typeof value === 'string') return /^[\w .-]{0,12}$/.test(value) ? `"${value}"` : 'a string';
  return typeof value === 'function'
    ? 'a function'
    : Array.isArray(value)
      ? 'an array'
      : `a${typeof value === 'object' ? 'n object' : ` ${typeof value}`}`;
}

/** "unknown option `baseURL`; did you mean `baseUrl`?" */
export function unknownOption(key: string, known: readonly string[], what: string): string {
  const near = nearest(key, known);
  const shown = /^[\w$-]{1,40}$/.test(key) ? `\`${key}\`` : 'a key';
  return `unknown ${what} ${shown}${near ? `; did you mean \`${near}\`?` : ''} (allowed: ${known.join(', ')})`;
}

export function nearest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const each of known) {
    const distance = each.toLowerCase() === lower ? 0 : editDistance(lower, each.toLowerCase());
    if (distance < bestDistance) {
      best = each;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * A request part as zod would return it: as given when the in-place check says zod would accept
 * it unchanged (core/conforms.ts), else zod's own reading (INVALID if it refuses). zod run on a small
 * query between two requests took 70 µs (its code no longer hot); the check, a few.
 */
function checked(schema: ContractSchema, value: unknown): unknown {
  return conformer(schema as unknown as Schema)(value) ? value : parsed(schema, value);
}

/** A part that does not fit: `#invalidRequest` reads its issues. */
const INVALID: unique symbol = Symbol('invalid');

/** zod's reading of a request part, or INVALID (its messages are not loaded on this path). */
function parsed(schema: ContractSchema, value: unknown): unknown {
  const result = schema.safeParse(value);
  return result.success ? result.data : INVALID;
}

function parseErrorBody(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Error codes along the cause chain; some wrappers put a thrown non-Error value in `.value`. */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, cause, value } = current as { code?: unknown; cause?: unknown; value?: unknown };
    if (typeof code === 'string') codes.push(code);
    current = cause ?? value;
  }
  return codes;
}

function networkReason(codes: string[], phase: Phase): string {
  if (codes.includes('ECONNREFUSED')) return 'connection refused';
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) return 'DNS lookup failed';
  if (codes.includes('EHOSTUNREACH') || codes.includes('ENETUNREACH')) return 'host unreachable';
  if (codes.includes('UND_ERR_CONNECT_TIMEOUT')) return 'connect timeout';
  if (phase === 'body') return 'connection reset mid-body';
  const resetCodes = ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'];
  return codes.some((code) => resetCodes.includes(code)) ? 'connection reset' : 'connection failed';
}

/** The messages of the `TypeError` a browser's fetch rejects with, all causes alike: Chromium, Firefox, Safari. */
const BROWSER_FETCH_FAILURE =
  /^(Failed to fetch|NetworkError when attempting to fetch resource|Load failed)\b/;

/** A browser's opaque fetch failure: no code anywhere, one of the browsers' fixed messages. */
function isBrowserFetchFailure(error: unknown, codes: string[]): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return (
    codes.length === 0 &&
    name === 'TypeError' &&
    typeof message === 'string' &&
    BROWSER_FETCH_FAILURE.test(message)
  );
}

function browserFailureHint(): string {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  const page = typeof origin === 'string' && origin !== 'null' ? `, ${origin}` : '';
  return `could not reach the server, or the browser blocked the call (CORS: the server must allow this page's origin${page}; the browser's console says which)`;
}

function describeNetworkError(error: unknown): string {
  const codes = errorCodes(error);
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  const detail =
    cause instanceof Error
      ? cause.message
      : error instanceof Error
        ? error.message
        : typeof (error as { message?: unknown } | undefined)?.message === 'string'
          ? (error as { message: string }).message
          : String(error);
  return codes[0] && !detail.includes(codes[0]) ? `${codes[0]}: ${detail}` : detail;
}
