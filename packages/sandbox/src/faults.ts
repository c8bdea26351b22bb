import { distance } from 'fastest-levenshtein';
import {
  operationNames,
  servedIds,
  servedOperationId,
  type OperationId,
  type OperationRef,
} from './operation-counts.js';

/**
 * The kinds of failure a fault plays, as typed constants: `status` (an error answer, with
 * `retryAfter` for a 429 or 503), `latency` (a delay first) and `drop` (no answer at all).
 */
export const FAULT_KINDS = ['status', 'latency', 'drop'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** A failure the sandbox plays instead of (or before) answering. */
export interface Fault {
  /**
   * Only requests to this operation: its id (`listSites`, one of `OPERATION_IDS`) or another of
   * its names (`sites.list`); any operation when absent. Another name is a compile error, and at
   * run time a `FaultError` listing the close matches.
   */
  operation?: OperationRef | undefined;
  /** Answer with this status (400..599, e.g. 500, 502, 503, 429) and an error body. */
  status?: number | undefined;
  /** With `status`: the `Retry-After` header, in whole seconds or as an HTTP date. */
  retryAfter?: number | string | undefined;
  /** Wait this many milliseconds first (an integer from 0 to 60 000). */
  latency?: number | undefined;
  /** Drop the connection without answering. */
  drop?: boolean | undefined;
  /** How many matching requests it applies to. Default 1; 0 in a configured fault plays it never. */
  times?: number | undefined;
}

/**
 * Name of the request header that asks for a fault, e.g. `status=503; retry-after=1; times=2`.
 * Parts are separated by `;` only, since an HTTP-date `retry-after` contains a comma.
 */
export const FAULT_HEADER = 'x-sandbox-fault';

/** The longest latency a fault may ask for: a minute, so that no test can hang a sandbox for long. */
export const MAX_FAULT_LATENCY = 60_000;

/** A fault that cannot be played; `field` is the header part (`latency`) or option (`retryAfter`) at fault. */
export class FaultError extends Error {
  override name = 'FaultError';
  readonly field: string;
  /** What is wrong with the field, without the prefix naming the header or option. */
  readonly detail: string;
  constructor(field: string, detail: string, prefix: string) {
    super(`${prefix}: ${field} ${detail}`);
    this.field = field;
    this.detail = detail;
  }
}

const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** An integer written in decimal digits only: no `1e3`, `0x10`, `1.0`, spaces or signs. */
function integerText(raw: string): number | undefined {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

const RULES = {
  status: 'must be an HTTP error status, an integer from 400 to 599',
  latency: `must be an integer number of milliseconds from 0 to ${MAX_FAULT_LATENCY}`,
  times: 'must be an integer of at least 1',
  retryAfter: 'must be whole seconds (0 or more) or an HTTP date such as "Wed, 21 Oct 2026 07:28:00 GMT"',
  drop: 'takes no value: write `drop`',
} as const;

const inRange = (value: number | undefined, min: number, max: number): value is number =>
  value !== undefined && Number.isInteger(value) && value >= min && value <= max;

function isRetryAfter(value: unknown): boolean {
  if (typeof value === 'number') return inRange(value, 0, Number.MAX_SAFE_INTEGER);
  return typeof value === 'string' && HTTP_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

/** Checks what the fields say together: a `Retry-After` needs a status, a dropped connection has none. */
function checkCombination(fault: Fault, names: { retryAfter: string; status: string }, fail: Fail): void {
  if (fault.retryAfter !== undefined && fault.status === undefined)
    fail(names.retryAfter, `is sent with an error answer only: add ${names.status}`);
  if (fault.drop && fault.status !== undefined)
    fail(names.status, 'cannot be combined with drop: a dropped connection has no answer');
}

type Fail = (field: string, rule: string) => never;

/**
 * Parses the fault header, checking every part. Throws a `FaultError` naming the part on a bad
 * value, an unknown or repeated part, or parts that contradict each other.
 */
export function parseFaultHeader(value: string): Fault {
  const fail: Fail = (field, rule) => {
    throw new FaultError(field, rule, FAULT_HEADER);
  };
  const fault: Fault = {};
  const seen = new Set<string>();
  const parts = value
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) fail('value', 'is empty: give status=, retry-after=, latency=, times= or drop');
  for (const part of parts) {
    const separator = part.indexOf('=');
    const key = (separator === -1 ? part : part.slice(0, separator)).trim().toLowerCase();
    const raw = separator === -1 ? undefined : part.slice(separator + 1).trim();
    const shown = raw === undefined ? '' : ` (got "${raw.slice(0, 40)}")`;
    if (seen.has(key)) fail(key, 'is given twice');
    seen.add(key);
    switch (key) {
      case 'status': {
        const number = integerText(raw ?? '');
        if (!inRange(number, 400, 599)) fail(key, `${RULES.status}${shown}`);
        fault.status = number;
        break;
      }
      case 'latency': {
        const number = integerText(raw ?? '');
        if (!inRange(number, 0, MAX_FAULT_LATENCY)) fail(key, `${RULES.latency}${shown}`);
        fault.latency = number;
        break;
      }
      case 'times': {
        const number = integerText(raw ?? '');
        if (!inRange(number, 1, Number.MAX_SAFE_INTEGER)) fail(key, `${RULES.times}${shown}`);
        fault.times = number;
        break;
      }
      case 'retry-after': {
        const retryAfter = integerText(raw ?? '') ?? raw;
        if (!isRetryAfter(retryAfter)) fail(key, `${RULES.retryAfter}${shown}`);
        fault.retryAfter = retryAfter;
        break;
      }
      case 'drop':
        if (raw !== undefined) fail(key, `${RULES.drop}${shown}`);
        fault.drop = true;
        break;
      default:
        fail(
          key.slice(0, 40),
          'is not a fault part: use status=4xx|5xx, retry-after=s|date, latency=ms, times=n, drop',
        );
    }
  }
  checkCombination(fault, { retryAfter: 'retry-after', status: 'status' }, fail);
  return fault;
}

/**
 * Checks a fault given to `createSandbox({ faults })` or `addFault()`, so that a typo in a test
 * fails where it is written rather than as a fault that never plays. Throws a `FaultError`.
 */
export function checkFault(fault: Fault): void {
  const fail: Fail = (field, rule) => {
    throw new FaultError(field, rule, 'Sandbox fault');
  };
  const { status, latency, times, retryAfter, drop, operation } = fault;
  if (operation !== undefined && (typeof operation !== 'string' || !operation))
    fail('operation', 'must be an operation id such as listSites (or sites.list)');
  if (operation !== undefined && !servedOperationId(operation))
    fail('operation', unknownOperation(operation));
  if (status !== undefined && !inRange(status, 400, 599)) fail('status', RULES.status);
  if (latency !== undefined && !inRange(latency, 0, MAX_FAULT_LATENCY)) fail('latency', RULES.latency);
  if (times !== undefined && !inRange(times, 0, Number.MAX_SAFE_INTEGER))
    fail('times', 'must be an integer of 0 (never) or more');
  if (retryAfter !== undefined && !isRetryAfter(retryAfter)) fail('retryAfter', RULES.retryAfter);
  if (drop !== undefined && typeof drop !== 'boolean') fail('drop', 'must be true or false');
  checkCombination(fault, { retryAfter: 'retryAfter', status: 'status' }, fail);
}

/** Every name an operation of the sandbox answers to: ids, SDK names and earlier ids (on first use). */
let knownNames: readonly string[] | undefined;
const KNOWN_NAMES = (): readonly string[] =>
  (knownNames ??= [...new Set([...servedIds()].flatMap((id) => [id, ...operationNames(id as OperationId)]))]);

/** Says that `operation` is not an operation id, and which ids or names it is close to. */
function unknownOperation(operation: string): string {
  const shown = operation.slice(0, 60);
  const lower = shown.toLowerCase();
  const scored = KNOWN_NAMES()
    .map((id) => ({ id, score: distance(lower, id.toLowerCase()) }))
    .filter(
      ({ id, score }) => score <= Math.max(2, Math.floor(id.length / 4)) || id.toLowerCase().includes(lower),
    )
    .sort((a, b) => a.score - b.score)
    .slice(0, 5);
  const hint = scored.length
    ? `did you mean ${scored.map(({ id }) => id).join(', ')}?`
    : 'see OPERATION_IDS for the list';
  return `"${shown}" is not an operation id of the sandbox: ${hint}`;
}

/** Keeps the faults still to be played and counts them down. */
export class FaultPlan {
  readonly #queued: Array<Fault & { remaining: number }> = [];
  readonly #headerUses = new Map<string, number>();

  /** Queues a fault after checking it; throws a `FaultError` naming a bad field. */
  add(fault: Fault): void {
    checkFault(fault);
    if ((fault.times ?? 1) <= 0) return;
    this.#queued.push({ ...fault, remaining: fault.times ?? 1 });
  }

  /** The faults still to be played, in order, with how many times each is left. */
  list(): Array<Fault & { remaining: number }> {
    return this.#queued.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.#queued.length = 0;
    this.#headerUses.clear();
  }

  /**
   * The fault to play for this request to `operationId` (the operation's public id), if any;
   * header faults count per distinct header value.
   */
  take(operationId: string, header: string | undefined): Fault | undefined {
    if (header) {
      const fault = parseFaultHeader(header);
      const used = (this.#headerUses.get(header) ?? 0) + 1;
      this.#headerUses.set(header, used);
      return used <= (fault.times ?? 1) ? fault : undefined;
    }
    const index = this.#queued.findIndex(
      (f) => f.operation === undefined || servedOperationId(f.operation) === operationId,
    );
    const fault = this.#queued[index];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#queued.splice(index, 1);
    return fault;
  }
}
