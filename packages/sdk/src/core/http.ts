import ky, {
  HTTPError,
  TimeoutError as KyTimeoutError,
  type KyInstance,
  type Options as KyOptions,
} from 'ky';
import type { z } from 'zod';
import type { HttpMethod, Operation } from '../contract/operation.js';
import { encodeQuery } from '../contract/query.js';
import { checkRequestPart } from '../contract/validation.js';
import type { ListEnvelope } from '../contract/schema.js';
import { ApiPromise, type WithResponse } from './api-promise.js';
import {
  AbortError,
  ApiError,
  ConnectionError,
  DocsError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  type ValidationIssue,
} from './errors.js';
import { redact, type Logger } from './logger.js';
import { PagePromise } from './pagination.js';
import { expandPath } from './path.js';

/** Per-call options, accepted as the last argument of every resource method. */
export interface RequestOptions {
  /** Cancels the request (and any retry wait). */
  signal?: AbortSignal | undefined;
  /** Milliseconds for each attempt; overrides the client's `timeout`. */
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
}

/** Inputs of one operation call, before validation. */
export interface OperationInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);
const INITIAL_RETRY_DELAY = 500;
/** Codes meaning the connection was never made, so even a POST cannot have reached the server. */
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

interface SendSpec {
  label: string;
  method: HttpMethod;
  path: string;
  search?: URLSearchParams | undefined;
  body?: unknown;
  response?: z.ZodType | undefined;
}

/** The only place that speaks HTTP: auth, retries, timeouts, error mapping and response parsing. */
export class HttpClient {
  readonly #config: HttpConfig;
  readonly #ky: KyInstance;

  constructor(config: HttpConfig) {
    this.#config = config;
    const logger = config.logger;
    this.#ky = ky.create({
      ...(config.fetch ? { fetch: config.fetch } : {}),
      throwHttpErrors: true,
      headers: {
        authorization: `Bearer ${config.token}`,
        accept: 'application/json',
        'user-agent': config.userAgent,
      },
      hooks: logger
        ? {
            beforeRequest: [(request) => logger.debug(`→ ${request.method} ${request.url}`)],
            afterResponse: [
              (request, _options, response) =>
                logger.debug(`← ${response.status} ${request.method} ${request.url}`),
            ],
            beforeRetry: [
              ({ request, error, retryCount }) =>
                logger.warn(`retrying ${request.method} ${request.url} (retry ${retryCount})`, {
                  reason: redact(error.message, config.token),
                }),
            ],
          }
        : {},
    });
  }

  /** Calls one contract operation and parses its answer with the operation's response schema. */
  call<T>(operation: Operation, input: OperationInput, options?: RequestOptions): ApiPromise<T> {
    return new ApiPromise(this.#callOperation<T>(operation, input, options));
  }

  /** Calls a paginated operation; the returned promise iterates every page. */
  list<T, E extends ListEnvelope<T> = ListEnvelope<T>>(
    operation: Operation,
    input: OperationInput,
    options?: RequestOptions,
  ): PagePromise<T, E> {
    const fetchPage = (page?: string) =>
      this.#callOperation<E>(
        operation,
        page === undefined ? input : { ...input, query: { ...input.query, page } },
        options,
      );
    return new PagePromise<T, E>(fetchPage(), fetchPage);
  }

  /** A request outside the contract's operations, with the same auth, retries and errors. */
  request<T = unknown>(
    spec: {
      method: HttpMethod;
      path: string;
      query?: Record<string, unknown>;
      body?: unknown;
      schema?: z.ZodType<T>;
    },
    options?: RequestOptions,
  ): ApiPromise<T> {
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
        },
        options,
        true,
      ),
    );
  }

  async #callOperation<T>(
    operation: Operation,
    input: OperationInput,
    options: RequestOptions | undefined,
  ): Promise<WithResponse<T>> {
    const issues: ValidationIssue[] = [];
    const params = validate(operation.paramsSchema, input.params ?? {}, 'path', issues);
    const query = operation.query ? validate(operation.query, input.query ?? {}, 'query', issues) : undefined;
    const body = operation.body ? validate(operation.body, input.body ?? {}, 'body', issues) : undefined;
    if (issues.length) throw new RequestValidationError(operation.id, issues);
    return this.#send<T>(
      {
        label: operation.id,
        method: operation.method,
        path: expandPath(operation.path, params as Record<string, unknown>),
        search: encodeQuery(query as Record<string, unknown> | undefined, operation.queryWireNames),
        body,
        response: operation.response,
      },
      options,
      false,
    );
  }

  async #send<T>(
    spec: SendSpec,
    options: RequestOptions | undefined,
    rawJson: boolean,
  ): Promise<WithResponse<T>> {
    const config = this.#config;
    const search = spec.search?.toString();
    const url = `${config.baseUrl}${spec.path}${search ? `?${search}` : ''}`;
    const signal = options?.signal;
    const timeout = options?.timeout ?? config.timeout;
    const kyOptions: KyOptions = {
      method: spec.method,
      timeout,
      retry: {
        limit: options?.maxRetries ?? config.maxRetries,
        methods: ['get', 'put', 'delete', 'head', 'post', 'patch'],
        statusCodes: RETRY_STATUSES,
        afterStatusCodes: RETRY_STATUSES,
        maxRetryAfter: config.maxRetryDelay,
        backoffLimit: config.maxRetryDelay,
        delay: (attempt) => INITIAL_RETRY_DELAY * 2 ** (attempt - 1),
        jitter: (delay) => delay * (1 - Math.random() * 0.25),
        shouldRetry: ({ error }) => {
          if (signal?.aborted) return false;
          // POST and PATCH are replayed only when the connection was never made.
          if (!IDEMPOTENT.has(spec.method)) return neverConnected(error);
          return undefined;
        },
      },
      ...(signal ? { signal } : {}),
      ...(spec.body !== undefined ? { json: spec.body } : {}),
      ...(options?.headers ? { headers: options.headers } : {}),
    };

    let response: Response;
    try {
      response = await this.#ky(url, kyOptions);
    } catch (error) {
      throw await this.#toDocsError(error, spec.method, url, timeout, signal);
    }
    const data = await parseResponse(spec, response, rawJson, config.token);
    return { data: data as T, response };
  }

  async #toDocsError(
    error: unknown,
    method: string,
    url: string,
    timeout: number,
    signal: AbortSignal | undefined,
  ): Promise<DocsError> {
    const token = this.#config.token;
    const where = `${method} ${new URL(url).pathname}`;
    let mapped: DocsError;
    if (error instanceof DocsError) mapped = error;
    else if (error instanceof HTTPError) {
      const response = error.response;
      mapped = ApiError.from({
        status: response.status,
        body: scrub(await readErrorBody(response), token),
        headers: response.headers,
        method,
        url,
      });
    } else if (signal?.aborted) {
      mapped = new AbortError(`${where} was aborted`, { cause: error });
    } else if (error instanceof KyTimeoutError) {
      mapped = new TimeoutError(`${where} timed out after ${timeout} ms`);
    } else {
      // Say whether the request may have reached the server: it matters for a POST.
      const what = neverConnected(error)
        ? 'could not reach the server'
        : 'the connection failed before an answer';
      // The full URL here: which server could not be reached is the useful part.
      const target = `${method} ${url.split('?')[0] ?? url}`;
      mapped = new ConnectionError(`${target} failed: ${what} (${describeNetworkError(error)})`, {
        cause: error,
      });
    }
    mapped.message = redact(mapped.message, token);
    this.#config.logger?.debug(`✗ ${where}: ${mapped.message}`);
    return mapped;
  }
}

function validate(schema: z.ZodType, value: unknown, prefix: string, issues: ValidationIssue[]): unknown {
  const result = checkRequestPart(schema, value, prefix);
  if (result.ok) return result.value;
  issues.push(...result.issues);
  return undefined;
}

async function parseResponse(
  spec: SendSpec,
  response: Response,
  rawJson: boolean,
  token: string,
): Promise<unknown> {
  const text = await response.text();
  if (!spec.response && !rawJson) return undefined;
  let json: unknown;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new ResponseValidationError(
        spec.label,
        [{ path: '', message: 'the body is not JSON' }],
        scrub(text, token),
      );
    }
  }
  if (!spec.response) return json;
  const result = spec.response.safeParse(json);
  if (!result.success) {
    throw new ResponseValidationError(
      spec.label,
      result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
      scrub(json, token),
    );
  }
  return result.data;
}

async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    if (!text.trim()) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  } catch {
    return undefined;
  }
}

/** Drops a token the server may have echoed in an error body. */
function scrub(body: unknown, token: string): unknown {
  if (body === undefined) return body;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (!text.includes(token)) return body;
  const cleaned = redact(text, token);
  return typeof body === 'string' ? cleaned : (JSON.parse(cleaned) as unknown);
}

/** Error codes along the cause chain; ky wraps a thrown non-Error value in `.value`. */
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

function neverConnected(error: unknown): boolean {
  return errorCodes(error).some((code) => NOT_CONNECTED_CODES.has(code));
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
