import { zodMessages } from '../contract/messages.js';
import type { HttpMethod, OperationShape as Operation } from '../contract/operation-shape.js';
import { encodeQuery } from '../contract/query.js';
import { checkRequestPart } from '../contract/validation.js';
import type { ListEnvelope } from '../contract/list-envelope.js';
import { ApiPromise, type WithResponse } from './api-promise.js';
import { conformer, type Schema } from './conforms.js';
import {
  AbortError,
  ApiError,
  ConnectionError,
  RedirectError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  type DocsError,
  type ValidationIssue,
} from './errors.js';
import type { Logger } from './logger.js';
import { OperationRef } from './operation-ref.js';
import { PagePromise } from './pagination.js';
import { encodePathSegment } from './path.js';
import { redactBody, redactCause, redactHeaders, redactText, safeUrl, secretsOf } from './redact.js';
import {
  NOT_CONNECTED_CODES,
  RETRY_STATUSES,
  backoff,
  readRateLimit,
  serverWait,
  sleep,
  type RateLimitInfo,
  type RetryEvent,
} from './retry.js';

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
}

type Phase = 'headers' | 'body';

/** How one attempt ended. The body of a response is read whatever its status. */
type Outcome =
  | { kind: 'response'; response: Response; text: string; url: string }
  | { kind: 'timeout'; phase: Phase }
  | { kind: 'abort' }
  | { kind: 'network'; error: unknown; phase: Phase };

/** A failed attempt, and what the retry policy needs to know about it. */
interface Failure {
  error: DocsError;
  /** Retried when the operation is idempotent (retryable status, timeout, connection failure). */
  retryable: boolean;
  /** The request cannot have reached the server: retried for any operation. */
  neverConnected: boolean;
  /** The server's own wait (`Retry-After`, `X-RateLimit-Reset`), when it gave one. */
  waitMs?: number | undefined;
  reason: string;
  rateLimit?: RateLimitInfo | undefined;
}

/**
 * Everything the SDK knows about the call being made, for messages. What only a message or a log
 * line needs (the secrets to hide, the URL as shown) is worked out when first asked for, so that a
 * call that succeeds without logging never pays for it.
 */
class CallContext {
  readonly spec: SendSpec;
  readonly url: string;
  readonly timeout: number;
  readonly #token: string;
  #secrets: string[] | undefined;
  #shownUrl: string | undefined;
  #where: string | undefined;

  constructor(spec: SendSpec, url: string, timeout: number, token: string) {
    this.spec = spec;
    this.url = url;
    this.timeout = timeout;
    this.#token = token;
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
      plainParams: !operationHasParamRules(operation),
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
    path += encodePathSegment(name, params[name]) + plan.literals[index + 1]!;
  }
  return path;
}

/**
 * The only place that speaks HTTP: auth, retries, timeouts, redirects, error mapping and
 * response parsing. One `fetch` per attempt; the retry loop is this file's own (see
 * docs/decisions/0010-own-retry-loop-on-fetch.md).
 */
export class HttpClient {
  readonly #config: HttpConfig;
  readonly #origin: string;
  readonly #drift = new Set<string>();
  readonly #fetch: typeof fetch;
  /** The headers every request carries, built once. */
  readonly #headers: Readonly<Record<string, string>>;

  constructor(config: HttpConfig) {
    this.#config = config;
    // Looked up per call, so a fetch stubbed after the client was made (nock, msw) is used.
    this.#fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#origin = new URL(config.baseUrl).origin;
    this.#headers = {
      authorization: `Bearer ${config.token}`,
      accept: 'application/json',
      'user-agent': config.userAgent,
    };
  }

  /** Calls one contract operation and reads its answer with the operation's response schema. */
  call<T>(
    operation: Operation | OperationRef,
    input: OperationInput,
    options?: RequestOptions,
  ): ApiPromise<T> {
    return new ApiPromise(this.#callOperation<T>(operation, input, options));
  }

  /** Calls a paginated operation; the returned promise iterates every page. */
  list<T, E extends ListEnvelope<T> = ListEnvelope<T>>(
    operation: Operation | OperationRef,
    input: OperationInput,
    options?: RequestOptions,
  ): PagePromise<T, E> {
    const fetchPage = (page?: string) =>
      this.#callOperation<E>(
        operation,
        page === undefined ? input : { ...input, query: { ...input.query, page } },
        options,
      );
    const start = input.query?.page;
    return new PagePromise<T, E>(fetchPage(), fetchPage, {
      operation: () => (operation instanceof OperationRef ? operation.loaded?.id : operation.id) ?? 'list',
      startCursor: typeof start === 'string' ? start : undefined,
    });
  }

  /** A request outside the contract's operations, with the same auth, retries and errors. */
  request<T = unknown>(spec: RawRequest<T>, options?: RequestOptions): ApiPromise<T> {
    const path = spec.path.startsWith('/') ? spec.path : `/${spec.path}`;
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
      ),
    );
  }

  /** Not `async`: a loaded operation goes straight to #send, without an extra promise and its ticks. */
  #callOperation<T>(
    target: Operation | OperationRef,
    input: OperationInput,
    options: RequestOptions | undefined,
  ): Promise<WithResponse<T>> {
    const operation = target instanceof OperationRef ? target.loaded : target;
    if (!operation) {
      return (target as OperationRef)
        .resolve()
        .then((loaded) => this.#sendOperation<T>(loaded, input, options));
    }
    try {
      return this.#sendOperation<T>(operation, input, options);
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what validation threw, as an async function would reject
      return Promise.reject(error);
    }
  }

  /** Checks the inputs (throws `RequestValidationError`) and sends the call. */
  #sendOperation<T>(
    operation: Operation,
    input: OperationInput,
    options: RequestOptions | undefined,
  ): Promise<WithResponse<T>> {
    const plan = planOf(operation);
    const issues: ValidationIssue[] = [];
    const given = input.params ?? {};
    const params =
      (plan.plainParams ? plainParams(plan, given) : undefined) ??
      validate(operation.paramsSchema, given, 'path', issues);
    const query = operation.query ? checked(operation.query, input.query ?? {}, 'query', issues) : undefined;
    const body = operation.body ? checked(operation.body, input.body ?? {}, 'body', issues) : undefined;
    if (issues.length) throw new RequestValidationError(operation.id, issues);
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
    );
  }

  /**
   * Sends the request, retrying by the policy:
   * - an operation that is not idempotent is sent again only when it provably never reached
   *   the server (connection refused, DNS failure, unreachable);
   * - an idempotent one also on 408/429/500/502/503/504, on any connection failure (mid-body
   *   included) and on timeouts;
   * - the wait is the server's (`Retry-After`, else `X-RateLimit-Reset` on a 429), else an
   *   exponential backoff; a server wait beyond `maxRetryDelay` is not slept: the call fails
   *   at once with an error saying when to retry.
   */
  async #send<T>(spec: SendSpec, options: RequestOptions | undefined): Promise<WithResponse<T>> {
    const config = this.#config;
    const search = spec.search?.toString();
    const url = `${config.baseUrl}${spec.path}${search ? `?${search}` : ''}`;
    const context = new CallContext(spec, url, options?.timeout ?? config.timeout, config.token);
    const signal = options?.signal;
    const maxRetries = options?.maxRetries ?? config.maxRetries;
    const init = this.#requestInit(spec, options);

    if (signal?.aborted) {
      throw this.#finish(new AbortError(`${context.where} was aborted before it was sent`), context);
    }
    for (let retry = 0; ; retry++) {
      if (config.logger) config.logger.debug(`→ ${spec.method} ${context.shownUrl}`);
      const outcome = await this.#attempt(url, init, context, signal);
      if (outcome.kind === 'response' && outcome.response.ok) {
        const { response } = outcome;
        if (config.logger) config.logger.debug(`← ${response.status} ${spec.method} ${context.shownUrl}`);
        const rateLimit = readRateLimit(response.headers);
        let data: unknown;
        try {
          data = this.#parse(spec, outcome.text, context);
        } catch (error) {
          throw this.#finish(error as DocsError, context);
        }
        return { data: data as T, response, rateLimit };
      }

      const failure = this.#failure(outcome, context);
      const again = retry < maxRetries && (failure.neverConnected || (spec.idempotent && failure.retryable));
      // A server wait past the cap is not slept: the error says when to come back.
      if (!again || (failure.waitMs !== undefined && failure.waitMs > config.maxRetryDelay)) {
        throw this.#finish(failure.error, context);
      }
      const delayMs = failure.waitMs ?? backoff(retry + 1, config.maxRetryDelay);
      const event: RetryEvent = {
        operation: spec.label,
        method: spec.method,
        path: redactText(spec.path, context.secrets),
        attempt: retry + 1,
        maxRetries,
        delayMs,
        reason: failure.reason,
        ...(failure.rateLimit ? { rateLimit: failure.rateLimit } : {}),
      };
      config.logger?.warn(
        `retrying ${spec.method} ${context.shownUrl} in ${delayMs} ms (retry ${retry + 1} of ${maxRetries}): ${failure.reason}`,
        { reason: failure.reason, delayMs, error: failure.error.message },
      );
      this.#notifyRetry(event);
      try {
        await sleep(delayMs, signal, context.where);
      } catch (error) {
        throw this.#finish(error as DocsError, context);
      }
    }
  }

  /** The request but for each attempt's signal. A call with no body and no extra header shares the client's headers. */
  #requestInit(spec: SendSpec, options: RequestOptions | undefined): RequestInit & { method: HttpMethod } {
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const extra = options?.headers;
    let headers = this.#headers;
    if (body !== undefined || extra) {
      const own: Record<string, string> = { ...headers };
      if (body !== undefined) own['content-type'] = 'application/json';
      if (extra) for (const name of Object.keys(extra)) own[name.toLowerCase()] = extra[name]!;
      headers = own;
    }
    return { method: spec.method, headers, redirect: 'manual', ...(body !== undefined ? { body } : {}) };
  }

  /**
   * One attempt under one deadline that covers everything: connecting, the headers, following
   * same-origin redirects, and reading the whole body. Whatever happens, it settles: a fetch
   * that ignores its signal (an in-process one) is raced, not awaited.
   */
  async #attempt(
    url: string,
    init: RequestInit & { method: HttpMethod },
    context: CallContext,
    signal: AbortSignal | undefined,
  ): Promise<Outcome> {
    const controller = new AbortController();
    let stoppedBy: 'timeout' | 'caller' | undefined;
    let phase: Phase = 'headers';
    let current: Response | undefined;
    let settleStopped!: (value: 'stopped') => void;
    const stopped = new Promise<'stopped'>((resolve) => (settleStopped = resolve));
    const stop = (by: 'timeout' | 'caller') => {
      if (stoppedBy) return;
      stoppedBy = by;
      controller.abort(signal?.reason);
      settleStopped('stopped');
    };
    const onCallerAbort = () => stop('caller');
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    const timer =
      context.timeout > 0 && context.timeout <= MAX_TIMER
        ? setTimeout(() => stop('timeout'), context.timeout)
        : undefined;

    const work = async (): Promise<Outcome> => {
      let target = url;
      for (let hops = 0; ; hops++) {
        current = await this.#fetch(target, { ...init, signal: controller.signal });
        const next = hops < MAX_REDIRECTS ? this.#followable(current, target, init.method) : undefined;
        if (next === undefined) break;
        if (this.#config.logger) {
          this.#config.logger.debug(
            `↪ ${current.status} ${init.method} followed to ${safeUrl(next, context.secrets)}`,
          );
        }
        await current.body?.cancel().catch(() => undefined);
        target = next;
      }
      phase = 'body';
      const text = await current.text();
      return { kind: 'response', response: current, text, url: target };
    };

    try {
      const result = await Promise.race([work(), stopped]);
      if (result !== 'stopped') return result;
    } catch (error) {
      if (!stoppedBy) return { kind: 'network', error, phase };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
    // Stopped by the deadline or the caller: let go of the connection.
    current?.body?.cancel().catch(() => undefined);
    return stoppedBy === 'timeout' ? { kind: 'timeout', phase } : { kind: 'abort' };
  }

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

  /** Turns a failed attempt into the error to throw and what the retry policy needs. */
  #failure(outcome: Outcome, context: CallContext): Failure {
    const { spec, where, secrets } = context;
    switch (outcome.kind) {
      case 'abort':
        return {
          error: new AbortError(`${where} was aborted`),
          retryable: false,
          neverConnected: false,
          reason: 'aborted',
        };
      case 'timeout':
        return {
          error: new TimeoutError(
            `${where} timed out after ${context.timeout} ms ${
              outcome.phase === 'headers' ? 'waiting for the response' : 'while reading the response body'
            }`,
          ),
          retryable: true,
          neverConnected: false,
          reason: 'timeout',
        };
      case 'network': {
        const codes = errorCodes(outcome.error);
        const neverConnected = codes.some((code) => NOT_CONNECTED_CODES.has(code));
        // A browser hides why (refused, offline, or blocked by CORS): the message says both. Such a
        // failure stays retryable, as the network failure it may be (docs/browser.md).
        const what = neverConnected
          ? 'could not reach the server'
          : outcome.phase === 'headers' && isBrowserFetchFailure(outcome.error, codes)
            ? browserFailureHint()
            : outcome.phase === 'headers'
              ? 'the connection failed before an answer'
              : 'the connection broke while the answer was being read; the server may have processed the request';
        // The full URL without its query: which server failed is the useful part.
        const target = `${spec.method} ${context.shownUrl.split('?')[0] ?? context.shownUrl}`;
        const error = new ConnectionError(
          redactText(`${target} failed: ${what} (${describeNetworkError(outcome.error)})`, secrets),
          { cause: redactCause(outcome.error, secrets) },
        );
        return {
          error,
          retryable: true,
          neverConnected,
          reason: networkReason(codes, outcome.phase),
        };
      }
      case 'response': {
        const { response } = outcome;
        const { status, headers } = response;
        const rateLimit = readRateLimit(headers);
        const now = Date.now();
        const waitMs = serverWait(status, headers, rateLimit, now);
        const init = {
          status,
          body: redactBody(parseErrorBody(outcome.text), secrets),
          headers: redactHeaders(headers, secrets),
          method: spec.method,
          url: safeUrl(outcome.url, secrets),
          retryAfterMs: waitMs,
          rateLimit,
          now,
        };
        const error =
          response.type === 'opaqueredirect'
            ? new RedirectError({
                ...init,
                detail: 'the server redirected; the SDK does not follow redirects here',
              })
            : ApiError.from({
                ...init,
                detail: this.#redirectDetail(response, outcome.url, spec.method, secrets),
              });
        return {
          error,
          retryable: RETRY_STATUSES.has(status),
          neverConnected: false,
          waitMs,
          reason: `HTTP ${status}`,
          rateLimit,
        };
      }
    }
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
  #parse(spec: SendSpec, text: string, context: CallContext): unknown {
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
    const result = schema.safeParse(json, { error: zodMessages });
    if (result.success) return result.data;
    if (mode === 'warn' && json !== undefined) {
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
      this.#config.logger?.warn(
        `Response drift in ${operation} at ${path || 'the top level'}: ${text} (the data is used as received)`,
        { operation, path, issue: text },
      );
    }
  }

  #notifyRetry(event: RetryEvent): void {
    try {
      this.#config.onRetry?.(event);
    } catch (error) {
      // A progress line that cannot be printed must not fail the call.
      this.#config.logger?.debug(`onRetry threw: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Last look at an error before it is thrown: no secret in its message, and a debug line. */
  #finish(error: DocsError, context: CallContext): DocsError {
    error.message = redactText(error.message, context.secrets);
    this.#config.logger?.debug(`✗ ${context.where}: ${error.message}`);
    return error;
  }
}

/**
 * A request part as zod would return it: as given when the in-place check says zod would accept
 * it unchanged (core/conforms.ts), else zod's own reading, with its issues. zod run on a small
 * query between two requests took 70 µs (its code no longer hot); the check, a few.
 */
function checked(
  schema: Parameters<typeof checkRequestPart>[0],
  value: unknown,
  prefix: string,
  issues: ValidationIssue[],
): unknown {
  return conformer(schema as unknown as Schema)(value) ? value : validate(schema, value, prefix, issues);
}

function validate(
  schema: Parameters<typeof checkRequestPart>[0],
  value: unknown,
  prefix: string,
  issues: ValidationIssue[],
): unknown {
  const result = checkRequestPart(schema, value, prefix);
  if (result.ok) return result.value;
  issues.push(...result.issues);
  return undefined;
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
