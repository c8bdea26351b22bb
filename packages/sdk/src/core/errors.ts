import { describeIssues, type ValidationIssue } from '../contract/issues.js';
import { brand, DocsError } from './error-base.js';
import { messageFromBody } from './error-body.js';
import { ErrorHeaders } from './error-headers.js';

export type { ValidationIssue };
export { messageFromBody, ErrorHeaders, DocsError };
export {
  ApiError,
  type ApiErrorInit,
  RedirectError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  type ConflictReason,
  ConflictError,
  MergeConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  shownTarget,
} from './api-errors.js';

/**
 * One error tree for everything the SDK throws (openai-node's core/error.ts model), exported
 * from this module. Catch `DocsError` for all of them, or a subclass for one case.
 *
 * `instanceof` holds across copies of the SDK: an app on one version with the sandbox carrying
 * another gets two copies, and `error instanceof NotFoundError` must stay true for a
 * `NotFoundError` of the other copy. Each class marks its prototype with a brand registered under
 * `Symbol.for` (shared by every copy in the process); `DocsError[Symbol.hasInstance]` checks the
 * brand when the ordinary prototype check fails. A user's own subclass, which has no brand of its
 * own, keeps the ordinary check.
 *
 * The tree lives in three modules: error-base.ts (`DocsError` and the brand), api-errors.ts (a
 * server's answer: `ApiError`, its subclasses and `ApiError.from`) and this one (what the client
 * finds itself), all exported from here.
 */

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

/** The token cannot be sent as a bearer token (a line break, a space, a control character ...). */
export class InvalidTokenError extends DocsError {
  override name = 'InvalidTokenError';
}

/** The base URL is not an absolute http(s) URL, or carries credentials. */
export class InvalidBaseUrlError extends DocsError {
  override name = 'InvalidBaseUrlError';
}

/** An option (or the environment variable standing for it) has a value the SDK does not accept. */
export class InvalidOptionError extends DocsError {
  override name = 'InvalidOptionError';
}

/** Thrown by the constructor when no token is given and `DOCS_API_TOKEN` is not set. */
export class MissingTokenError extends DocsError {
  override name = 'MissingTokenError';
  constructor() {
    super('No API token: pass { token } to DocsClient or set DOCS_API_TOKEN.');
  }
}

/**
 * A waiter's run ended in failure, as the service reports it: an import run `failed` or
 * `cancelled`, a Git Sync operation in `failure` or `timeout`, a scan `failed`, an OpenAPI spec
 * whose processing failed. `run` names it, `state` is the state read, `reason` the service's why.
 */
export class RunFailedError<T = unknown> extends DocsError {
  override name = 'RunFailedError';
  /** The run, as messages name it: `import run imp_1`. */
  readonly run: string;
  /** The state it ended in: `failed`, `cancelled`, `failure`, ... */
  readonly state: string;
  /** Why, when the service said. */
  readonly reason: string | undefined;
  /** The last object read. */
  readonly last: T;

  constructor(run: string, state: string, reason: string | undefined, last: T) {
    super(`${run} ended ${state}${reason ? `: ${reason}` : ''}`);
    this.run = run;
    this.state = state;
    this.reason = reason;
    this.last = last;
  }
}

/** A waiter gave up: the work was still under way when its `timeout` ran out. */
export class WaitTimeoutError<T = unknown> extends DocsError {
  override name = 'WaitTimeoutError';
  /** The last object read, still in progress. */
  readonly last: T;
  /** Milliseconds waited. */
  readonly elapsed: number;

  constructor(message: string, last: T, elapsed: number) {
    super(message);
    this.last = last;
    this.elapsed = elapsed;
  }
}

for (const [errorClass, name] of [
  [RequestValidationError, 'RequestValidationError'],
  [ResponseValidationError, 'ResponseValidationError'],
  [ConnectionError, 'ConnectionError'],
  [TimeoutError, 'TimeoutError'],
  [AbortError, 'AbortError'],
  [PaginationError, 'PaginationError'],
  [InvalidTokenError, 'InvalidTokenError'],
  [InvalidBaseUrlError, 'InvalidBaseUrlError'],
  [InvalidOptionError, 'InvalidOptionError'],
  [MissingTokenError, 'MissingTokenError'],
  [WaitTimeoutError, 'WaitTimeoutError'],
  [RunFailedError, 'RunFailedError'],
] as const) {
  brand(errorClass, name);
}
