import type { MiddlewareHandler } from 'hono';
import {
  CORS_ALLOW_HEADERS,
  CORS_EXPOSE_HEADERS,
  CORS_MAX_AGE,
  corsAllows,
  corsPolicy,
  type CorsOptions,
} from './cors.js';
import { SandboxError } from './errors.js';

/**
 * Answers CORS: a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) is
 * answered here, before the rate limit, the token check and the routes, so it never counts and
 * never needs the token: 204 with the allowed methods and headers for an allowed origin, a 403 in
 * the error shape with no CORS header for another. Every other answer to an allowed origin,
 * errors included, carries `Access-Control-Allow-Origin` and the exposed headers, so the SDK can
 * read the status, the request id and the retry waits. Throws at once for a bad origin option.
 */
export function cors(options: CorsOptions | undefined, methods: readonly string[]): MiddlewareHandler {
  const policy = corsPolicy(options);
  const allowMethods = methods.join(', ');
  const allowHeaders = CORS_ALLOW_HEADERS.join(', ');
  const exposeHeaders = CORS_EXPOSE_HEADERS.join(', ');
  return async (c, next) => {
    const origin = c.req.header('origin');
    // The answer depends on the Origin unless every origin gets the same one.
    if (policy.kind !== 'any') c.header('vary', 'Origin', { append: true });
    const allowed = origin !== undefined && corsAllows(policy, origin);
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
