import { AbortError } from './errors.js';
import type { RateLimitInfo } from './retry.js';

/** What `ClientOptions.onRateLimit` receives when the client holds its calls for a rate limit. */
export interface RateLimitEvent {
  /** `HTTP 429` (the server refused a call) or `no request left` (`X-RateLimit-Remaining: 0`). */
  reason: 'HTTP 429' | 'no request left';
  /** How long the client holds every call before sending the next, in milliseconds. */
  waitMs: number;
  /** When the calls go again. */
  resumeAt: Date;
  /** Calls waiting to be sent when the hold began (the call that saw the limit not counted). */
  queued: number;
  /** The rate limit the response announced (`X-RateLimit-*`), if it did. */
  rateLimit?: RateLimitInfo;
}

/** A slot to send one attempt; `release` is safe to call more than once. */
export interface Slot {
  /** Order of sending, for reading the `remaining` count of the answer. */
  readonly seq: number;
  release(): void;
}

/** Margin added to a window's reset before the held calls go: timers and clocks are not exact. */
const RESET_MARGIN_MS = 25;

/**
 * The client's shared gate for its attempts (octokit's throttling plugin is the model): at most
 * `concurrency` attempts in flight, and a rate limit read from the answers shared by every call.
 *
 * - An answer that says how many requests are left in the window (`X-RateLimit-Remaining`,
 *   `X-RateLimit-Reset`) sets the budget: once it is spent, queued attempts wait for the reset
 *   instead of each being refused.
 * - A 429 holds every queued attempt for the server's wait (`X-RateLimit-Reset`, else
 *   `Retry-After`), not only the refused call.
 *
 * A wait longer than `maxHoldMs` (the client's `maxRetryDelay`) is not held: the refused call
 * fails at once saying when to retry, and the others go on.
 */
export class Throttle {
  readonly #concurrency: number;
  readonly #maxHoldMs: number;
  readonly #onHold: ((event: RateLimitEvent) => void) | undefined;
  #active = 0;
  #sent = 0;
  readonly #queue: Array<{ resolve: (slot: Slot) => void; reject: (error: unknown) => void }> = [];
  /** Nothing is sent before this time (ms since the epoch). */
  #holdUntil = 0;
  /** Requests the window has left after those already sent; undefined when unknown. */
  #left: number | undefined;
  /** When the known window ends (ms since the epoch). */
  #windowEnd = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(concurrency: number, maxHoldMs: number, onHold?: (event: RateLimitEvent) => void) {
    this.#concurrency = concurrency;
    this.#maxHoldMs = maxHoldMs;
    this.#onHold = onHold;
  }

  /** Waits for a slot; rejects with an `AbortError` when `signal` aborts first (`what` names the call, worked out only then). */
  acquire(signal: AbortSignal | undefined, what: () => string): Promise<Slot> | Slot {
    if (this.#queue.length === 0 && this.#ready(Date.now())) return this.#take();
    return new Promise<Slot>((resolve, reject) => {
      const entry = {
        resolve: (slot: Slot) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(slot);
        },
        reject,
      };
      const onAbort = () => {
        const index = this.#queue.indexOf(entry);
        if (index >= 0) this.#queue.splice(index, 1);
        // The http layer replaces it with one carrying the reason, secrets removed.
        reject(new AbortError(`${what()} was aborted`));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(entry);
      this.#pump();
    });
  }

  /**
   * Reads one answer: the attempt `seq` got `status`, announcing `rateLimit`; `waitMs` is the
   * server's wait when it gave one.
   */
  observe(
    seq: number,
    status: number,
    rateLimit: RateLimitInfo | undefined,
    waitMs: number | undefined,
  ): void {
    const now = Date.now();
    const resetAt = rateLimit?.resetAt?.getTime();
    if (rateLimit?.remaining !== undefined && resetAt !== undefined) {
      // Attempts sent after this one are not counted in its `remaining` yet.
      const left = rateLimit.remaining - (this.#sent - seq);
      if (resetAt > this.#windowEnd || this.#left === undefined) {
        this.#windowEnd = resetAt;
        this.#left = left;
      } else if (resetAt === this.#windowEnd) {
        this.#left = Math.min(this.#left, left);
      }
    }
    if (status === 429) {
      const wait = resetAt !== undefined && resetAt > now ? resetAt - now : (waitMs ?? 1000);
      this.#hold(now, wait, 'HTTP 429', rateLimit);
    } else if (this.#left !== undefined && this.#left <= 0 && this.#windowEnd > now) {
      this.#hold(now, this.#windowEnd - now, 'no request left', rateLimit);
    }
  }

  #hold(now: number, waitMs: number, reason: RateLimitEvent['reason'], rateLimit: RateLimitInfo | undefined) {
    if (waitMs > this.#maxHoldMs) return;
    const until = now + waitMs + RESET_MARGIN_MS;
    if (until <= this.#holdUntil) return;
    const held = this.#holdUntil > now;
    this.#holdUntil = until;
    if (!held && this.#onHold) {
      try {
        this.#onHold({
          reason,
          waitMs: until - now,
          resumeAt: new Date(until),
          queued: this.#queue.length,
          ...(rateLimit ? { rateLimit } : {}),
        });
      } catch {
        // A report that fails must not fail the calls.
      }
    }
    this.#pump();
  }

  #ready(now: number): boolean {
    if (this.#active >= this.#concurrency || now < this.#holdUntil) return false;
    if (this.#left !== undefined && now >= this.#windowEnd + RESET_MARGIN_MS) this.#left = undefined;
    // A window that ends beyond the longest hold is not waited for: the server says when.
    return this.#left === undefined || this.#left > 0 || this.#windowEnd - now > this.#maxHoldMs;
  }

  #take(): Slot {
    this.#active++;
    if (this.#left !== undefined) this.#left--;
    let released = false;
    return {
      seq: ++this.#sent,
      release: () => {
        if (released) return;
        released = true;
        this.#active--;
        this.#pump();
      },
    };
  }

  /** Starts what may start now, and sets a timer for the end of a hold or a window. */
  #pump(): void {
    const now = Date.now();
    while (this.#queue.length > 0 && this.#ready(now)) this.#queue.shift()!.resolve(this.#take());
    if (this.#queue.length === 0 || this.#timer || this.#active >= this.#concurrency) return;
    const until = Math.max(
      this.#holdUntil,
      this.#left !== undefined && this.#left <= 0 && this.#windowEnd - now <= this.#maxHoldMs
        ? this.#windowEnd + RESET_MARGIN_MS
        : 0,
    );
    if (until <= now) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#pump();
    }, until - now);
  }
}
