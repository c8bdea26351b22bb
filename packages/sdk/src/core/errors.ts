import { describeIssues, type ValidationIssue } from '../contract/issues.js';
import type { RateLimitInfo } from './retry.js';

export type { ValidationIssue };

/**
 * One error tree for everything the SDK throws (openai-node's core/error.ts model).
 * Catch `DocsError` for all of them, or a subclass for one case.
 */

export class DocsError extends Error {
  override name = 'DocsError';

  /**
   * `JSON.stringify(error)`: the name, the message and every field (headers as a plain object),
   * never the stack. Nothing secret: the fields were redacted when the error was made.
   */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const key of Object.keys(this)) {
      if (key !== 'name') json[key] = (this as Record<string, unknown>)[key];
    }
    if (this.cause !== undefined) json.cause = describeCause(this.cause);
    return json;
  }
}

function describeCause(cause: unknown): unknown {
  if (cause instanceof DocsError) return cause.toJSON();
  if (cause instanceof Error) {
    const { code } = cause as { code?: unknown };
    return { name: cause.name, message: cause.message, ...(code !== undefined ? { code } : {}) };
  }
  return cause;
}

/**
 * Response headers as an error carries them: a `Headers` (`get`, `has`, iteration) that
 * `console.log`, `util.inspect` and `JSON.stringify` show as a plain object, where `Headers`
 * shows `Headers {}`. Sensitive headers are already replaced with `[redacted]`.
 */
export class ErrorHeaders extends Headers {
  toJSON(): Record<string, string> {
    const plain: Record<string, string> = {};
    this.forEach((value, name) => (plain[name] = value));
    return plain;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): Record<string, string> {
    return this.toJSON();
  }
}

function errorHeaders(headers: Headers): ErrorHeaders {
  if (headers instanceof ErrorHeaders) return headers;
  const copy = new ErrorHeaders();
  headers.forEach((value, name) => copy.append(name, value));
  return copy;
}

/** The request broke a limit of the contract; nothing was sent. */
export class RequestValidationError extends DocsError {
  override name = 'RequestValidationError';
  readonly operation: string;
  readonly issues: readonly ValidationIssue[];

  constructor(operation: string, issues: readonly ValidationIssue[]) {
    super(`Invalid request for ${operation}: ${describeIssues(issues)}`);
    this.operation = operation;
    this.issues = issues;
  }
}

/** The server answered with a body that does not fit the contract (a missing id, a wrong type). */
export class ResponseValidationError extends DocsError {
  override name = 'ResponseValidationError';
  readonly operation: string;
  readonly issues: readonly ValidationIssue[];
  /** The parsed JSON exactly as received. */
  readonly data: unknown;

  constructor(operation: string, issues: readonly ValidationIssue[], data: unknown) {
    super(`Unexpected response for ${operation}: ${describeIssues(issues)}`);
    this.operation = operation;
    this.issues = issues;
    this.data = data;
  }
}

export interface ApiErrorInit {
  status: number;
  body: unknown;
  headers: Headers;
  method: string;
  url: string;
  /** How long the server asked to wait before trying again (`Retry-After`, or `X-RateLimit-Reset` on a 429). */
  retryAfterMs?: number | undefined;
  /** The limits the response announced (`X-RateLimit-*`). */
  rateLimit?: RateLimitInfo | undefined;
  /** Said after the server's message, e.g. why a redirect was not followed. */
  detail?: string | undefined;
  /** The time the error is made; `retryAt` is counted from it. */
  now?: number | undefined;
}

/**
 * The server answered with a non-success status. `headers` and `url` come with credentials and
 * secret query values replaced, `body` with the token replaced.
 */
export class ApiError extends DocsError {
  override name = 'ApiError';
  readonly status: number;
  /** The error body: parsed JSON when it was JSON, otherwise the text (or undefined when empty). */
  readonly body: unknown;
  /** The response headers (a `Headers`, shown as a plain object by `console.log` and `JSON.stringify`). */
  readonly headers: ErrorHeaders;
  readonly requestId: string | undefined;
  readonly method: string;
  readonly url: string;
  /** Milliseconds the server asked to wait before trying again, when it said so. */
  readonly retryAfterMs: number | undefined;
  /** When the server said the call may be tried again. */
  readonly retryAt: Date | undefined;
  /** The rate limit the response announced (`X-RateLimit-*`), undefined without those headers. */
  readonly rateLimit: RateLimitInfo | undefined;

  constructor(init: ApiErrorInit) {
    const requestId = init.headers.get('x-request-id') ?? undefined;
    const retryAt =
      init.retryAfterMs !== undefined ? new Date((init.now ?? Date.now()) + init.retryAfterMs) : undefined;
    const retryNote =
      retryAt && init.retryAfterMs
        ? `; retry after ${isoSeconds(retryAt)} (in ${Math.ceil(init.retryAfterMs / 1000)} s)`
        : '';
    super(
      `${init.method} ${pathOf(init.url)} failed with ${init.status}: ${messageFromBody(init.body, init.status)}` +
        (init.detail ? `; ${init.detail}` : '') +
        retryNote +
        (requestId ? ` (request id ${requestId})` : ''),
    );
    this.status = init.status;
    this.body = init.body;
    this.headers = errorHeaders(init.headers);
    this.requestId = requestId;
    this.method = init.method;
    this.url = init.url;
    this.retryAfterMs = init.retryAfterMs;
    this.retryAt = retryAt;
    this.rateLimit = init.rateLimit;
  }

  /** The server's own explanation, without the request line. */
  get serverMessage(): string {
    return messageFromBody(this.body, this.status);
  }

  static from(init: ApiErrorInit): ApiError {
    const { status } = init;
    if (status >= 300 && status < 400) return new RedirectError(init);
    if (status === 400) return new BadRequestError(init);
    if (status === 401) return new AuthenticationError(init);
    if (status === 403) return new PermissionDeniedError(init);
    if (status === 404) return new NotFoundError(init);
    if (status === 409) return new ConflictError(init);
    if (status === 422) return new UnprocessableEntityError(init);
    if (status === 429) return new RateLimitError(init);
    if (status >= 500) return new InternalServerError(init);
    return new ApiError(init);
  }
}

/**
 * A redirect the SDK did not follow: it follows only same-origin redirects of GET and HEAD
 * requests, so a write is never sent twice and the token never goes to another origin.
 */
export class RedirectError extends ApiError {
  override name = 'RedirectError';
  /** Where the server pointed (secrets replaced), when it said. */
  get location(): string | undefined {
    return this.headers.get('location') ?? undefined;
  }
}
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/**
 * Why the service answered 409 (or a merge did not merge), for a script to switch on: the error
 * body's `reason` when the server gives one (the sandbox does on every change-request 409; the
 * published API document defines none), `conflicts` for a MergeConflictError, `unknown` otherwise.
 */
export type ConflictReason =
  | 'outdated'
  | 'merge-rules-not-met'
  | 'conflicts'
  | 'already-merged'
  | 'archived'
  | 'space-locked'
  | 'unknown'
  | (string & {});

export class ConflictError extends ApiError {
  override name = 'ConflictError';
  readonly reason: ConflictReason;

  constructor(init: ApiErrorInit, reason?: ConflictReason) {
    super(init);
    this.reason = reason ?? reasonFromBody(init.body) ?? 'unknown';
  }
}

/**
 * `changeRequests.merge()` or `updateFromPrimary()` answered `result: "conflicts"` (HTTP 200):
 * never a success. A merge was applied all the same (the published document: "the space may need
 * manual conflict resolution"): `merged` is true and `revision` the new primary revision. An update
 * pulled nothing in: `merged` is false. `reason` is `conflicts`.
 */
export class MergeConflictError extends ConflictError {
  override name = 'MergeConflictError';
  readonly operation: 'merge' | 'update';
  /** The revision the service named: the merged primary revision, or the request's own. */
  readonly revision: string | undefined;
  readonly merged: boolean;

  constructor(
    init: ApiErrorInit,
    operation: 'merge' | 'update',
    target: { spaceId: string; changeRequestId: string },
  ) {
    super(init, 'conflicts');
    this.operation = operation;
    const { revision } = (init.body ?? {}) as { revision?: unknown };
    this.revision = typeof revision === 'string' ? revision : undefined;
    this.merged = operation === 'merge';
    const which = `Change request ${target.changeRequestId} in ${target.spaceId}`;
    this.message =
      operation === 'merge'
        ? `${which} was merged${this.revision ? ` as revision ${this.revision}` : ''}, but the service reports conflicts to resolve by hand (result "conflicts")`
        : `${which} conflicts with the primary content: the update pulled nothing in (result "conflicts")`;
    if (this.requestId) this.message += ` (request id ${this.requestId})`;
  }
}

function reasonFromBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, reason } = body as { error?: unknown; reason?: unknown };
  const nested =
    typeof error === 'object' && error !== null ? (error as { reason?: unknown }).reason : undefined;
  const found = typeof nested === 'string' ? nested : reason;
  return typeof found === 'string' && found ? found : undefined;
}
export class UnprocessableEntityError extends ApiError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}

/**
 * The server could not be reached, or the connection dropped before the whole answer was read
 * (before the headers or in the middle of the body). `cause` is a copy of the network error
 * without secrets. In a browser, a call the browser blocked (CORS) ends here too: the page is
 * not told which of the two it was, and the message says so.
 */
export class ConnectionError extends DocsError {
  override name = 'ConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * An attempt took longer than the `timeout` option: one deadline covers the whole answer,
 * headers, body and parsing, so a body that stalls half-way ends here too.
 */
export class TimeoutError extends DocsError {
  override name = 'TimeoutError';
}

/** The caller's `AbortSignal` cancelled the request; `cause` is the signal's reason. */
export class AbortError extends DocsError {
  override name = 'AbortError';
}

/**
 * A list walk stopped because the server's cursors would never end it: a cursor came back
 * that was already followed, or too many pages in a row were empty yet pointed to another.
 * The items yielded so far were real; the list may be incomplete.
 */
export class PaginationError extends DocsError {
  override name = 'PaginationError';
  readonly operation: string;
  /** `repeated-cursor` or `empty-pages`. */
  readonly reason: 'repeated-cursor' | 'empty-pages';
  /** Pages read before stopping. */
  readonly pages: number;
  /** Distinct cursors followed before stopping. */
  readonly cursors: number;

  constructor(
    message: string,
    init: { operation: string; reason: 'repeated-cursor' | 'empty-pages'; pages: number; cursors: number },
  ) {
    super(message);
    this.operation = init.operation;
    this.reason = init.reason;
    this.pages = init.pages;
    this.cursors = init.cursors;
  }
}

function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.000Z$/, 'Z');
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

const MESSAGE_KEYS = ['message', 'error_description', 'detail', 'title', 'error'] as const;

/** Finds a human message in an error body of any shape: `{error: {message}}`, `{message}`, text, ... */
export function messageFromBody(body: unknown, status: number): string {
  // A proxy's HTML error page: its title says more than its markup.
  if (typeof body === 'string' && /^\s*</.test(body)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
    return `${title || statusText(status)} (an HTML page)`;
  }
  const found = findMessage(body, 0);
  if (found) return found.length > 500 ? `${found.slice(0, 500)}…` : found;
  return statusText(status);
}

function findMessage(value: unknown, depth: number): string | undefined {
  if (depth > 3 || value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    const parts = value.map((item) => findMessage(item, depth + 1)).filter(Boolean);
    return parts.length ? parts.join('; ') : undefined;
  }
  const record = value as Record<string, unknown>;
  for (const key of MESSAGE_KEYS) {
    const found = findMessage(record[key], depth + 1);
    if (found) return found;
  }
  if (Array.isArray(record.errors)) return findMessage(record.errors, depth + 1);
  return undefined;
}

function statusText(status: number): string {
  const known: Record<number, string> = {
    400: 'bad request',
    401: 'authentication required or token invalid',
    403: 'permission denied',
    404: 'not found',
    409: 'conflict',
    422: 'unprocessable request',
    429: 'rate limited',
    500: 'internal server error',
    502: 'bad gateway',
    503: 'service unavailable',
    504: 'gateway timeout',
  };
  return known[status] ?? `HTTP ${status}`;
}
