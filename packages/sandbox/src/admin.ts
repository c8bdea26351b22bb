import { Hono, type Context } from 'hono';
import { parseDuration } from './clock.js';
import { SandboxError } from './errors.js';
import { FaultError } from './faults.js';
import { jsonBody } from './request-guards.js';
import type { Env } from './routing.js';
import type { Sandbox } from './sandbox.js';

/** What the admin API acts on: the sandbox's state, clock, faults and counters. */
type Administered = Pick<Sandbox, 'reset' | 'snapshot' | 'restore' | 'export' | 'clock' | 'faults' | 'hits'>;

/**
 * `/_sandbox/...`: the hit counts, reset, snapshots, the clock, faults and export over HTTP, behind
 * the same token as the API (`authenticate`).
 */
export function registerAdmin(
  app: Hono<Env>,
  sandbox: Administered,
  authenticate: (c: Context<Env>) => void,
): void {
  const admin = new Hono<Env>();
  admin.use('*', async (c, next) => {
    authenticate(c as Context<Env>);
    await next();
  });
  const body = async (c: Context<Env>): Promise<Record<string, unknown>> => {
    const value = await jsonBody(c);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new SandboxError(400, 'Invalid request: the body must be a JSON object');
    return value as Record<string, unknown>;
  };
  const clockView = () => ({ now: sandbox.clock.now().toISOString(), offset: sandbox.clock.offset });
  admin.post('/reset', (c) => {
    sandbox.reset();
    return c.body(null, 204);
  });
  admin.post('/snapshots', (c) => c.json({ id: sandbox.snapshot() }, 201));
  admin.post('/snapshots/:id/restore', (c) => {
    sandbox.restore(c.req.param('id'));
    return c.body(null, 204);
  });
  admin.get('/clock', (c) => c.json(clockView()));
  admin.post('/clock', async (c) => {
    const { advance, set, ...rest } = await body(c);
    const extra = Object.keys(rest)[0];
    if (extra !== undefined || (advance === undefined) === (set === undefined))
      throw new SandboxError(
        400,
        'Invalid request: give one of advance (e.g. "7d", "1h30m", or milliseconds) or set (an ISO 8601 date)',
        [
          {
            path: `body.${extra ?? 'advance'}`,
            message: 'give { "advance": "7d" } or { "set": "2026-02-01T00:00:00Z" }',
          },
        ],
      );
    try {
      if (advance !== undefined)
        sandbox.clock.offset = sandbox.clock.offset + parseDuration(advance as string);
      else sandbox.clock.set(set as string);
    } catch (error) {
      const field = advance !== undefined ? 'advance' : 'set';
      throw new SandboxError(400, `Invalid request: ${field}: ${(error as Error).message}`, [
        { path: `body.${field}`, message: (error as Error).message },
      ]);
    }
    return c.json(clockView());
  });
  admin.get('/faults', (c) => c.json({ items: sandbox.faults.list() }));
  admin.post('/faults', async (c) => {
    const fault = await body(c);
    try {
      sandbox.faults.add(fault);
    } catch (error) {
      if (!(error instanceof FaultError)) throw error;
      throw new SandboxError(400, error.message, [{ path: `body.${error.field}`, message: error.detail }]);
    }
    return c.json({ items: sandbox.faults.list() }, 201);
  });
  admin.delete('/faults', (c) => {
    sandbox.faults.clear();
    return c.body(null, 204);
  });
  admin.get('/export', (c) => c.json(sandbox.export()));
  app.get('/_sandbox/hits', (c) => c.json(Object.fromEntries(sandbox.hits)));
  app.route('/_sandbox', admin);
}
