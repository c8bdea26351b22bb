import type { HttpMethod } from '../contract/operation-shape.js';
import { shownTarget } from './errors.js';
import { redactText, safeUrl, secretsOf } from './redact.js';
import type { ResponseSchema } from './answer.js';

/*
 * One call's state, shared by the steps of its attempts through closures (never through ky's
 * options): what it sends, its bounds, where its attempts are, and how it is shown in messages.
 */

/** What one call sends: an operation's request once its inputs are checked, or `client.request()`'s. */
export interface SendSpec {
  /** The operation id (`sites.get`), or `METHOD /path` for `client.request()`. */
  label: string;
  method: HttpMethod;
  /** The path, its parameters encoded. */
  path: string;
  search?: URLSearchParams | undefined;
  body?: unknown;
  response?: ResponseSchema<unknown> | undefined;
  idempotent: boolean;
  /** Parse JSON even without a schema (`client.request()`). */
  rawJson: boolean;
  /** Server-sent events: a successful answer's body is not read; the caller streams it. */
  stream?: boolean;
}

export interface CallBounds {
  /** Milliseconds for each attempt: connecting, the headers and the whole body. */
  timeout: number;
  /** Milliseconds for the whole call from its first attempt: every attempt, retry and wait. */
  totalTimeout: number;
  maxRetries: number;
  signal?: AbortSignal | undefined;
}

/** setTimeout fires at once past this: a longer bound means none. */
export const MAX_TIMER = 2_147_483_647;

export class Call {
  readonly spec: SendSpec;
  /** The URL of the first attempt, query included. */
  readonly url: string;
  readonly bounds: CallBounds;
  /** The JSON body, as sent by every attempt. */
  readonly body: string | undefined;
  /** When the first attempt was sent (its slot given): the total deadline counts from then. */
  startedAt: number | undefined;
  attempts = 0;
  /** Where the current attempt is: waiting for the headers, or reading the body. */
  phase: 'headers' | 'body' = 'headers';
  /** The URL that answered, after any redirect followed. */
  answeredUrl: string;
  /** The wait before the next retry, decided by the retry policy and read by ky's `retry.delay`. */
  delayMs = 0;
  /**
   * The latest attempt's answer as ky got it, without its body, and that body, read by `attempt()`
   * inside its bound. A `Response` built around a body holds a web stream that young-generation
   * GCs keep: a run of 2,000 calls kept every answer until a full GC. So, unless the client's own
   * afterResponse hooks read the body, the call keeps it here, and ky gets a bodiless Response.
   */
  #bodiless: { response: Response; body: ArrayBuffer | string } | undefined;
  readonly #token: string;
  #secrets: string[] | undefined;
  #shownUrl: string | undefined;

  constructor(spec: SendSpec, baseUrl: string, token: string, bounds: CallBounds) {
    this.spec = spec;
    const search = spec.search?.toString();
    this.url = `${baseUrl}${spec.path}${search ? `?${search}` : ''}`;
    this.answeredUrl = this.url;
    this.bounds = bounds;
    this.#token = token;
    this.body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  }

  /** The token and the values of secret-named query parameters: never shown. */
  get secrets(): string[] {
    return (this.#secrets ??= secretsOf(this.#token, this.spec.search));
  }

  /** The URL for log lines: no credentials, secret query values replaced. */
  get shownUrl(): string {
    return (this.#shownUrl ??= safeUrl(this.url, this.secrets));
  }

  /** `GET https://host/v1/path`: how every error of the SDK names the request. */
  get target(): string {
    return `${this.spec.method} ${shownTarget(this.shownUrl)}`;
  }

  /** Milliseconds left before the total deadline (`Infinity` before the first attempt, or with none). */
  remaining(now = Date.now()): number {
    const { totalTimeout } = this.bounds;
    if (this.startedAt === undefined || totalTimeout > MAX_TIMER) return Infinity;
    return this.startedAt + totalTimeout - now;
  }

  /** Keeps the body of an answer given to ky as `response`, which has none. */
  keepBody(response: Response, body: ArrayBuffer | string): void {
    this.#bodiless = { response, body };
  }

  /** Whether the body of `response` is kept here. */
  keeps(response: Response): boolean {
    return this.#bodiless?.response === response;
  }

  /**
   * The body of `response` as text (a byte-order mark dropped, as `Response.text()` does): the one
   * kept for it, once, or its own.
   */
  async textOf(response: Response): Promise<string> {
    const kept = this.#bodiless;
    if (kept?.response !== response) return response.text();
    this.#bodiless = undefined;
    return typeof kept.body === 'string' ? kept.body : new TextDecoder().decode(kept.body);
  }

  /** Redacts every secret of this call from `text`. */
  redact(text: string): string {
    return redactText(text, this.secrets);
  }
}

/**
 * A call as the closures given to ky reach it, let go when the call ends. What ky's options for a
 * call reach outlives the call until the next full GC: ky's Request keeps them past every
 * young-generation GC (measured: over 2,000 calls, what each call's options reached was promoted
 * to the old generation, and kept until a full GC). Reached through this, a call's state is not.
 */
export class HeldCall {
  #call: Call | undefined;

  constructor(call: Call) {
    this.#call = call;
  }

  get call(): Call {
    if (this.#call === undefined) throw new Error('ky called back after the call ended');
    return this.#call;
  }

  release(): void {
    this.#call = undefined;
  }
}

/** A duration for messages, in seconds: `60 s`, `0.5 s`, `1.25 s`. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(ms < 1000 ? 3 : 1))} s`;
}
