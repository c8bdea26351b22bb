import { describe, expect, it } from 'vitest';
import {
  CORS_MAX_AGE,
  describeCors,
  isLoopbackOrigin,
  parseCorsOrigin,
  parseCorsOrigins,
  type CorsOptions,
} from './cors.js';
import { createSandbox, MAX_BODY_BYTES, type Sandbox } from './sandbox.js';

const SITES = 'http://127.0.0.1:4010/v1/orgs/org_acme/sites';
const SITE_DOCS = `${SITES}/site_docs`;
const PAGE = 'http://localhost:5173';
const EXPOSED = 'x-request-id, retry-after, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset';

/** What a browser sends before a call with an Authorization header from another origin. */
function preflight(sandbox: Sandbox, origin: string, extra: Record<string, string> = {}, url = SITES) {
  return sandbox.fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
      ...extra,
    },
  });
}

/** The call itself, as a page's fetch sends it: with the page's Origin. */
function call(
  sandbox: Sandbox,
  method: string,
  url: string,
  options: { origin?: string; token?: string | null; body?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.origin !== undefined) headers.origin = options.origin;
  const token = options.token === undefined ? sandbox.token : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return sandbox.fetch(url, {
    method,
    headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
}

/** The `access-control-*` headers of an answer. */
function corsHeaders(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-')));
}

describe('preflight', () => {
  it('answers an allowed origin with 204, the methods, headers and max-age, without the token', async () => {
    const sandbox = createSandbox();
    const response = await preflight(sandbox, PAGE);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(corsHeaders(response)).toEqual({
      'access-control-allow-origin': PAGE,
      'access-control-allow-methods': 'DELETE, GET, HEAD, PATCH, POST, PUT',
      'access-control-allow-headers': 'authorization, content-type, user-agent, x-sandbox-fault',
      'access-control-max-age': String(CORS_MAX_AGE),
    });
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('never counts: no operation routed, no hit, no rate-limit budget used', async () => {
    const sandbox = createSandbox({ rateLimit: { limit: 1, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) {
      const response = await preflight(sandbox, PAGE, {}, SITE_DOCS);
      expect(response.status).toBe(204);
      expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
    }
    expect(sandbox.requests.size).toBe(0);
    expect(sandbox.hits.size).toBe(0);
    // The one request of the budget is still there.
    const first = await call(sandbox, 'GET', SITE_DOCS, { origin: PAGE });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await preflight(sandbox, PAGE)).status).toBe(204);
    expect((await call(sandbox, 'GET', SITE_DOCS, { origin: PAGE })).status).toBe(429);
  });

  it('refuses an origin not allowed with a 403 in the error shape that says how to allow it, and no CORS header', async () => {
    const sandbox = createSandbox();
    const response = await preflight(sandbox, 'https://docs.example.com');
    expect(response.status).toBe(403);
    expect(corsHeaders(response)).toEqual({});
    expect(response.headers.get('vary')).toBe('Origin');
    expect(await response.json()).toEqual({
      error: {
        code: 403,
        message: expect.stringContaining(
          'The origin https://docs.example.com may not call this sandbox from a browser: start it with --cors https://docs.example.com',
        ) as unknown,
      },
    });
    expect(sandbox.requests.size).toBe(0);
  });

  it('allows a public page to reach the loopback sandbox when Chrome asks (Private Network Access), for allowed origins only', async () => {
    const sandbox = createSandbox({ cors: { origins: ['https://app.example.com'] } });
    const pna = { 'access-control-request-private-network': 'true' };
    const allowed = await preflight(sandbox, 'https://app.example.com', pna);
    expect(allowed.headers.get('access-control-allow-private-network')).toBe('true');
    expect(
      (await preflight(sandbox, 'https://app.example.com')).headers.has(
        'access-control-allow-private-network',
      ),
    ).toBe(false);
    const refused = await preflight(sandbox, 'https://other.example.com', pna);
    expect(refused.status).toBe(403);
    expect(refused.headers.has('access-control-allow-private-network')).toBe(false);
  });

  it('treats an OPTIONS without Origin or Access-Control-Request-Method as a plain request: 405', async () => {
    const sandbox = createSandbox();
    const bare = await call(sandbox, 'OPTIONS', SITES);
    expect(bare.status).toBe(405);
    expect(bare.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(corsHeaders(bare)).toEqual({});
    const noMethod = await call(sandbox, 'OPTIONS', SITES, { origin: PAGE });
    expect(noMethod.status).toBe(405);
    expect(noMethod.headers.get('access-control-allow-origin')).toBe(PAGE);
  });
});

describe('answers to an allowed origin', () => {
  it('carry Access-Control-Allow-Origin and expose the headers the SDK reads', async () => {
    const sandbox = createSandbox();
    const response = await call(sandbox, 'GET', SITES, { origin: PAGE });
    expect(response.status).toBe(200);
    expect(corsHeaders(response)).toEqual({
      'access-control-allow-origin': PAGE,
      'access-control-expose-headers': EXPOSED,
    });
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('carry them on every error path too, so a page can read the status and the waits', async () => {
    const sandbox = createSandbox({ maxBodyBytes: 100, rateLimit: { limit: 8, windowMs: 60_000 } });
    const origin = PAGE;
    const answers: Array<[number, Response]> = [
      [401, await call(sandbox, 'GET', SITES, { origin, token: null })],
      [400, await call(sandbox, 'POST', SITES, { origin, body: '{"title":"x"}' })],
      [404, await call(sandbox, 'GET', `${SITES}/site_nope`, { origin })],
      [404, await call(sandbox, 'GET', 'http://127.0.0.1:4010/v1/nowhere', { origin })],
      [405, await call(sandbox, 'PUT', SITES, { origin, body: '{}' })],
      [413, await call(sandbox, 'POST', SITES, { origin, body: JSON.stringify({ title: 'y'.repeat(200) }) })],
      [
        503,
        await call(sandbox, 'GET', SITES, {
          origin,
          headers: { 'x-sandbox-fault': 'status=503; retry-after=2' },
        }),
      ],
      [200, await call(sandbox, 'GET', SITES, { origin })],
      [429, await call(sandbox, 'GET', SITES, { origin })],
    ];
    for (const [status, response] of answers) {
      expect(response.status, `${status}`).toBe(status);
      expect(corsHeaders(response), `${status}`).toEqual({
        'access-control-allow-origin': origin,
        'access-control-expose-headers': EXPOSED,
      });
      expect(response.headers.get('x-request-id')).toMatch(/^req_\d+$/);
    }
    expect(answers[6]?.[1].headers.get('retry-after')).toBe('2');
    expect(answers[8]?.[1].headers.get('retry-after')).toMatch(/^\d+$/);
    expect(MAX_BODY_BYTES).toBeGreaterThan(100);
  });

  it('are served to another origin without CORS headers, so its browser hides them', async () => {
    const sandbox = createSandbox();
    const response = await call(sandbox, 'GET', SITES, { origin: 'https://docs.example.com' });
    expect(response.status).toBe(200);
    expect(corsHeaders(response)).toEqual({});
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('have no CORS header without an Origin (the CLI, a script)', async () => {
    const response = await call(createSandbox(), 'GET', SITES);
    expect(response.status).toBe(200);
    expect(corsHeaders(response)).toEqual({});
  });
});

describe('origins', () => {
  it.each([
    'http://localhost:5173',
    'http://localhost',
    'https://localhost:8443',
    'http://app.localhost:3000',
    'http://127.0.0.1:8080',
    'http://127.1.2.3',
    'http://[::1]:3000',
  ])('allows the loopback origin %s by default', async (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(true);
    expect((await preflight(createSandbox(), origin)).status).toBe(204);
  });

  it.each([
    'https://docs.example.com',
    'http://localhost.example.com',
    'http://127.0.0.1.example.com',
    'http://10.0.0.5:8080',
    'null',
    'file://',
    'chrome-extension://abcdef',
  ])('refuses %s by default', async (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(false);
    expect((await preflight(createSandbox(), origin)).status).toBe(403);
  });

  it('allows exactly the origins listed, compared as browsers send them', async () => {
    const sandbox = createSandbox({
      cors: { origins: ['HTTP://LocalHost:5173/', 'https://docs.example.com:443'] },
    });
    expect((await preflight(sandbox, 'http://localhost:5173')).status).toBe(204);
    expect((await preflight(sandbox, 'https://docs.example.com')).status).toBe(204);
    // Another port, another scheme, or a loopback origin not listed: refused.
    for (const origin of ['http://localhost:5174', 'https://localhost:5173', 'http://127.0.0.1:5173'])
      expect((await preflight(sandbox, origin)).status, origin).toBe(403);
  });

  it("answers any page with '*' and no Vary", async () => {
    const sandbox = createSandbox({ cors: { origins: '*' } });
    const response = await preflight(sandbox, 'https://anywhere.example');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('vary')).toBeNull();
    const answer = await call(sandbox, 'GET', `${SITES}/site_nope`, { origin: 'null' });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toBe(EXPOSED);
  });

  it('allows no page with an empty list', async () => {
    const sandbox = createSandbox({ cors: { origins: [] } });
    expect((await preflight(sandbox, PAGE)).status).toBe(403);
    expect(corsHeaders(await call(sandbox, 'GET', SITES, { origin: PAGE }))).toEqual({});
  });

  it.each([
    ['localhost:5173'],
    ['http://localhost:5173/app'],
    ['http://localhost:5173?x=1'],
    ['http://localhost:5173#top'],
    ['http://user:pw@localhost:5173'],
    ['ftp://files.example.com'],
    [''],
    ['*.example.com'],
  ])('refuses %j as an origin, at creation', (origin) => {
    expect(() => createSandbox({ cors: { origins: [origin] } })).toThrow(RangeError);
    expect(() => parseCorsOrigin(origin)).toThrow(/is not an origin: give scheme, host and port only/);
  });

  it('refuses an origins value that is not a list or *', () => {
    expect(() =>
      createSandbox({ cors: { origins: 'http://localhost:5173' } as unknown as CorsOptions }),
    ).toThrow(TypeError);
  });

  it('parses --cors values: normalised, deduplicated, * for any', () => {
    expect(parseCorsOrigins(['http://localhost:5173/', 'http://LOCALHOST:5173', 'http://a.test:80'])).toEqual(
      {
        origins: ['http://localhost:5173', 'http://a.test'],
      },
    );
    expect(parseCorsOrigins(['http://localhost:5173', '*'])).toEqual({ origins: '*' });
  });

  it('describes the policy in one line', () => {
    expect(describeCors(undefined)).toMatch(/^CORS: pages on loopback origins/);
    expect(describeCors({ origins: '*' })).toBe('CORS: pages of any origin may call it');
    expect(describeCors({ origins: [] })).toBe('CORS: no page may call it');
    expect(describeCors({ origins: ['http://a.test', 'http://b.test:81'] })).toBe(
      'CORS: pages of http://a.test, http://b.test:81 may call it',
    );
  });
});
