/** A request budget: at most `limit` requests per window of `windowMs` milliseconds. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** What the limiter decided for one request, and the headers that say so. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends. */
  resetAt: Date;
  /** Whole seconds until the window ends, at least 1: the `Retry-After` of a refused request. */
  retryAfterSeconds: number;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses `100/60s` (also `100/1m`, `5/500ms`, `1000/1h`; a bare number of the window is seconds).
 * Throws a `RangeError` that quotes the value and shows the form expected.
 */
export function parseRateLimit(text: string): RateLimit {
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*(ms|s|m|h)?\s*$/i.exec(text);
  const limit = Number(match?.[1]);
  const windowMs = Number(match?.[2]) * (UNITS[(match?.[3] ?? 's').toLowerCase()] ?? 1000);
  if (!match || limit < 1 || windowMs < 1) {
    throw new RangeError(
      `rate limit "${text.slice(0, 40)}" must be <requests>/<window>, e.g. 100/60s, 10/1m or 5/500ms (at least 1 request per window)`,
    );
  }
  return { limit, windowMs };
}

/** Checks a `RateLimit` given in code; throws a `RangeError` naming the bad field. */
export function checkRateLimit(rule: RateLimit): void {
  if (!Number.isInteger(rule.limit) || rule.limit < 1)
    throw new RangeError('rateLimit.limit must be an integer of at least 1');
  if (!Number.isInteger(rule.windowMs) || rule.windowMs < 1)
    throw new RangeError('rateLimit.windowMs must be an integer number of milliseconds of at least 1');
}

/**
 * A fixed-window counter, windows aligned on the clock (multiples of `windowMs` since the epoch,
 * as a counter keyed by `floor(now / windowMs)` is): a window of whole seconds then ends exactly
 * at its `X-RateLimit-Reset` (whole epoch seconds), so a client that waits for the reset is not
 * refused, nor kept waiting up to a second longer than needed. Refused requests do not use up the
 * budget. Time comes from the sandbox's clock.
 */
export class RateLimiter {
  readonly #rule: RateLimit;
  readonly #now: () => number;
  #windowEnd = -Infinity;
  #used = 0;

  constructor(rule: RateLimit, clock: () => Date) {
    checkRateLimit(rule);
    this.#rule = rule;
    this.#now = () => clock().getTime();
  }

  /** Forgets the current window (on a sandbox reset). */
  reset(): void {
    this.#windowEnd = -Infinity;
    this.#used = 0;
  }

  /** Counts one request and says whether it may be served. */
  take(): RateLimitDecision {
    const now = this.#now();
    if (now >= this.#windowEnd) {
      this.#windowEnd = (Math.floor(now / this.#rule.windowMs) + 1) * this.#rule.windowMs;
      this.#used = 0;
    }
    const allowed = this.#used < this.#rule.limit;
    if (allowed) this.#used += 1;
    return {
      allowed,
      limit: this.#rule.limit,
      remaining: this.#rule.limit - this.#used,
      resetAt: new Date(this.#windowEnd),
      retryAfterSeconds: Math.max(1, Math.ceil((this.#windowEnd - now) / 1000)),
    };
  }
}
