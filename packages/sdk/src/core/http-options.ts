import type { HttpMethod } from '../contract/operation-shape.js';
import type { Hooks } from 'ky';
import type { ResponseSchema, ResponseValidation } from './answer.js';
import type { Logger } from './logger.js';
import { checkOptions, requestOptionsSchema } from './options.js';
import type { RetryEvent } from './retry.js';
import type { RateLimitEvent } from './throttle.js';

/* The options of the HTTP layer (http.ts): the client's, a call's, and a raw request's. */

/** Per-call options, accepted as the last argument of every resource method. */
export interface RequestOptions {
  /** Cancels the request (and any retry wait) with an `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Milliseconds for each attempt, headers and body; overrides the client's `timeout`. */
  timeout?: number | undefined;
  /** Milliseconds for the whole call, retries and waits included; overrides the client's `totalTimeout`. */
  totalTimeout?: number | undefined;
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number | undefined;
  /** Extra headers for this call. */
  headers?: Record<string, string> | undefined;
  /**
   * Fields to send in the body beside the ones the SDK checks: the one way to send a field this
   * version's types do not name (the service added it). Sent as given, after the body's check.
   */
  extraBody?: Record<string, unknown> | undefined;
}

export interface HttpConfig {
  token: string;
  baseUrl: string;
  fetch?: typeof fetch | undefined;
  timeout: number;
  /** Milliseconds for a whole call from its first attempt; default `Infinity` here (the client gives 60 000). */
  totalTimeout?: number | undefined;
  maxRetries: number;
  maxRetryDelay: number;
  logger?: Logger | undefined;
  userAgent: string;
  responseValidation: ResponseValidation;
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /** Attempts in flight at once, across every call of the client. */
  maxConcurrency: number;
  onRateLimit?: ((event: RateLimitEvent) => void) | undefined;
  /** The user's own ky hooks, run beside the SDK's. */
  hooks?: Hooks | undefined;
}

/** A request outside the contract's operations (`client.request()`). */
export interface RawRequest<T> {
  method: HttpMethod;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Checks the answer (under the client's response policy), e.g. a zod schema. */
  schema?: ResponseSchema<T>;
  /**
   * Whether the call may be replayed after the server may have received it. Defaults to true
   * for GET, HEAD, PUT and DELETE, false for POST and PATCH.
   */
  idempotent?: boolean;
}

/** Checks the per-call options: each bad value is an `InvalidOptionError` naming it and what is allowed. */
export function checkRequestOptions(options: RequestOptions | undefined): void {
  if (options !== undefined)
    checkOptions(requestOptionsSchema, options, 'request option', '{ timeout: 5000 }');
}
