import { describeIssues, type ValidationIssue } from '../contract/validation.js';

export type { ValidationIssue };

/**
 * One error tree for everything the SDK throws (openai-node's core/error.ts model).
 * Catch `DocsError` for all of them, or a subclass for one case.
 */

export class DocsError extends Error {
  override name = 'DocsError';
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
}

/** The server answered with a non-success status. */
export class ApiError extends DocsError {
  override name = 'ApiError';
  readonly status: number;
  /** The error body: parsed JSON when it was JSON, otherwise the text (or undefined when empty). */
  readonly body: unknown;
  readonly headers: Headers;
  readonly requestId: string | undefined;
  readonly method: string;
  readonly url: string;

  constructor(init: ApiErrorInit) {
    const requestId = init.headers.get('x-request-id') ?? undefined;
    super(
      `${init.method} ${pathOf(init.url)} failed with ${init.status}: ${messageFromBody(init.body, init.status)}` +
        (requestId ? ` (request id ${requestId})` : ''),
    );
    this.status = init.status;
    this.body = init.body;
    this.headers = init.headers;
    this.requestId = requestId;
    this.method = init.method;
    this.url = init.url;
  }

  /** The server's own explanation, without the request line. */
  get serverMessage(): string {
    return messageFromBody(this.body, this.status);
  }

  static from(init: ApiErrorInit): ApiError {
    const { status } = init;
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
export class ConflictError extends ApiError {
  override name = 'ConflictError';
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

/** The server could not be reached, or the connection dropped before an answer. */
export class ConnectionError extends DocsError {
  override name = 'ConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The request took longer than the `timeout` option. */
export class TimeoutError extends DocsError {
  override name = 'TimeoutError';
}

/** The caller's `AbortSignal` cancelled the request. */
export class AbortError extends DocsError {
  override name = 'AbortError';
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
