import type { Context, MiddlewareHandler } from 'hono';
import { SandboxError } from './errors.js';
import { FAULT_HEADER, FaultError, type Fault, type FaultPlan } from './faults.js';
import type { RateLimiter } from './rate-limit.js';
import type { Env } from './routing.js';

/*
 * What a request passes before its operation runs: an injected fault, the bearer token, the rate
 * limit; and its body read as JSON.
 */

/** The header of an answer whose connection a fault dropped (the in-process fetch throws for it). */
export const DROPPED = 'x-sandbox-dropped';

/** The request's body as JSON (`{}` when it has none); 400 when it is not JSON. */
export async function jsonBody(c: Context<Env>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SandboxError(400, 'Invalid request: the body is not valid JSON');
  }
}

/** 401 unless the request carries `Authorization: Bearer <token>`. */
export function authenticate(c: Context<Env>, token: string): void {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match) throw new SandboxError(401, 'Missing bearer token: send "Authorization: Bearer <token>"');
  if (match[1] !== token) throw new SandboxError(401, 'The bearer token is not valid for this sandbox');
}

/** Counts each request against the budget; every answer says how much is left. */
export function rateLimit(limiter: RateLimiter): MiddlewareHandler<Env> {
  return async (c, next) => {
    // The sandbox's own endpoints are for tests, not part of the API: not counted.
    if (c.req.path.startsWith('/_sandbox/')) {
      await next();
      return undefined;
    }
    const decision = limiter.take();
    c.header('x-ratelimit-limit', String(decision.limit));
    c.header('x-ratelimit-remaining', String(decision.remaining));
    c.header('x-ratelimit-reset', String(Math.ceil(decision.resetAt.getTime() / 1000)));
    if (!decision.allowed) {
      c.header('retry-after', String(decision.retryAfterSeconds));
      const message = `Rate limit exceeded: ${decision.limit} requests per window; retry in ${decision.retryAfterSeconds} s`;
      return c.json(new SandboxError(429, message).toBody(), 429);
    }
    await next();
    return undefined;
  };
}

/** Plays the fault queued (or asked in the fault header) for the operation, if any: its answer, or none. */
export async function playFault(
  c: Context<Env>,
  faults: FaultPlan,
  operationId: string,
): Promise<Response | undefined> {
  let fault: Fault | undefined;
  try {
    fault = faults.take(operationId, c.req.header(FAULT_HEADER));
  } catch (error) {
    if (!(error instanceof FaultError)) throw error;
    const path = `header.${FAULT_HEADER}.${error.field}`;
    throw new SandboxError(400, error.message, [{ path, message: error.detail }]);
  }
  if (!fault) return undefined;
  if (fault.latency) await new Promise((resolve) => setTimeout(resolve, fault.latency));
  if (fault.drop) {
    const socket = c.env?.incoming?.socket;
    if (socket) socket.destroy();
    return c.body(null, 500, { [DROPPED]: '1' });
  }
  if (fault.status) {
    if (fault.retryAfter !== undefined) c.header('retry-after', String(fault.retryAfter));
    const body = new SandboxError(fault.status, `Injected fault: ${fault.status}`).toBody();
    return c.json(body, fault.status as 500);
  }
  return undefined;
}
