import { FAULT_HEADER } from './faults.js';

/*
 * Who may call the sandbox from a browser: the options, their parsing and the headers involved.
 * The Hono middleware that answers is cors-middleware.ts, so that these declarations (public)
 * name no Hono type.
 */

/** Which web pages may call the sandbox from a browser (CORS). */
export interface CorsOptions {
  /**
   * The page origins allowed, exactly as a browser sends them (`http://localhost:5173`: scheme,
   * host and port, no path), or `'*'` for any page. An empty list allows none.
   */
  origins: readonly string[] | '*';
}

/** The request headers a page may send: the SDK's, and the sandbox's fault header. */
export const CORS_ALLOW_HEADERS: readonly string[] = [
  'authorization',
  'content-type',
  // Browsers that let a page set it (Firefox does) send the SDK's User-Agent, and ask for it.
  'user-agent',
  FAULT_HEADER,
];

/** The response headers a page may read: those the SDK reads (request id, retry waits, rate limits). */
export const CORS_EXPOSE_HEADERS: readonly string[] = [
  'x-request-id',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

/** How long a browser may cache a preflight's answer, in seconds. */
export const CORS_MAX_AGE = 600;

/** Who may call: any page, pages served from the machine itself (the default), or a list. */
export type CorsPolicy =
  { kind: 'any' } | { kind: 'loopback' } | { kind: 'list'; origins: ReadonlySet<string> };

/**
 * Normalises one origin as a browser serialises it (lowercase host, default port left out), or
 * `*`. Throws a `RangeError` quoting the value when it is not an http(s) origin.
 */
export function parseCorsOrigin(text: string): string {
  const value = text.trim();
  if (value === '*') return '*';
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const bare =
    url !== undefined &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.username &&
    !url.password &&
    // `http://host/` is accepted as `http://host`, but no path, query or fragment.
    /^[a-z]+:\/\/[^/?#]+\/?$/i.test(value);
  if (!url || !bare) {
    throw new RangeError(
      `"${value.slice(0, 80)}" is not an origin: give scheme, host and port only, e.g. http://localhost:5173, or * for any page`,
    );
  }
  return url.origin;
}

/** `--cors` given any number of times: the origins, or `'*'` if one of them is `*`. */
export function parseCorsOrigins(values: readonly string[]): CorsOptions {
  const origins = values.map(parseCorsOrigin);
  return origins.includes('*') ? { origins: '*' } : { origins: [...new Set(origins)] };
}

/** The policy of `options`; throws a `TypeError` or `RangeError` for a bad one. */
export function corsPolicy(options: CorsOptions | undefined): CorsPolicy {
  if (options === undefined) return { kind: 'loopback' };
  if (options.origins === '*') return { kind: 'any' };
  if (!Array.isArray(options.origins)) throw new TypeError("cors.origins must be an array of origins or '*'");
  const origins = options.origins.map((origin) => {
    if (typeof origin !== 'string') throw new TypeError('cors.origins must hold strings');
    return parseCorsOrigin(origin);
  });
  return origins.includes('*') ? { kind: 'any' } : { kind: 'list', origins: new Set(origins) };
}

/** Whether an `Origin` header names a page served from this machine: localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** Whether a page of `origin` may call. */
export function corsAllows(policy: CorsPolicy, origin: string): boolean {
  switch (policy.kind) {
    case 'any':
      return true;
    case 'loopback':
      return isLoopbackOrigin(origin);
    case 'list':
      return policy.origins.has(origin);
  }
}

/** One line saying who may call, for the sandbox's start-up message. */
export function describeCors(options: CorsOptions | undefined): string {
  const policy = corsPolicy(options);
  switch (policy.kind) {
    case 'any':
      return 'CORS: pages of any origin may call it';
    case 'loopback':
      return 'CORS: pages on loopback origins (localhost, 127.0.0.1, [::1], any port) may call it; --cors <origin> for others';
    case 'list':
      return policy.origins.size === 0
        ? 'CORS: no page may call it'
        : `CORS: pages of ${[...policy.origins].join(', ')} may call it`;
  }
}
