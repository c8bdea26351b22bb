import { brand, DocsError } from './error-base.js';
import { messageFromBody } from './error-body.js';
import { errorHeaders, type ErrorHeaders } from './error-headers.js';
import type { RateLimitInfo } from './retry.js';

/*
 * The errors of a server's answer: `ApiError` and one subclass per status, and how one is made
 * from a response (`ApiError.from`). Exported by errors.ts with the rest of the tree.
 */

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
    const serverMessage = messageFromBody(init.body, init.status);
    // The wait is said once: not again when the server's own message names it.
    const retryNote =
      retryAt && init.retryAfterMs && !SAYS_WHEN.test(serverMessage)
        ? `; retry after ${isoSeconds(retryAt)} (in ${Math.ceil(init.retryAfterMs / 1000)} s)`
        : '';
    super(
      `${init.method} ${shownTarget(init.url)} failed with ${init.status}: ${serverMessage}` +
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
 * published document defines none), `conflicts` for a MergeConflictError, `unknown` otherwise.
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
 * manual conflict resolution"): `merged` is true and `revision` the new primary revision. An
 * update pulled nothing in: `merged` is false. `reason` is `conflicts`.
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

/** A server message that already says when to try again: `retry in 5 s`, `try again after 30 seconds`. */
const SAYS_WHEN = /\b(retry|try again|wait)\b[^.;]*\d/i;

/**
 * The URL as every error of the SDK shows it: the full URL without its query string (a query
 * may be long, and carries nothing that says which server failed); secrets were removed before.
 */
export function shownTarget(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.000Z$/, 'Z');
}

for (const [errorClass, name] of [
  [ApiError, 'ApiError'],
  [RedirectError, 'RedirectError'],
  [BadRequestError, 'BadRequestError'],
  [AuthenticationError, 'AuthenticationError'],
  [PermissionDeniedError, 'PermissionDeniedError'],
  [NotFoundError, 'NotFoundError'],
  [ConflictError, 'ConflictError'],
  [MergeConflictError, 'MergeConflictError'],
  [UnprocessableEntityError, 'UnprocessableEntityError'],
  [RateLimitError, 'RateLimitError'],
  [InternalServerError, 'InternalServerError'],
] as const) {
  brand(errorClass, name);
}
