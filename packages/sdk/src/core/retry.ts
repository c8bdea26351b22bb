/** The rate limit a response announced (`X-RateLimit-*` headers); a field is absent when its header is. */
export interface RateLimitInfo {
  /** Requests allowed in the current window (`X-RateLimit-Limit`). */
  limit?: number;
  /** Requests left in the current window (`X-RateLimit-Remaining`). */
  remaining?: number;
  /** When the window resets (`X-RateLimit-Reset`, Unix epoch seconds). */
  resetAt?: Date;
}

/** What `ClientOptions.onRetry` receives before each wait between two attempts. */
export interface RetryEvent {
  /** The document's operationId (`getSiteById`, called as `sites.get`), or `METHOD /path` for `client.request()`. */
  operation: string;
  method: string;
  /** The request path, without the query string (it may hold secrets). */
  path: string;
  /** Which retry this is: 1 for the first retry. */
  attempt: number;
  /** The most retries this call makes. */
  maxRetries: number;
  /** How long the SDK waits before the retry, in milliseconds. */
  delayMs: number;
  /** Why, for people: `HTTP 429`, `HTTP 503`, `timeout`, `connection reset`, `connection refused`, ... */
  reason: string;
  /** The rate limit the failed attempt's response announced, if it did. */
  rateLimit?: RateLimitInfo;
}

/** Statuses retried for idempotent operations. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** First backoff wait; each retry doubles it, up to `maxRetryDelay`. */
export const INITIAL_RETRY_DELAY = 500;

/**
 * Error codes meaning the connection was never made, so the request cannot have reached the
 * server: the only failures after which an operation that is not idempotent is sent again.
 */
export const NOT_CONNECTED_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function whole(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

/** Reads the `X-RateLimit-*` headers; undefined when none is there (or none is a number). */
export function readRateLimit(headers: Headers): RateLimitInfo | undefined {
  const info: RateLimitInfo = {};
  const limit = whole(headers.get('x-ratelimit-limit'));
  const remaining = whole(headers.get('x-ratelimit-remaining'));
  const reset = whole(headers.get('x-ratelimit-reset'));
  if (limit !== undefined) info.limit = limit;
  if (remaining !== undefined) info.remaining = remaining;
  if (reset !== undefined) info.resetAt = new Date(reset * 1000);
  return Object.keys(info).length ? info : undefined;
}

/** HTTP dates (IMF-fixdate, RFC 850, asctime) all start with a day name. */
const HTTP_DATE = /^[A-Za-z]{3,9},?\s/;

/**
 * Milliseconds `Retry-After` asks to wait: seconds (`120`, also `1.5`) or an HTTP date; a
 * date in the past means now (0). Undefined when absent or not understood (`soon`), so the
 * caller falls back to the next source.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const ms = Math.round(Number(text) * 1000);
    return Number.isFinite(ms) ? ms : undefined;
  }
  if (!HTTP_DATE.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * How long the server asks to wait before the next attempt, in this order: `Retry-After`;
 * else, on a 429 or when no request is left in the window, `X-RateLimit-Reset`; else
 * undefined (the caller backs off exponentially).
 */
export function serverWait(
  status: number,
  headers: Headers,
  rateLimit: RateLimitInfo | undefined,
  now: number,
): number | undefined {
  const retryAfter = parseRetryAfter(headers.get('retry-after'), now);
  if (retryAfter !== undefined) return retryAfter;
  if (rateLimit?.resetAt && (status === 429 || rateLimit.remaining === 0)) {
    return Math.max(0, rateLimit.resetAt.getTime() - now);
  }
  return undefined;
}

/** Exponential backoff for retry number `retry` (1-based): 0.5 s, 1 s, 2 s ... capped, minus up to 25% jitter. */
export function backoff(retry: number, maxRetryDelay: number): number {
  const base = Math.min(INITIAL_RETRY_DELAY * 2 ** (retry - 1), maxRetryDelay);
  return Math.round(base * (1 - Math.random() * 0.25));
}

/** What the retry policy reads of a failed attempt (core/failures.ts). */
export interface RetryableFailure {
  status?: number | undefined;
  retryable: boolean;
  neverConnected: boolean;
  waitMs?: number | undefined;
}

/**
 * The wait before sending a failed attempt again, or undefined when the call fails now:
 * - every operation is retried when the attempt provably never reached the server (connection
 *   refused, DNS failure, unreachable) or was refused with a 429 (refused unprocessed);
 * - an idempotent one also on 408/500/502/503/504, on any connection failure (mid-body
 *   included) and on an attempt's timeout;
 * - the wait is the server's (`Retry-After`, else `X-RateLimit-Reset` on a 429), else an
 *   exponential backoff with jitter. A wait beyond `maxRetryDelay`, or one that would end after
 *   the call's deadline (`remainingMs`), is not slept: the call fails at once.
 */
export function retryDelay(
  failure: RetryableFailure,
  call: { idempotent: boolean; retry: number; maxRetryDelay: number; remainingMs: number },
): number | undefined {
  const again = failure.neverConnected || failure.status === 429 || (call.idempotent && failure.retryable);
  if (!again || (failure.waitMs !== undefined && failure.waitMs > call.maxRetryDelay)) return undefined;
  const delay = failure.waitMs ?? backoff(call.retry, call.maxRetryDelay);
  return delay < call.remainingMs ? delay : undefined;
}
