import type { RetryEvent } from '@docs-api/sdk';
import type { Output } from './output.js';
import { formatElapsed } from './progress.js';
import { displayWidth } from './table.js';

/*
 * Signs of life at a terminal: a spinner on stderr once a request has taken longer than
 * SPINNER_DELAY_MS, naming the host it waits for and, after a failure, the retry under way.
 * Requests are seen through the fetch the SDK is given (start and end of each attempt) and its
 * onRetry events (the wait before the next attempt). The clock counts the whole wait for an
 * answer, retries included: it starts again only once the server has answered. A body read
 * after the headers (`text()`, `json()`...) is part of the same wait, clocked from the request's
 * start: a server that sends its headers and stalls the body gets the same spinner at the same
 * moment as a silent one, and the same words at SILENCE_MS. After
 * SILENCE_MS without an answer it says so, and that --timeout bounds the wait. Never shown when
 * stderr is not a terminal: piped runs and CI logs get no spinner.
 */

export const SPINNER_DELAY_MS = 1000;
/** After this long without an answer the spinner says the server has not answered. */
export const SILENCE_MS = 10_000;
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 100;

export interface Activity {
  /** The host of the oldest request in flight, with when it started. */
  inFlight: Map<number, { host: string; started: number }>;
  /** The retry being waited for, until the next attempt starts. */
  retry: { host: string; event: RetryEvent; until: number } | undefined;
  /** When the wait for an answer began: kept across the attempts of a retried request. */
  since?: number | undefined;
  /** The last retry announced, named while its attempt runs; cleared with `since`. */
  lastRetry?: RetryEvent | undefined;
}

/**
 * The spinner's text for `activity` at `now`; none while nothing has been slow. `timeoutMs` is
 * the request's bound, named once the server has been silent for SILENCE_MS; `width` the room on
 * the line: past it the silence's hint is left out (the spinner says it once as a message).
 */
export function describeActivity(
  activity: Activity,
  now: number,
  timeoutMs?: number,
  width?: number,
): string | undefined {
  const { retry, since } = activity;
  const waited = since === undefined ? undefined : formatElapsed(now - since);
  if (retry) {
    const left = Math.max(0, retry.until - now);
    const { event } = retry;
    const all = waited && since !== undefined && now - since >= SPINNER_DELAY_MS ? ` (${waited} in all)` : '';
    return `${retry.host}: ${event.reason}; retry ${event.attempt} of ${event.maxRetries} in ${formatElapsed(Math.ceil(left / 1000) * 1000)}…${all}`;
  }
  let oldest: { host: string; started: number } | undefined;
  for (const request of activity.inFlight.values())
    if (!oldest || request.started < oldest.started) oldest = request;
  if (!oldest) return undefined;
  const start = Math.min(since ?? oldest.started, oldest.started);
  if (now - start < SPINNER_DELAY_MS) return undefined;
  const elapsed = formatElapsed(now - start);
  const retrying = activity.lastRetry
    ? ` (retry ${activity.lastRetry.attempt} of ${activity.lastRetry.maxRetries})`
    : '';
  if (now - start >= SILENCE_MS) {
    const bound = timeoutMs === undefined ? '' : ` of ${formatElapsed(timeoutMs)}`;
    const line = `${oldest.host} has not answered: ${elapsed}${bound}${retrying}`;
    if (width === undefined || displayWidth(`${line}; ${SILENCE_HINT}`) <= width)
      return `${line}; ${SILENCE_HINT}`;
    // Narrower: the hint goes once as a message (wrapped at words), the live line keeps the clock.
    if (displayWidth(line) <= width) return line;
    return `No answer: ${elapsed}${bound}${retrying}`;
  }
  return `Waiting for ${oldest.host}… ${elapsed}${retrying}`;
}

/** What bounds a wait, said on the live line or, when it does not fit, once as a message. */
export const SILENCE_HINT = '--timeout <seconds> bounds the wait';

/** The members of a `Response` that read its whole body. */
const BODY_READS = new Set<string | symbol>(['text', 'json', 'arrayBuffer', 'bytes', 'blob', 'formData']);

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
  /** Whether the silence's hint was said as a message (at a terminal too narrow for it on the line). */
  #hinted = false;
  /** The bound of a request (--timeout), named once the server has been silent a while. */
  timeoutMs: number | undefined;

  constructor(
    /** The command's output, where the spinner's live line and its words go. */
    private readonly output: Output,
    private readonly enabled: () => boolean = () =>
      Boolean(process.stderr.isTTY) && process.env.TERM !== 'dumb',
  ) {}

  /** Whether the spinner shows at all (stderr is a terminal): it then names the retries itself. */
  get active(): boolean {
    return this.enabled();
  }

  /** `fetch` that reports each attempt's start and end. */
  wrap(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
    return async (input, init) => {
      const id = this.#next++;
      const now = Date.now();
      // A new request (not the retry announced, nor one beside others in flight) starts a new wait.
      if (!this.activity.retry && this.activity.inFlight.size === 0) {
        this.activity.since = now;
        this.activity.lastRetry = undefined;
      }
      this.activity.retry = undefined;
      this.activity.since ??= now;
      const request = { host: hostOf(input), started: now };
      this.activity.inFlight.set(id, request);
      this.#schedule();
      try {
        const response = await fetch(input, init);
        // The server answered: the next wait is counted from its own start.
        this.activity.since = undefined;
        this.activity.lastRetry = undefined;
        return this.#watchBody(response, request);
      } finally {
        this.activity.inFlight.delete(id);
        this.#settle();
      }
    };
  }

  /**
   * `response` whose whole-body reads count as the request still in flight, from its start. A
   * body never read is not waited for; a stream (`body`) is read by its command, which shows its
   * own progress.
   */
  #watchBody(response: Response, request: { host: string; started: number }): Response {
    return new Proxy(response, {
      get: (target, key) => {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (!BODY_READS.has(key)) return method.bind(target);
        return async (...args: unknown[]) => {
          const id = this.#next++;
          this.activity.inFlight.set(id, request);
          this.#schedule();
          try {
            return await method.apply(target, args);
          } finally {
            this.activity.inFlight.delete(id);
            this.#settle();
          }
        };
      },
    });
  }

  /** The SDK's onRetry: the spinner names the retry until the next attempt starts. */
  onRetry(event: RetryEvent, baseUrl: string | undefined): void {
    this.activity.retry = { host: hostOf(baseUrl), event, until: Date.now() + event.delayMs };
    this.activity.lastRetry = event;
    this.#schedule();
  }

  /** Removes the spinner for good (the command is over). */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#shown) this.output.live(undefined);
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
    // The frame and its space take 2 cells; output.live keeps the last column free.
    const width = Math.max(10, (process.stderr.columns || 80) - 1) - 2;
    const text = describeActivity(this.activity, Date.now(), this.timeoutMs, width);
    if (text === undefined) {
      if (this.#shown) this.output.live(undefined);
      this.#shown = false;
      return;
    }
    this.#frame = (this.#frame + 1) % FRAMES.length;
    if (!this.#hinted && text.includes('answer') && !text.endsWith(SILENCE_HINT)) {
      this.#hinted = true;
      this.output.info(`The server has not answered yet: ${SILENCE_HINT} (retries included).`);
    }
    this.output.live(`${FRAMES[this.#frame]} ${text}`);
    this.#shown = true;
  }
}
