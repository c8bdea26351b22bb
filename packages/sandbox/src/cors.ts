import type { MiddlewareHandler } from 'hono';
import { SandboxError } from './errors.js';
import { FAULT_HEADER } from './faults.js';

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
type Policy = { kind: 'any' } | { kind: 'loopback' } | { kind: 'list'; origins: ReadonlySet<string> };

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

function policyOf(options: CorsOptions | undefined): Policy {
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

function allows(policy: Policy, origin: string): boolean {
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
  const policy = policyOf(options);
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

/**
 * Answers CORS: a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) is
 * answered here, before the rate limit, the token check and the routes, so it never counts and
 * never needs the token: 204 with the allowed methods and headers for an allowed origin, a 403 in
 * the error shape with no CORS header for another. Every other answer to an allowed origin,
 * errors included, carries `Access-Control-Allow-Origin` and the exposed headers, so the SDK can
 * read the status, the request id and the retry waits. Throws at once for a bad origin option.
 */
export function cors(options: CorsOptions | undefined, methods: readonly string[]): MiddlewareHandler {
  const policy = policyOf(options);
  const allowMethods = methods.join(', ');
  const allowHeaders = CORS_ALLOW_HEADERS.join(', ');
  const exposeHeaders = CORS_EXPOSE_HEADERS.join(', ');
  return async (c, next) => {
    const origin = c.req.header('origin');
    // The answer depends on the Origin unless every origin gets the same one.
    if (policy.kind !== 'any') c.header('vary', 'Origin', { append: true });
    const allowed = origin !== undefined && allows(policy, origin);
    const allowOrigin = policy.kind === 'any' ? '*' : (origin ?? '');
    const preflight =
      c.req.method === 'OPTIONS' &&
      origin !== undefined &&
      c.req.header('access-control-request-method') !== undefined;

    if (preflight) {
      if (!allowed) {
        const message = `The origin ${origin.slice(0, 200)} may not call this sandbox from a browser: start it with --cors ${origin.slice(0, 200)} (createSandbox({ cors: { origins: [...] } }))`;
        return c.json(new SandboxError(403, message).toBody(), 403);
      }
      c.header('access-control-allow-origin', allowOrigin);
      c.header('access-control-allow-methods', allowMethods);
      c.header('access-control-allow-headers', allowHeaders);
      c.header('access-control-max-age', String(CORS_MAX_AGE));
      // Chrome's Private Network Access asks before a public page calls a loopback server.
      if (c.req.header('access-control-request-private-network') === 'true')
        c.header('access-control-allow-private-network', 'true');
      return c.body(null, 204);
    }
    if (allowed) {
      c.header('access-control-allow-origin', allowOrigin);
      c.header('access-control-expose-headers', exposeHeaders);
    }
    await next();
    return undefined;
  };
}
