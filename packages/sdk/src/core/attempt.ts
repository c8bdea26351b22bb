import type { HttpMethod } from '../contract/operation-shape.js';
import { MAX_TIMER, type Call } from './call.js';
import type { Logger } from './logger.js';
import { safeUrl } from './redact.js';
import { readRateLimit, serverWait } from './retry.js';
import type { Slot, Throttle } from './throttle.js';

/*
 * One attempt of a call, as ky's `fetch`: what ky does not do. It takes a slot from the
 * client's throttle, bounds the attempt (its own `timeout`, and what is left of the call's
 * `totalTimeout`), follows same-origin redirects of a GET or HEAD, and reads the whole body
 * inside that bound, so a body that stalls half-way fails the attempt (and ky may retry it). ky
 * gets a Response with its status and headers; the body read is kept by the call
 * (`call.keepBody`), or carried by that Response when the client's own hooks read it.
 */

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
export const MAX_REDIRECTS = 5;

/** The transport's fetch or body read failed (not the caller's abort, not a deadline). */
export class NetworkFailure extends Error {
  override name = 'NetworkFailure';
  constructor(
    readonly error: unknown,
    readonly phase: 'headers' | 'body',
  ) {
    super('network failure');
  }
}

/** An attempt ran out of time: its own `timeout`, or the call's `totalTimeout` (`total`). */
export class AttemptTimeout extends Error {
  override name = 'AttemptTimeout';
  constructor(
    readonly ms: number,
    readonly phase: 'headers' | 'body',
    readonly total: boolean,
  ) {
    super('attempt timed out');
  }
}

export interface Transport {
  fetch: typeof fetch;
  throttle: Throttle;
  /** The API's origin: redirects are followed within it only. */
  origin: string;
  logger: Logger | undefined;
  /** The client's own afterResponse hooks read the answers ky gets: those carry their body. */
  hooksReadBodies: boolean;
}

/** Runs one attempt of `call` for ky's `request`. */
export async function attempt(transport: Transport, call: Call, request: Request): Promise<Response> {
  const { signal } = request;
  const slot = await takeSlot(transport.throttle, call, signal);
  call.startedAt ??= Date.now();
  call.attempts++;
  const { timeout } = call.bounds;
  const left = call.remaining();
  const total = left <= timeout;
  const budget = Math.max(0, Math.min(timeout, left));
  // One signal for this attempt: the caller's (through ky's request) or its deadline.
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal.reason);
  // Aborted while it waited for ky or a slot (a list's read ahead let go): nothing is sent.
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', onAbort, { once: true });
  let expired: AttemptTimeout | undefined;
  const timer =
    budget < MAX_TIMER
      ? setTimeout(() => {
          expired = new AttemptTimeout(total ? call.bounds.totalTimeout : timeout, call.phase, total);
          controller.abort(expired);
        }, budget)
      : undefined;
  call.phase = 'headers';
  if (transport.logger?.debug) transport.logger.debug(`→ ${call.spec.method} ${call.shownUrl}`);
  let streaming = false;
  try {
    const response = await send(transport, call, request, controller.signal);
    if (call.spec.stream && response.ok) {
      // A stream's body is read by the caller, for as long as it runs: only the caller's abort ends it.
      streaming = true;
      transport.throttle.observe(slot.seq, response.status, readRateLimit(response.headers), undefined);
      return response;
    }
    call.phase = 'body';
    const body = await raced(readBody(response), controller.signal);
    const rateLimit = readRateLimit(response.headers);
    const waitMs = response.ok
      ? undefined
      : serverWait(response.status, response.headers, rateLimit, Date.now());
    transport.throttle.observe(slot.seq, response.status, rateLimit, waitMs);
    if (transport.hooksReadBodies) return withBody(response, body);
    const bodiless = withoutBody(response);
    call.keepBody(bodiless, body);
    return bodiless;
  } catch (error) {
    if (expired) throw expired;
    if (signal.aborted) throw error;
    throw new NetworkFailure(error, call.phase);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (!streaming) signal.removeEventListener('abort', onAbort);
    slot.release();
  }
}

/**
 * A slot from the throttle. The first attempt may queue as long as it takes (its deadline starts
 * once it is sent); a retry waits no longer than what is left of the call's deadline.
 */
async function takeSlot(throttle: Throttle, call: Call, signal: AbortSignal): Promise<Slot> {
  const ready = throttle.acquire(signal, () => call.target);
  if (!(ready instanceof Promise)) return ready;
  const left = call.remaining();
  if (left >= MAX_TIMER) return ready;
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new AttemptTimeout(call.bounds.totalTimeout, 'headers', true)),
    Math.max(0, left),
  );
  try {
    return await raced(ready, controller.signal);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    // A slot given after the deadline won the race is handed back.
    if (controller.signal.aborted)
      void ready.then(
        (slot) => slot.release(),
        () => undefined,
      );
  }
}

/** The fetch of one attempt, with the same-origin redirects of a GET or HEAD followed. */
async function send(
  transport: Transport,
  call: Call,
  request: Request,
  signal: AbortSignal,
): Promise<Response> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  const method = request.method as HttpMethod;
  let target = request.url;
  for (let hops = 0; ; hops++) {
    signal.throwIfAborted();
    const init: RequestInit = { method, headers, redirect: 'manual', signal };
    if (call.body !== undefined) init.body = call.body;
    const response = await raced(transport.fetch(target, init), signal);
    const next = hops < MAX_REDIRECTS ? followable(response, target, method, transport.origin) : undefined;
    if (next === undefined) {
      call.answeredUrl = target;
      return response;
    }
    transport.logger?.debug?.(`↪ ${response.status} ${method} followed to ${safeUrl(next, call.secrets)}`);
    await response.body?.cancel().catch(() => undefined);
    target = next;
  }
}

/** The URL to follow for a redirect: same origin, GET or HEAD only; undefined otherwise. */
function followable(response: Response, from: string, method: string, origin: string): string | undefined {
  if (!REDIRECT_STATUSES.has(response.status) || (method !== 'GET' && method !== 'HEAD')) return undefined;
  const location = response.headers.get('location');
  if (!location) return undefined;
  try {
    const target = new URL(location, from);
    return target.origin === origin && !target.username && !target.password ? target.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The whole body: bytes where the answer has `arrayBuffer()` (fetch's does), so the call decodes
 * them once from the Response ky hands back; else its `text()`. A given `fetch` answers with the
 * members the SDK reads of a Response (status, ok, headers, `text()`, `body.cancel()`), and the
 * CLI's node:http transport has no others (docs/decisions/0034-cli-node-http-transport.md).
 */
function readBody(response: Response): Promise<ArrayBuffer | string> {
  return typeof response.arrayBuffer === 'function' ? response.arrayBuffer() : response.text();
}

/** The answer with its body read, as ky and the client's own hooks get it. */
function withBody(response: Response, body: ArrayBuffer | string): Response {
  return rebuilt(
    response,
    response.status === 204 || response.status === 205 || response.status === 304 ? null : body,
  );
}

/** What a `Response` reads its body with: each rejects on the answer `withoutBody()` builds. */
const BODY_READERS = ['arrayBuffer', 'blob', 'bytes', 'formData', 'json', 'text'] as const;

/**
 * The answer as ky gets it, its body kept by the call: status and headers, no body. To a caller of
 * `withResponse()` it is a body already read, as it was when the SDK read it from the Response
 * itself: `bodyUsed` is true and reading it rejects (the answer is `data`).
 */
function withoutBody(response: Response): Response {
  const answer = rebuilt(response, null);
  if (answer === response) return answer;
  Object.defineProperty(answer, 'bodyUsed', { value: true });
  const unusable = () =>
    Promise.reject(new TypeError('Body is unusable: the SDK has read it (its answer is `data`)'));
  for (const reader of BODY_READERS) Object.defineProperty(answer, reader, { value: unusable });
  return answer;
}

/** A new Response with the answer's status, headers and URL, and `body`. */
function rebuilt(response: Response, body: ArrayBuffer | string | null): Response {
  const { status } = response;
  // An opaque redirect (a browser's) has status 0, which a new Response cannot carry.
  if (status < 200 || status > 599) return response;
  const answer = new Response(body, {
    status,
    statusText: response.statusText ?? '',
    headers: headersOf(response),
  });
  // A new Response has no URL: the one answered keeps it (`withResponse().response.url`).
  if (response.url) Object.defineProperty(answer, 'url', { value: response.url });
  return answer;
}

/**
 * The answer's headers as a `Headers`: fetch's as they are; others (the CLI's transport reads
 * them through `get` and `forEach` only) copied, since `new Response` would take an object
 * without an iterator for a record of its own fields, and find none.
 */
function headersOf(response: Response): Headers {
  const given: Pick<Headers, 'forEach'> = response.headers;
  if (given instanceof Headers) return given;
  const headers = new Headers();
  given.forEach((value, name) => headers.append(name, value));
  return headers;
}

/**
 * Settles with `promise`, or rejects with the signal's reason as soon as it aborts: a `fetch`
 * that ignores its signal (the sandbox's in-process one) still ends on time.
 */
function raced<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the fetch rejected with, as it was
        reject(error);
      },
    );
  });
}
