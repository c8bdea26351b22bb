import ky, { HTTPError, type KyInstance, type Options as KyOptions } from 'ky';
import type { OperationShape as Operation } from '../contract/operation-shape.js';
import { encodeQuery } from '../contract/query.js';
import type { ListEnvelope } from '../contract/list-envelope.js';
import { AnswerReader } from './answer.js';
import { ApiPromise, type WithResponse } from './api-promise.js';
import { attempt, type Transport } from './attempt.js';
import { Call, HeldCall, seconds, type SendSpec } from './call.js';
import { callSite, withCallSite, type CallSite } from './call-site.js';
import { DocsError } from './errors.js';
import type * as Failures from './failures.js';
import {
  checkRequestOptions,
  type HttpConfig,
  type RawRequest,
  type RequestOptions,
} from './http-options.js';
import { PagePromise } from './pagination.js';
import { readRateLimit, retryDelay, type RetryEvent } from './retry.js';
import { requestFor, type OperationInput } from './request-input.js';
import { Throttle } from './throttle.js';
import { EventStream, type OpenedStream } from './event-stream.js';

export type { OperationInput } from './request-input.js';
export type { HttpConfig, RawRequest, RequestOptions } from './http-options.js';
export { checkRequestOptions } from './http-options.js';
export type { ResponseSchema, ResponseValidation } from './answer.js';
export { RESPONSE_VALIDATION_MODES } from './answer.js';

/*
 * The client's HTTP entry: one ky instance per client, and a call's path through it, top to
 * bottom: check the options and the inputs (request-input.ts), send through ky (which runs the
 * attempts, the retries and their waits, and the hooks), each attempt done by attempt.ts, the
 * policy by retry.ts, the errors by failures.ts; then read ky's Response (answer.ts).
 * docs/architecture.md draws it.
 */

/** The failure path (failures.ts, the network and error-body readers), loaded when an attempt fails. */
let failuresModule: Promise<typeof Failures> | undefined;
const failures = () => (failuresModule ??= import('./failures.js'));

const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);
/** The methods ky may retry: all of them, so that the SDK's policy decides by the operation. */
const RETRY_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/**
 * The only place that speaks HTTP. ky runs the attempts and the waits between them; the SDK adds
 * what ky does not do (docs/decisions/0037-ky-for-http-again.md): the retry policy by operation,
 * a deadline across attempts, the redirect policy, reading the body inside the deadline, the
 * shared rate limit, the error tree and response checking.
 */
export class HttpClient {
  readonly #config: HttpConfig;
  readonly #ky: KyInstance;
  /** The client's own beforeRequest or beforeRetry hooks see ky's Request: it carries the body. */
  readonly #hooksSeeRequests: boolean;
  readonly #transport: Transport;
  readonly #answers: AnswerReader;

  constructor(config: HttpConfig) {
    this.#config = config;
    this.#transport = {
      // Looked up per call, so a fetch stubbed after the client was made (nock, msw) is used.
      fetch: config.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      throttle: new Throttle(config.maxConcurrency, config.maxRetryDelay, config.onRateLimit),
      origin: new URL(config.baseUrl).origin,
      logger: config.logger,
      hooksReadBodies: (config.hooks?.afterResponse?.length ?? 0) > 0,
    };
    this.#hooksSeeRequests =
      (config.hooks?.beforeRequest?.length ?? 0) + (config.hooks?.beforeRetry?.length ?? 0) > 0;
    this.#answers = new AnswerReader(config.responseValidation, config.logger);
    // The user's hooks are the instance's; the SDK's are per call, after them: a user's
    // beforeError hook sees ky's HTTPError, which the SDK's then maps to its own error.
    this.#ky = ky.create({
      prefixUrl: config.baseUrl,
      headers: {
        authorization: `Bearer ${config.token}`,
        accept: 'application/json',
        'user-agent': config.userAgent,
      },
      timeout: false,
      ...(config.hooks ? { hooks: config.hooks } : {}),
    });
  }

  /** Calls one contract operation and reads its answer with the operation's response schema. */
  call<T>(
    operation: Operation,
    input: OperationInput,
    options?: RequestOptions,
    site = callSite(),
  ): ApiPromise<T> {
    return new ApiPromise(this.#callOperation<T>(operation, input, options, site));
  }

  /** Calls a paginated operation; the returned promise iterates every page. */
  list<T, E extends ListEnvelope<T> = ListEnvelope<T>>(
    operation: Operation,
    input: OperationInput,
    options?: RequestOptions,
    site = callSite(),
  ): PagePromise<T, E> {
    // `signal` is a read ahead's own (pagination-walk.ts), aborted when the walk lets it go.
    const fetchPage = (page?: string, signal?: AbortSignal) =>
      this.#callOperation<E>(
        operation,
        page === undefined ? input : { ...input, query: { ...input.query, page } },
        signal
          ? { ...options, signal: options?.signal ? AbortSignal.any([options.signal, signal]) : signal }
          : options,
        site,
      );
    const start = input.query?.page;
    return new PagePromise<T, E>(fetchPage(), fetchPage, {
      operation: operation.id,
      startCursor: typeof start === 'string' ? start : undefined,
      signal: options?.signal,
    });
  }

  /** The caller's stack, taken when a resource method is called (added to any error of the call). */
  callSite(): CallSite {
    return callSite();
  }

  /** `error` with the caller's frames added to its stack. */
  withCallSite(error: unknown, site: CallSite): unknown {
    return withCallSite(error, site);
  }

  /**
   * Calls an operation that answers server-sent events: the events as they come. The operation
   * may still be loading (a method called before its module loaded): the stream waits for it.
   */
  stream<T>(
    operation: Operation | Promise<Operation>,
    input: OperationInput | ((operation: Operation) => OperationInput),
    options?: RequestOptions,
    site = callSite(),
  ): EventStream<T> {
    // The call's signal is the stream's own: its abort stops a read under way too.
    return new EventStream<T>(
      async (signal) => {
        try {
          if (options !== undefined) checkRequestOptions(options);
          const loaded = await operation;
          const sent = typeof input === 'function' ? input(loaded) : input;
          return await this.#openStream(loaded, sent, { ...options, signal }, site);
        } catch (error) {
          throw withCallSite(error, site);
        }
      },
      { signal: options?.signal },
    );
  }

  /** Checks the inputs and opens the stream: the answer's body is left for the caller to read. */
  async #openStream(
    operation: Operation,
    input: OperationInput,
    options: RequestOptions,
    site: CallSite,
  ): Promise<OpenedStream> {
    const spec = requestFor(operation, input);
    const { response } = await this.#send<Response>(
      { ...(spec instanceof Promise ? await spec : spec), response: undefined, stream: true },
      options,
      site,
    );
    const { responseValidation, logger } = this.#config;
    // With the reader: loaded by the first stream, not by every app.
    const { eventCheck } = await import('./event-reader.js');
    return {
      response,
      operation: operation.id,
      check: eventCheck(operation.id, operation.event, responseValidation, logger),
    };
  }

  /** A request outside the contract's operations, with the same auth, retries and errors. */
  request<T = unknown>(spec: RawRequest<T>, options?: RequestOptions): ApiPromise<T> {
    const site = callSite();
    const path = spec.path.startsWith('/') ? spec.path : `/${spec.path}`;
    try {
      if (options !== undefined) checkRequestOptions(options);
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the check threw, as an async function would reject
      return new ApiPromise(Promise.reject(withCallSite(error, site)));
    }
    const send: SendSpec = {
      label: `${spec.method} ${path}`,
      method: spec.method,
      path,
      search: encodeQuery(spec.query),
      body: spec.body,
      response: spec.schema,
      idempotent: spec.idempotent ?? IDEMPOTENT_METHODS.has(spec.method),
      rawJson: true,
    };
    return new ApiPromise(this.#send<T>(send, options, site));
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

  #sendOperation<T>(
    operation: Operation,
    input: OperationInput,
    options: RequestOptions | undefined,
    site: CallSite,
  ): Promise<WithResponse<T>> {
    const spec = requestFor(
      operation,
      options?.extraBody ? { ...input, extraBody: options.extraBody } : input,
    );
    if (spec instanceof Promise)
      return spec.catch((error: unknown) => Promise.reject(withCallSite(error, site) as Error));
    return this.#send<T>(spec, options, site);
  }

  /** Sends one call through ky and reads its answer. */
  async #send<T>(
    spec: SendSpec,
    options: RequestOptions | undefined,
    site: CallSite,
  ): Promise<WithResponse<T>> {
    const config = this.#config;
    const call = new Call(spec, config.baseUrl, config.token, {
      timeout: options?.timeout ?? config.timeout,
      totalTimeout: options?.totalTimeout ?? config.totalTimeout ?? Infinity,
      maxRetries: options?.maxRetries ?? config.maxRetries,
      signal: options?.signal,
    });
    if (call.bounds.signal?.aborted) {
      const { abortError } = await failures();
      throw this.#finish(abortError(call, `${call.target} was aborted before it was sent`), call, site);
    }
    let response: Response;
    let text: string;
    const held = new HeldCall(call);
    try {
      response = await this.#ky(call.url.slice(config.baseUrl.length + 1), this.#kyOptions(held, options));
      // A stream's body is the caller's to read (event-stream.ts).
      if (spec.stream) return { data: response as T, response, rateLimit: readRateLimit(response.headers) };
      text = await call.textOf(response);
    } catch (error) {
      throw this.#finish((await failures()).finalError(error, call), call, site);
    } finally {
      held.release();
    }
    if (config.logger?.debug) config.logger.debug(`← ${response.status} ${spec.method} ${call.shownUrl}`);
    try {
      let data = this.#answers.read(text, spec.response, spec.rawJson, spec.label, call.secrets);
      // Only an answer that does not fit is read asynchronously (zod's messages are loaded then).
      if (data instanceof Promise) data = await data;
      return { data: data as T, response, rateLimit: readRateLimit(response.headers) };
    } catch (error) {
      throw this.#finish(error, call, site);
    }
  }

  /**
   * ky's options for one call: its attempts are `attempt()`, its retries the SDK's policy. Its
   * closures reach the call through `held` only (call.ts `HeldCall`).
   */
  #kyOptions(held: HeldCall, options: RequestOptions | undefined): KyOptions {
    const { call } = held;
    const kyOptions: KyOptions = {
      method: call.spec.method,
      fetch: (request) => attempt(this.#transport, held.call, request as Request),
      retry: {
        limit: call.bounds.maxRetries,
        methods: RETRY_METHODS,
        shouldRetry: async ({ error, retryCount }) =>
          this.#shouldRetry((await failures()).failureOf(error, held.call), retryCount, held.call),
        delay: () => held.call.delayMs,
      },
      hooks: {
        beforeError: [
          async (error) =>
            error instanceof HTTPError
              ? ((await failures()).responseError(
                  error.response,
                  held.call.keeps(error.response) || !error.response.bodyUsed
                    ? await held.call.textOf(error.response)
                    : '',
                  held.call,
                  this.#transport.origin,
                ) as unknown as HTTPError)
              : error,
        ],
      },
    };
    if (call.bounds.signal) kyOptions.signal = call.bounds.signal;
    // Every attempt sends `call.body` (attempt.ts): ky's Request carries it only for the client's
    // own hooks to read. A Request built around a body holds a web stream that young-generation
    // GCs keep, until the next full GC.
    if (call.body !== undefined) {
      if (this.#hooksSeeRequests) kyOptions.body = call.body;
      kyOptions.headers = { 'content-type': 'application/json', ...options?.headers };
    } else if (options?.headers) {
      kyOptions.headers = options.headers;
    }
    if (call.spec.stream)
      kyOptions.headers = { ...(kyOptions.headers as object), accept: 'text/event-stream' };
    return kyOptions;
  }

  /** ky's `retry.shouldRetry`: the SDK's policy (retry.ts), the wait left in `call.delayMs`. */
  #shouldRetry(failure: Failures.Failure, retry: number, call: Call): boolean {
    const { maxRetryDelay, logger } = this.#config;
    const delayMs = retryDelay(failure, {
      idempotent: call.spec.idempotent,
      retry,
      maxRetryDelay,
      remainingMs: call.remaining(),
    });
    if (delayMs === undefined) return false;
    call.delayMs = delayMs;
    const { spec } = call;
    const event: RetryEvent = {
      operation: spec.label,
      method: spec.method,
      path: call.redact(spec.path),
      attempt: retry,
      maxRetries: call.bounds.maxRetries,
      delayMs,
      reason: failure.reason,
      ...(failure.rateLimit ? { rateLimit: failure.rateLimit } : {}),
    };
    logger?.warn?.(
      `retrying ${call.target} in ${seconds(delayMs)} (retry ${retry} of ${call.bounds.maxRetries}): ${failure.reason}`,
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

  /** Last look at an error before it is thrown: no secret in its message, a debug line, the caller's frames. */
  #finish(error: unknown, call: Call, site: CallSite): unknown {
    if (error instanceof DocsError) {
      error.message = call.redact(error.message);
      this.#config.logger?.debug?.(`✗ ${error.message}`);
    }
    return withCallSite(error, site);
  }
}
