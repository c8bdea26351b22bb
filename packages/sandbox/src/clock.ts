/**
 * The sandbox's clock: the host's time (or the `clock` option's), moved by `advance()` and
 * `set()`. Every timestamp the sandbox writes, the 7-day restore window, translation, import and
 * OpenAPI runs and the rate limit's windows read it, so a test can jump over a week in a call.
 */

const UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** A duration: milliseconds, or text such as `7d`, `1h30m`, `90s`, `500ms` (units ms, s, m, h, d, w). */
export type Duration = number | string;

/** Parses a `Duration` to milliseconds; throws a `RangeError` quoting the value and the forms allowed. */
export function parseDuration(duration: Duration): number {
  if (typeof duration === 'number') {
    if (!Number.isSafeInteger(duration))
      throw new RangeError(`duration must be a whole number of milliseconds (got ${duration})`);
    return duration;
  }
  const text = String(duration).trim();
  const sign = text.startsWith('-') ? -1 : 1;
  const body = text.replace(/^[-+]/, '');
  const parts = [...body.matchAll(/(\d{1,12})\s*(ms|s|m|h|d|w)/gi)];
  const consumed = parts.map((part) => part[0]).join('');
  if (!parts.length || consumed.replace(/\s/g, '') !== body.replace(/\s/g, '')) {
    throw new RangeError(
      `duration "${text.slice(0, 40)}" must be a number of milliseconds or text such as 7d, 1h30m, 90s or 500ms (units ms, s, m, h, d, w; a leading - goes back)`,
    );
  }
  return (
    sign * parts.reduce((total, part) => total + Number(part[1]) * (UNITS[part[2]!.toLowerCase()] ?? 0), 0)
  );
}

/** Parses a date given as a `Date`, epoch milliseconds or an ISO 8601 text; throws a `RangeError`. */
export function parseInstant(date: Date | number | string): number {
  const time = date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
  if (!Number.isFinite(time))
    throw new RangeError(
      `date "${String(date).slice(0, 40)}" must be an ISO 8601 date such as 2026-01-05T09:00:00Z`,
    );
  return time;
}

export class SandboxClock {
  readonly #base: () => Date;
  #offset = 0;

  /** `base`: where time comes from before any move (default: the host's clock). */
  constructor(base: () => Date = () => new Date()) {
    this.#base = base;
  }

  /** The sandbox's current time. */
  now(): Date {
    return new Date(this.#base().getTime() + this.#offset);
  }

  /** Moves time forward (or back, with a negative duration) by `duration`; returns the new time. */
  advance(duration: Duration): Date {
    this.#offset += parseDuration(duration);
    return this.now();
  }

  /** Sets the current time to `date`; time goes on from there. Returns the new time. */
  set(date: Date | number | string): Date {
    this.#offset = parseInstant(date) - this.#base().getTime();
    return this.now();
  }

  /** How far the clock has been moved from its base, in milliseconds. */
  get offset(): number {
    return this.#offset;
  }

  set offset(milliseconds: number) {
    this.#offset = parseDuration(milliseconds);
  }

  /** Undoes every `advance()` and `set()`. */
  reset(): void {
    this.#offset = 0;
  }
}
