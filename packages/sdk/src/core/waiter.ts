import { AbortError, RunFailedError, WaitTimeoutError } from './errors.js';

/*
 * Every waiter of the SDK (`waitUntilDone` of translations, OpenAPI specs, import runs, a space's
 * Git Sync, a site's scans) is this one loop: read, report progress, stop when the work is over,
 * fail with a `RunFailedError` naming the run when the document says it failed, with a
 * `WaitTimeoutError` after `timeout`, with an `AbortError` when `signal` aborts.
 */

/** Options of every waiter (`client.translations.waitUntilDone`, ...). */
export interface WaitOptions<T> {
  /** Milliseconds between two reads. Default 2 000. */
  interval?: number | undefined;
  /** Milliseconds to wait in all before failing with `WaitTimeoutError`. Default 600 000 (10 minutes). */
  timeout?: number | undefined;
  /** Stops waiting (and the read under way) with an `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Called with every object read, e.g. to show progress. */
  onProgress?: ((value: T) => void) | undefined;
  /** The former name of `onProgress`, still called. */
  onPoll?: ((value: T) => void) | undefined;
}

export const DEFAULT_WAIT_INTERVAL = 2_000;
export const DEFAULT_WAIT_TIMEOUT = 600_000;

function checkDuration(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a finite number of milliseconds, 0 or more (got ${value})`);
  }
  return value;
}

function sleep(ms: number, signal: AbortSignal | undefined, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortError(`Waiting for ${what} was aborted`));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError(`Waiting for ${what} was aborted`));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Reads with `read` every `interval` until `isDone` says the work is over, and returns that
 * last object. Fails with `WaitTimeoutError` once `timeout` has passed, with `AbortError` when
 * `signal` aborts; an error of a read fails the wait at once.
 */
export async function waitUntil<T>(
  read: (signal: AbortSignal | undefined) => PromiseLike<T>,
  isDone: (value: T) => boolean,
  options: WaitOptions<T> & {
    /** Names the work in messages: `translation tr_1's run`. */
    what: string;
    /** Says what was last seen, for the timeout message: `status running`. */
    describe?: (value: T) => string;
    /** The state and reason of a run that failed (a `RunFailedError`); undefined while it did not. */
    failed?: (value: T) => { state: string; reason?: string | undefined } | undefined;
  },
): Promise<T> {
  const interval = checkDuration('interval', options.interval ?? DEFAULT_WAIT_INTERVAL);
  const timeout = checkDuration('timeout', options.timeout ?? DEFAULT_WAIT_TIMEOUT);
  const { signal, what } = options;
  const started = Date.now();
  for (;;) {
    if (signal?.aborted) throw new AbortError(`Waiting for ${what} was aborted`);
    const value = await read(signal);
    options.onProgress?.(value);
    options.onPoll?.(value);
    const failure = options.failed?.(value);
    if (failure) throw new RunFailedError(what, failure.state, failure.reason, value);
    if (isDone(value)) return value;
    const elapsed = Date.now() - started;
    const remaining = timeout - elapsed;
    if (remaining <= 0) {
      const seen = options.describe ? ` (last seen: ${options.describe(value)})` : '';
      throw new WaitTimeoutError(
        `Gave up waiting for ${what} after ${elapsed} ms${seen}; it may still finish: read it again later or wait longer with a larger timeout.`,
        value,
        elapsed,
      );
    }
    await sleep(Math.min(interval, remaining), signal, what);
  }
}
