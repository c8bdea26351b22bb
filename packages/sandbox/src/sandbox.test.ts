import { describe, expect, it } from 'vitest';
import { operations } from '@docs-api/sdk/contract';
import { FaultError, type Fault } from './faults.js';
import { parseRateLimit } from './rate-limit.js';
import { createSandbox, implementations, MAX_BODY_BYTES, type Sandbox } from './sandbox.js';

const ORIGIN = 'http://sandbox.test';
const SITES = '/v1/orgs/org_acme/sites';
const SITE_DOCS = `${SITES}/site_docs`;

interface ErrorBody {
  error: { code: number; message: string; issues?: Array<{ path: string; message: string }> };
}

interface SendOptions {
  /** `null` sends no Authorization header; default: the sandbox's own token. */
  token?: string | null;
  authorization?: string;
  fault?: string;
  body?: string;
}

/** One raw request through the sandbox's in-process `fetch`, below the SDK. */
function send(sandbox: Sandbox, method: string, path: string, options: SendOptions = {}): Promise<Response> {
  const headers = new Headers();
  const token = options.token === undefined ? sandbox.token : options.token;
  if (options.authorization !== undefined) headers.set('authorization', options.authorization);
  else if (token !== null) headers.set('authorization', `Bearer ${token}`);
  if (options.fault !== undefined) headers.set('x-sandbox-fault', options.fault);
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  return sandbox.fetch(`${ORIGIN}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
}

async function errorOf(response: Response): Promise<ErrorBody['error']> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await response.json()) as ErrorBody).error;
}

async function issuePaths(response: Response): Promise<string[]> {
  expect(response.status).toBe(400);
  const error = await errorOf(response);
  expect(error.code).toBe(400);
  return (error.issues ?? []).map((issue) => issue.path);
}

describe('authentication', () => {
  it('answers 401 with the error body when the Authorization header is missing', async () => {
    const sandbox = createSandbox();
    const response = await send(sandbox, 'GET', SITES, { token: null });
    expect(response.status).toBe(401);
    const error = await errorOf(response);
    expect(error).toEqual({ code: 401, message: expect.stringContaining('Bearer') as unknown });
  });

  it('answers 401 for a wrong token and for a non-bearer scheme', async () => {
    const sandbox = createSandbox();
    const wrong = await send(sandbox, 'GET', SITES, { token: 'not-the-token' });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe(401);
    const basic = await send(sandbox, 'GET', SITES, { authorization: `Basic ${sandbox.token}` });
    expect(basic.status).toBe(401);
  });

  it('lets the right token through, and only the configured one', async () => {
    const sandbox = createSandbox({ token: 's3cret' });
    expect(sandbox.token).toBe('s3cret');
    const ok = await send(sandbox, 'GET', SITES);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { count: number }).count).toBe(2);
    expect((await send(sandbox, 'GET', SITES, { token: 'sandbox-token' })).status).toBe(401);
  });
});

describe('routing and request validation', () => {
  it('answers an unknown route with a 404 JSON body', async () => {
    const sandbox = createSandbox();
    const response = await send(sandbox, 'GET', '/v1/nowhere');
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toEqual({ code: 404, message: 'No route for GET /v1/nowhere' });
  });

  it('answers 405 with an Allow header for a known path and a method the contract does not define on it', async () => {
    const sandbox = createSandbox();
    const wrongMethod = await send(sandbox, 'PUT', SITES, { body: '{}' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await errorOf(wrongMethod)).toEqual({
      code: 405,
      message: `PUT is not allowed on ${SITES}: use GET, HEAD, POST`,
    });
    // A path with parameters: the methods of its template, and nothing was routed or changed.
    const post = await send(sandbox, 'POST', SITE_DOCS, { body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('DELETE, GET, HEAD, PATCH');
    expect(sandbox.requests.size).toBe(0);
    expect(sandbox.store.sites.get('site_docs')?.site.title).toBe('Acme Docs');
    // HEAD, listed in Allow, is answered.
    expect((await send(sandbox, 'HEAD', SITE_DOCS)).status).toBe(200);
  });

  it('refuses a body over the limit with a 413 in the error shape, before routing it', async () => {
    const sandbox = createSandbox();
    const tooBig = JSON.stringify({ title: 'x'.repeat(MAX_BODY_BYTES) });
    const response = await send(sandbox, 'POST', SITES, { body: tooBig });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toEqual({
      code: 413,
      message: `The request body is larger than the sandbox accepts (${MAX_BODY_BYTES} bytes)`,
    });
    expect(sandbox.requests.size).toBe(0);
    expect(sandbox.store.sites.size).toBe(2);
    // Just under the limit, the body is read and validated as usual.
    const atLimit = JSON.stringify({ title: 'x'.repeat(MAX_BODY_BYTES - 20) });
    expect(await issuePaths(await send(sandbox, 'POST', SITES, { body: atLimit }))).toEqual(['body.title']);
  });

  it('stops reading a streamed body at the limit instead of buffering all of it', async () => {
    const sandbox = createSandbox({ maxBodyBytes: 1000 });
    const chunk = new Uint8Array(256).fill(0x20);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
        if (pulled >= 100_000) controller.close();
      },
    });
    const response = await sandbox.fetch(`${ORIGIN}${SITES}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe(413);
    // 1000 bytes are 4 chunks; a stream may read ahead a little, never the 25 MB on offer.
    expect(pulled).toBeLessThan(20);
  });

  it('refuses a body over the limit on a listening server from its Content-Length', async () => {
    const sandbox = createSandbox({ maxBodyBytes: 100 });
    const running = await sandbox.listen();
    try {
      const response = await fetch(`${running.url}/orgs/org_acme/sites`, {
        method: 'POST',
        headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'y'.repeat(200) }),
      });
      expect(response.status).toBe(413);
      expect((await errorOf(response)).code).toBe(413);
    } finally {
      await running.close();
    }
  });

  it('refuses a body field that breaks a limit, naming it, and creates nothing', async () => {
    const sandbox = createSandbox();
    const response = await send(sandbox, 'POST', SITES, { body: JSON.stringify({ title: 'x' }) });
    expect(await issuePaths(response)).toEqual(['body.title']);
    expect([...sandbox.store.sites.keys()]).toEqual(['site_docs', 'site_internal']);
  });

  it('refuses query values out of range or of the wrong type, naming each field', async () => {
    const sandbox = createSandbox();
    expect(await issuePaths(await send(sandbox, 'GET', `${SITES}?limit=5000`))).toEqual(['query.limit']);
    expect(await issuePaths(await send(sandbox, 'GET', `${SITES}?published=maybe`))).toEqual([
      'query.published',
    ]);
    const both = await send(sandbox, 'GET', `${SITES}?limit=0&published=maybe`);
    expect((await issuePaths(both)).sort()).toEqual(['query.limit', 'query.published']);
  });

  it('refuses a body that is not JSON', async () => {
    const sandbox = createSandbox();
    const response = await send(sandbox, 'POST', SITES, { body: '{"title": "Broken' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/JSON/);
    expect(sandbox.store.sites.size).toBe(2);
  });

  it('refuses unknown body and query keys', async () => {
    const sandbox = createSandbox();
    const body = await send(sandbox, 'PATCH', SITE_DOCS, {
      body: JSON.stringify({ title: 'New', colour: 'red' }),
    });
    expect(body.status).toBe(400);
    expect((await errorOf(body)).issues).toEqual([{ path: 'body.colour', message: 'is not a known field' }]);
    expect(sandbox.store.sites.get('site_docs')?.site.title).toBe('Acme Docs');
    expect(await issuePaths(await send(sandbox, 'GET', `${SITES}?colour=red`))).toEqual(['query.colour']);
  });

  it('puts an x-request-id header on every response, whatever the outcome', async () => {
    const sandbox = createSandbox();
    const responses = [
      await send(sandbox, 'GET', SITE_DOCS),
      await send(sandbox, 'GET', SITE_DOCS, { token: 'wrong' }),
      await send(sandbox, 'GET', `${SITES}?limit=5000`),
      await send(sandbox, 'GET', `${SITES}/site_nope`),
      await send(sandbox, 'GET', '/v1/nowhere'),
      await send(sandbox, 'GET', SITE_DOCS, { fault: 'status=503' }),
      await send(sandbox, 'DELETE', `${SITES}/site_internal`),
      await send(sandbox, 'GET', '/_sandbox/hits'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 400, 404, 404, 503, 204, 200]);
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/\S/);
    expect(new Set(ids).size).toBe(responses.length);
  });
});

describe('hit counters', () => {
  it('counts successful answers in hits and every routed request in requests', async () => {
    const sandbox = createSandbox();
    expect((await send(sandbox, 'GET', SITE_DOCS)).status).toBe(200);
    expect((await send(sandbox, 'GET', SITE_DOCS, { token: 'wrong' })).status).toBe(401);
    expect((await send(sandbox, 'GET', `${SITES}/site_nope`)).status).toBe(404);
    expect((await send(sandbox, 'GET', `${SITES}?limit=5000`)).status).toBe(400);
    expect((await send(sandbox, 'DELETE', `${SITES}/site_internal`)).status).toBe(204);
    expect((await send(sandbox, 'GET', '/v1/nowhere')).status).toBe(404);

    // Keyed by the operations' public ids (the document's operationIds)...
    expect(Object.fromEntries(sandbox.hits)).toEqual({ getSiteById: 1, deleteSiteById: 1 });
    expect(Object.fromEntries(sandbox.requests)).toEqual({
      getSiteById: 3,
      listSites: 1,
      deleteSiteById: 1,
    });
    // ...and read by any name of the operation: its SDK name or an id it had before.
    expect(sandbox.hits.get('sites.get')).toBe(1);
    expect(sandbox.requests.get('sites.list')).toBe(1);
    expect(sandbox.requests.get('getSiteById')).toBe(3);
    expect(sandbox.hits.has('sites.delete')).toBe(true);
    expect(sandbox.hits.get('sites.list')).toBeUndefined();
  });

  it('serves the counters as JSON on GET /_sandbox/hits, and resetHits clears them', async () => {
    const sandbox = createSandbox();
    await send(sandbox, 'GET', SITE_DOCS);
    await send(sandbox, 'GET', SITE_DOCS);
    await send(sandbox, 'GET', SITES);
    const response = await send(sandbox, 'GET', '/_sandbox/hits');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ getSiteById: 2, listSites: 1 });

    sandbox.resetHits();
    expect(sandbox.hits.size).toBe(0);
    expect(sandbox.requests.size).toBe(0);
    expect(await (await send(sandbox, 'GET', '/_sandbox/hits')).json()).toEqual({});
  });
});

describe('faults', () => {
  it('plays a configured fault the given number of times, then answers', async () => {
    const sandbox = createSandbox({
      faults: [{ status: 503, retryAfter: 1, times: 2, operation: 'sites.get' }],
    });
    for (let attempt = 1; attempt <= 2; attempt++) {
      const response = await send(sandbox, 'GET', SITE_DOCS);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect((await errorOf(response)).code).toBe(503);
    }
    const third = await send(sandbox, 'GET', SITE_DOCS);
    expect(third.status).toBe(200);
    expect(third.headers.get('retry-after')).toBeNull();
    expect(((await third.json()) as { id: string }).id).toBe('site_docs');
    expect(sandbox.requests.get('sites.get')).toBe(3);
    expect(sandbox.hits.get('sites.get')).toBe(1);
  });

  it('does not play a fault meant for another operation', async () => {
    const sandbox = createSandbox({ faults: [{ status: 500, operation: 'sites.list' }] });
    expect((await send(sandbox, 'GET', SITE_DOCS)).status).toBe(200);
    expect((await send(sandbox, 'GET', SITES)).status).toBe(500);
    expect((await send(sandbox, 'GET', SITES)).status).toBe(200);
  });

  it('takes a fault over the admin API by any name of its operation, and refuses an unknown one', async () => {
    const sandbox = createSandbox();
    const added = await send(sandbox, 'POST', '/_sandbox/faults', {
      body: JSON.stringify({ operation: 'sites.get', status: 503 }),
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ items: [{ operation: 'sites.get', status: 503, remaining: 1 }] });
    expect((await send(sandbox, 'GET', SITES)).status).toBe(200);
    expect((await send(sandbox, 'GET', SITE_DOCS)).status).toBe(503);
    expect((await send(sandbox, 'GET', SITE_DOCS)).status).toBe(200);

    const unknown = await send(sandbox, 'POST', '/_sandbox/faults', {
      body: JSON.stringify({ operation: 'getSiteByIdd', status: 503 }),
    });
    expect(await issuePaths(unknown)).toEqual(['body.operation']);
  });

  it('plays a fault without an operation on the next request of any operation', async () => {
    const sandbox = createSandbox();
    sandbox.addFault({ status: 502 });
    expect((await send(sandbox, 'GET', `${SITE_DOCS}/integrations`)).status).toBe(502);
    expect((await send(sandbox, 'GET', `${SITE_DOCS}/integrations`)).status).toBe(200);
  });

  it('plays a header fault once by default, and times=n times', async () => {
    const sandbox = createSandbox();
    const once = 'status=429; retry-after=0';
    const first = await send(sandbox, 'GET', SITE_DOCS, { fault: once });
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('0');
    expect((await errorOf(first)).code).toBe(429);
    expect((await send(sandbox, 'GET', SITE_DOCS, { fault: once })).status).toBe(200);

    const twice = 'status=429; retry-after=0; times=2';
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await send(sandbox, 'GET', SITE_DOCS, { fault: twice })).status);
    expect(statuses).toEqual([429, 429, 200]);
  });

  it('accepts an HTTP-date retry-after in the header and sends it back as given', async () => {
    const sandbox = createSandbox();
    const date = 'Wed, 21 Oct 2026 07:28:00 GMT';
    const response = await send(sandbox, 'GET', SITE_DOCS, { fault: `status=503; retry-after=${date}` });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(date);
  });

  it('ignores a configured fault with times 0', async () => {
    const sandbox = createSandbox({ faults: [{ status: 503, times: 0 }] });
    expect((await send(sandbox, 'GET', SITE_DOCS)).status).toBe(200);
  });

  it('delays the answer by the requested latency', async () => {
    const sandbox = createSandbox();
    const started = performance.now();
    const response = await send(sandbox, 'GET', SITE_DOCS, { fault: 'latency=100' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(response.status).toBe(200);
  });

  it('makes the in-process fetch throw a TypeError when the connection is dropped', async () => {
    const sandbox = createSandbox();
    await expect(send(sandbox, 'GET', SITE_DOCS, { fault: 'drop' })).rejects.toThrow(TypeError);
    expect(sandbox.hits.get('sites.get')).toBeUndefined();
    expect((await send(sandbox, 'GET', SITE_DOCS)).status).toBe(200);
  });

  it('drops the real connection on a listening server', async () => {
    const sandbox = createSandbox();
    const running = await sandbox.listen();
    try {
      const headers = { authorization: `Bearer ${running.token}`, 'x-sandbox-fault': 'drop' };
      await expect(fetch(`${running.url}/orgs/org_acme/sites/site_docs`, { headers })).rejects.toThrow(
        TypeError,
      );
      const after = await fetch(`${running.url}/orgs/org_acme/sites/site_docs`, {
        headers: { authorization: `Bearer ${running.token}` },
      });
      expect(after.status).toBe(200);
      expect(((await after.json()) as { id: string }).id).toBe('site_docs');
    } finally {
      await running.close();
    }
  });

  it.each([
    ['status=200', 'status'],
    ['status=abc', 'status'],
    ['status=503.5', 'status'],
    ['status=600', 'status'],
    ['status', 'status'],
    ['times=0', 'times'],
    ['status=503; times=-1', 'times'],
    ['status=503; times=1.5', 'times'],
    ['latency=-5', 'latency'],
    ['latency=abc', 'latency'],
    ['latency=1e3', 'latency'],
    ['latency=60001', 'latency'],
    ['latency=99999999999', 'latency'],
    ['latency=', 'latency'],
    ['status=503; retry-after=soon', 'retry-after'],
    ['status=503; retry-after=-1', 'retry-after'],
    ['status=503; retry-after=1.5', 'retry-after'],
    ['retry-after=1', 'retry-after'],
    ['drop=later', 'drop'],
    ['drop; status=503', 'status'],
    ['status=503; status=500', 'status'],
    ['colour=red', 'colour'],
    [';', 'value'],
  ])('answers 400 naming the field for a bad fault header (%s)', async (value, field) => {
    const sandbox = createSandbox();
    const response = await send(sandbox, 'GET', SITE_DOCS, { fault: value });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.message).toMatch(new RegExp(`^x-sandbox-fault: ${field} `));
    expect(error.issues).toEqual([
      { path: `header.x-sandbox-fault.${field}`, message: expect.any(String) as unknown },
    ]);
    expect(sandbox.hits.size).toBe(0);
  });

  it('accepts every field at the edges of its range', async () => {
    const sandbox = createSandbox();
    const edges = await send(sandbox, 'GET', SITE_DOCS, { fault: 'status=599; retry-after=0; times=1' });
    expect(edges.status).toBe(599);
    expect((await send(sandbox, 'GET', SITE_DOCS, { fault: 'status=400' })).status).toBe(400);
    expect((await send(sandbox, 'GET', SITE_DOCS, { fault: 'latency=0' })).status).toBe(200);
    // Part names are case-insensitive.
    await expect(send(sandbox, 'GET', SITE_DOCS, { fault: 'DROP' })).rejects.toThrow(TypeError);
  });

  it.each([
    [{ status: 200 }, 'status'],
    [{ latency: 60_001 }, 'latency'],
    [{ latency: Number.NaN }, 'latency'],
    [{ times: -1 }, 'times'],
    [{ status: 503, retryAfter: 'soon' }, 'retryAfter'],
    [{ retryAfter: 1 }, 'retryAfter'],
    [{ drop: true, status: 503 }, 'status'],
    [{ operation: '' }, 'operation'],
    [{ operation: 'sites.gett' }, 'operation'],
  ] as Array<[Fault, string]>)(
    'refuses a configured fault with a bad field (%o), naming it',
    (fault, field) => {
      expect(() => createSandbox({ faults: [fault] })).toThrow(FaultError);
      expect(() => createSandbox().addFault(fault)).toThrow(new RegExp(`^Sandbox fault: ${field} `));
    },
  );
});

describe('rate limit', () => {
  /** A clock the test moves by hand. */
  function manualClock(start = Date.UTC(2026, 0, 5, 9, 0, 0)) {
    let now = start;
    return { clock: () => new Date(now), advance: (ms: number) => (now += ms), start };
  }

  it('is off by default: no rate-limit headers', async () => {
    const response = await send(createSandbox(), 'GET', SITE_DOCS);
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('counts down on every answer, then answers 429 with Retry-After until the window ends', async () => {
    const time = manualClock();
    const sandbox = createSandbox({ clock: time.clock, rateLimit: { limit: 2, windowMs: 60_000 } });
    const resetSeconds = String((time.start + 60_000) / 1000);

    const first = await send(sandbox, 'GET', SITE_DOCS);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(first.headers.get('x-ratelimit-reset')).toBe(resetSeconds);
    // Any answer counts and carries the headers, a 404 included.
    time.advance(10_000);
    const missing = await send(sandbox, 'GET', `${SITES}/site_nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-ratelimit-remaining')).toBe('0');

    time.advance(15_500);
    const refused = await send(sandbox, 'GET', SITE_DOCS);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('35');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(resetSeconds);
    expect(refused.headers.get('x-request-id')).toMatch(/\S/);
    expect(await errorOf(refused)).toEqual({
      code: 429,
      message: 'Rate limit exceeded: 2 requests per window; retry in 35 s',
    });
    // Refused requests reach no operation: the two served ones only.
    expect(sandbox.requests.get('sites.get')).toBe(2);

    time.advance(34_499);
    const lastMoment = await send(sandbox, 'GET', SITE_DOCS);
    expect(lastMoment.status).toBe(429);
    expect(lastMoment.headers.get('retry-after')).toBe('1');

    time.advance(1);
    const next = await send(sandbox, 'GET', SITE_DOCS);
    expect(next.status).toBe(200);
    expect(next.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(next.headers.get('x-ratelimit-reset')).toBe(String((time.start + 120_000) / 1000));
  });

  it('does not count the sandbox own endpoints', async () => {
    const sandbox = createSandbox({ rateLimit: { limit: 1, windowMs: 1000 } });
    expect((await send(sandbox, 'GET', '/_sandbox/hits')).status).toBe(200);
    expect((await send(sandbox, 'GET', SITE_DOCS)).status).toBe(200);
    expect((await send(sandbox, 'GET', '/_sandbox/hits')).status).toBe(200);
  });

  it.each([
    [{ limit: 0, windowMs: 1000 }, 'rateLimit.limit'],
    [{ limit: 1.5, windowMs: 1000 }, 'rateLimit.limit'],
    [{ limit: 10, windowMs: 0 }, 'rateLimit.windowMs'],
  ])('refuses a bad rule (%o)', (rateLimit, field) => {
    expect(() => createSandbox({ rateLimit })).toThrow(field);
  });
});

describe('parseRateLimit', () => {
  it.each([
    ['100/60s', { limit: 100, windowMs: 60_000 }],
    ['10/1m', { limit: 10, windowMs: 60_000 }],
    ['5/500ms', { limit: 5, windowMs: 500 }],
    ['1000/1h', { limit: 1000, windowMs: 3_600_000 }],
    ['3/30', { limit: 3, windowMs: 30_000 }],
    [' 7 / 2S ', { limit: 7, windowMs: 2000 }],
  ])('reads %s', (text, rule) => {
    expect(parseRateLimit(text)).toEqual(rule);
  });

  it.each(['100', '0/60s', '10/0s', '-1/60s', '10/60d', 'ten/60s', '10/60s/2', ''])('refuses %j', (text) => {
    expect(() => parseRateLimit(text)).toThrow(/must be <requests>\/<window>, e.g. 100\/60s/);
  });
});

describe('listen', () => {
  it('rejects, instead of crashing, when the port is taken', async () => {
    const first = await createSandbox().listen();
    try {
      await expect(createSandbox().listen({ port: first.port })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await first.close();
    }
  });

  it('serves on an ephemeral 127.0.0.1 port under /v1, and close() stops it', async () => {
    const sandbox = createSandbox();
    const running = await sandbox.listen();
    let closed = false;
    try {
      const url = new URL(running.url);
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(running.port).toBeGreaterThan(0);
      expect(Number(url.port)).toBe(running.port);
      expect(running.token).toBe(sandbox.token);

      const response = await fetch(`${running.url}/orgs/org_acme/sites`, {
        headers: { authorization: `Bearer ${running.token}` },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { count: number }).count).toBe(2);
      expect(sandbox.hits.get('sites.list')).toBe(1);

      await running.close();
      closed = true;
      await expect(fetch(`${running.url}/orgs/org_acme/sites`)).rejects.toThrow(TypeError);
    } finally {
      if (!closed) await running.close();
    }
  });
});

describe('implementations', () => {
  it('implements each Sites operation, and every operation it implements, exactly once', () => {
    const implemented = implementations.map((implementation) => implementation.operation.id);
    const expected = operations.filter(
      (operation) => operation.area === 'Sites' || implemented.includes(operation.id),
    );
    expect(expected.filter((operation) => operation.area === 'Sites')).toHaveLength(11);
    for (const operation of expected) {
      expect(
        implemented.filter((id) => id === operation.id),
        operation.id,
      ).toHaveLength(1);
    }
  });

  it('has no implementation without a contract operation, and no duplicate ids', () => {
    const ids = implementations.map((implementation) => implementation.operation.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const implementation of implementations) {
      expect(operations, implementation.operation.id).toContain(implementation.operation);
    }
  });
});
