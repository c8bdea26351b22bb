import { MAX_REDIRECTS, type AttemptTimeout, type NetworkFailure } from './attempt.js';
import { seconds, type Call } from './call.js';
import { AbortError, ApiError, ConnectionError, DocsError, RedirectError, TimeoutError } from './errors.js';
import {
  browserFailureHint,
  describeNetworkError,
  errorCodes,
  isBrowserFetchFailure,
  networkReason,
} from './network-errors.js';
import { redactBody, safeUrl } from './redact.js';
import { redactCause, redactHeaders } from './redact-failure.js';
import { NOT_CONNECTED_CODES, RETRY_STATUSES, readRateLimit, serverWait } from './retry.js';

/*
 * What an attempt's failure means: the error the call throws for it, and what the retry policy
 * reads of it. Every message names the request the same way (`GET https://host/v1/path`).
 */

export interface Failure {
  error: Error;
  status?: number | undefined;
  /** Retried when the operation is idempotent (retryable status, timeout, connection failure). */
  retryable: boolean;
  /** The request cannot have reached the server: retried for any operation. */
  neverConnected: boolean;
  /** The server's own wait (`Retry-After`, `X-RateLimit-Reset`), when it gave one. */
  waitMs?: number | undefined;
  /** Why, for people: `HTTP 503`, `timeout`, `connection refused`, ... */
  reason: string;
  rateLimit?: ApiError['rateLimit'];
}

/**
 * An attempt's own failure, known by its name: this module is loaded when a call fails, and may
 * be another copy of the module graph than the attempt's (a test's fresh modules).
 */
function isFailure<T extends AttemptTimeout | NetworkFailure>(cause: unknown, name: T['name']): cause is T {
  return cause instanceof Error && cause.name === name;
}

/** Reads what ky rejected an attempt with. */
export function failureOf(cause: unknown, call: Call): Failure {
  const { signal } = call.bounds;
  if (signal?.aborted) {
    return {
      error: abortError(call, `${call.target} was aborted`),
      retryable: false,
      neverConnected: false,
      reason: 'aborted',
    };
  }
  if (cause instanceof ApiError) {
    return {
      error: cause,
      status: cause.status,
      retryable: RETRY_STATUSES.has(cause.status),
      neverConnected: false,
      waitMs: cause.retryAfterMs,
      reason: `HTTP ${cause.status}`,
      rateLimit: cause.rateLimit,
    };
  }
  if (isFailure<AttemptTimeout>(cause, 'AttemptTimeout')) {
    const waiting =
      cause.phase === 'headers' ? 'waiting for the response' : 'while reading the response body';
    const tries = call.attempts > 1 ? ` (${call.attempts} attempts)` : '';
    const message = cause.total
      ? `${call.target} timed out after ${seconds(cause.ms)} in all${tries}, ${waiting}`
      : `${call.target} timed out after ${seconds(cause.ms)} ${waiting}`;
    return {
      error: new TimeoutError(message),
      retryable: !cause.total,
      neverConnected: false,
      reason: 'timeout',
    };
  }
  if (isFailure<NetworkFailure>(cause, 'NetworkFailure')) return networkFailure(cause, call);
  // An AbortError of the throttle, or what a hook of the user's threw: not retried.
  const error = cause instanceof Error ? cause : new Error(String(cause));
  return { error, retryable: false, neverConnected: false, reason: error.message };
}

function networkFailure({ error: raw, phase }: NetworkFailure, call: Call): Failure {
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
  const error = new ConnectionError(
    call.redact(`${call.target} failed: ${what} (${describeNetworkError(raw)})`),
    {
      cause: redactCause(raw, call.secrets),
    },
  );
  return { error, retryable: true, neverConnected, reason: networkReason(codes, phase) };
}

/** What the call throws for what ky rejected with, once no retry follows. */
export function finalError(cause: unknown, call: Call): unknown {
  if (call.bounds.signal?.aborted) return abortError(call, `${call.target} was aborted`);
  if (
    cause instanceof DocsError ||
    isFailure<AttemptTimeout>(cause, 'AttemptTimeout') ||
    isFailure<NetworkFailure>(cause, 'NetworkFailure')
  ) {
    return failureOf(cause, call).error;
  }
  // Thrown by a hook of the user's: theirs to read as they threw it.
  return cause;
}

/** The error for a call its signal stopped: a `TimeoutError` for a timeout signal, else an `AbortError`; the reason as `cause`. */
export function abortError(call: Call, message: string): DocsError {
  // The reason as given, but a copy without secrets when it is an error: it is shown with the error.
  const given: unknown = call.bounds.signal?.reason;
  const reason =
    given instanceof Error || typeof given === 'string' ? redactCause(given, call.secrets) : given;
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

/** The `ApiError` (of its status's class) for an answer that is not a success, its body `text`. */
export function responseError(response: Response, text: string, call: Call, origin: string): ApiError {
  const { secrets } = call;
  const { status, headers } = response;
  const rateLimit = readRateLimit(headers);
  const now = Date.now();
  const init = {
    status,
    body: redactBody(parseErrorBody(text), secrets),
    headers: redactHeaders(headers, secrets),
    method: call.spec.method,
    url: safeUrl(call.answeredUrl, secrets),
    retryAfterMs: serverWait(status, headers, rateLimit, now),
    rateLimit,
    now,
  };
  return response.type === 'opaqueredirect'
    ? new RedirectError({ ...init, detail: 'the server redirected; the SDK does not follow redirects here' })
    : ApiError.from({ ...init, detail: redirectDetail(response, call, origin) });
}

function parseErrorBody(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Why a redirect was not followed, for the error message; undefined when not a redirect. */
function redirectDetail(response: Response, call: Call, origin: string): string | undefined {
  if (![301, 302, 303, 307, 308].includes(response.status)) return undefined;
  const location = response.headers.get('location');
  if (!location) return 'a redirect without a Location header';
  let target: URL;
  try {
    target = new URL(location, call.answeredUrl);
  } catch {
    return `a redirect to an invalid location (${call.redact(location)})`;
  }
  const shown = safeUrl(target.toString(), call.secrets);
  const { method } = call.spec;
  if (target.origin !== origin) {
    return `the server redirected to another origin (${shown}); the SDK does not follow it, so the token is never sent there`;
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return `the server redirected to ${shown}; the SDK follows redirects of GET and HEAD only, so the ${method} was not sent again`;
  }
  return `more than ${MAX_REDIRECTS} redirects in a row (last to ${shown})`;
}
