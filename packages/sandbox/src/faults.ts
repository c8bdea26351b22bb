/** A failure the sandbox plays instead of (or before) answering. */
export interface Fault {
  /** Only requests to this operation id (e.g. `sites.list`); any operation when absent. */
  operation?: string | undefined;
  /** Answer with this status (e.g. 500, 502, 503, 429) and an error body. */
  status?: number | undefined;
  /** With `status`: the `Retry-After` header, in seconds or as an HTTP date. */
  retryAfter?: number | string | undefined;
  /** Wait this many milliseconds first. */
  latency?: number | undefined;
  /** Drop the connection without answering. */
  drop?: boolean | undefined;
  /** How many matching requests it applies to. Default 1. */
  times?: number | undefined;
}

/**
 * Name of the request header that asks for a fault, e.g. `status=503; retry-after=1; times=2`.
 * Parts are separated by `;` only, since an HTTP-date `retry-after` contains a comma.
 */
export const FAULT_HEADER = 'x-sandbox-fault';

/** Parses the fault header; throws with a readable message on a bad value. */
export function parseFaultHeader(value: string): Fault {
  const fault: Fault = {};
  for (const part of value
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const separator = part.indexOf('=');
    const rawKey = separator === -1 ? part : part.slice(0, separator).trim();
    const rawValue = separator === -1 ? '' : part.slice(separator + 1).trim();
    const key = rawKey?.toLowerCase();
    const number = Number(rawValue);
    if (key === 'drop') fault.drop = true;
    else if (key === 'status' && Number.isInteger(number) && number >= 400 && number <= 599)
      fault.status = number;
    else if (key === 'retry-after' && rawValue) fault.retryAfter = Number.isNaN(number) ? rawValue : number;
    else if (key === 'latency' && number >= 0) fault.latency = number;
    else if (key === 'times' && Number.isInteger(number) && number > 0) fault.times = number;
    else
      throw new Error(
        `${FAULT_HEADER}: "${part}" is not one of status=4xx|5xx, retry-after=, latency=ms, times=n, drop`,
      );
  }
  return fault;
}

/** Keeps the faults still to be played and counts them down. */
export class FaultPlan {
  readonly #queued: Array<Fault & { remaining: number }> = [];
  readonly #headerUses = new Map<string, number>();

  add(fault: Fault): void {
    if ((fault.times ?? 1) <= 0) return;
    this.#queued.push({ ...fault, remaining: fault.times ?? 1 });
  }

  clear(): void {
    this.#queued.length = 0;
    this.#headerUses.clear();
  }

  /** The fault to play for this request, if any; header faults count per distinct header value. */
  take(operationId: string, header: string | undefined): Fault | undefined {
    if (header) {
      const fault = parseFaultHeader(header);
      const used = (this.#headerUses.get(header) ?? 0) + 1;
      this.#headerUses.set(header, used);
      return used <= (fault.times ?? 1) ? fault : undefined;
    }
    const index = this.#queued.findIndex((f) => f.operation === undefined || f.operation === operationId);
    const fault = this.#queued[index];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#queued.splice(index, 1);
    return fault;
  }
}
