import type { RetryEvent } from '@docs-api/sdk';
import { output } from './output.js';
import { formatElapsed } from './progress.js';

/*
 * Signs of life at a terminal: a spinner on stderr once a request has taken longer than
 * SPINNER_DELAY_MS, naming the host it waits for and, after a failure, the retry under way.
 * Requests are seen through the fetch the SDK is given (start and end of each attempt) and its
 * onRetry events (the wait before the next attempt). Never shown when stderr is not a terminal:
 * piped runs and CI logs get no spinner.
 */

export const SPINNER_DELAY_MS = 1000;
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 100;

export interface Activity {
  /** The host of the oldest request in flight, with when it started. */
  inFlight: Map<number, { host: string; started: number }>;
  /** The retry being waited for, until the next attempt starts. */
  retry: { host: string; event: RetryEvent; until: number } | undefined;
}

/** The spinner's text for `activity` at `now`; none while nothing has been slow. */
export function describeActivity(activity: Activity, now: number): string | undefined {
  const { retry } = activity;
  if (retry) {
    const left = Math.max(0, retry.until - now);
    const { event } = retry;
    return `${retry.host}: ${event.reason}; retry ${event.attempt} of ${event.maxRetries} in ${formatElapsed(Math.ceil(left / 1000) * 1000)}…`;
  }
  let oldest: { host: string; started: number } | undefined;
  for (const request of activity.inFlight.values())
    if (!oldest || request.started < oldest.started) oldest = request;
  if (!oldest || now - oldest.started < SPINNER_DELAY_MS) return undefined;
  return `Waiting for ${oldest.host}… ${formatElapsed(now - oldest.started)}`;
}

const hostOf = (input: unknown): string => {
  try {
    // Not `instanceof Request`: touching that global loads Node's fetch (and zlib) at start.
    const url =
      typeof input === 'object' && input !== null && 'url' in input ? String(input.url) : String(input);
    return new URL(url).host;
  } catch {
    return 'the API';
  }
};

/** Tracks requests and draws the spinner while one is slow (a terminal only). */
export class Spinner {
  readonly activity: Activity = { inFlight: new Map(), retry: undefined };
  #next = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  #frame = 0;
  #shown = false;

  constructor(
    private readonly enabled: () => boolean = () =>
      Boolean(process.stderr.isTTY) && process.env.TERM !== 'dumb',
  ) {}

  /** `fetch` that reports each attempt's start and end. */
  wrap(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
    return async (input, init) => {
      const id = this.#next++;
      this.activity.retry = undefined;
      this.activity.inFlight.set(id, { host: hostOf(input), started: Date.now() });
      this.#schedule();
      try {
        return await fetch(input, init);
      } finally {
        this.activity.inFlight.delete(id);
        this.#settle();
      }
    };
  }

  /** The SDK's onRetry: the spinner names the retry until the next attempt starts. */
  onRetry(event: RetryEvent, baseUrl: string | undefined): void {
    this.activity.retry = { host: hostOf(baseUrl), event, until: Date.now() + event.delayMs };
    this.#schedule();
  }

  /** Removes the spinner for good (the command is over). */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#shown) output.live(undefined);
    this.#shown = false;
  }

  #schedule(): void {
    if (this.#timer || !this.enabled()) return;
    this.#timer = setInterval(() => this.#draw(), FRAME_MS);
    // Never keeps the process alive.
    this.#timer.unref();
  }

  #settle(): void {
    if (this.activity.inFlight.size === 0 && !this.activity.retry) this.stop();
  }

  #draw(): void {
    const text = describeActivity(this.activity, Date.now());
    if (text === undefined) {
      if (this.#shown) output.live(undefined);
      this.#shown = false;
      return;
    }
    this.#frame = (this.#frame + 1) % FRAMES.length;
    output.live(`${FRAMES[this.#frame]} ${text}`);
    this.#shown = true;
  }
}
