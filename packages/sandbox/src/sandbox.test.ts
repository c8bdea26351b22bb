import { describe, expect, it } from 'vitest';
import { operations } from '@docs-api/sdk/contract';
import { createSandbox, implementations, type Sandbox } from './sandbox.js';

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
    // A known path with a method the contract does not define is no route either.
    const wrongMethod = await send(sandbox, 'PUT', SITES, { body: '{}' });
    expect(wrongMethod.status).toBe(404);
    expect((await errorOf(wrongMethod)).code).toBe(404);
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

    expect(Object.fromEntries(sandbox.hits)).toEqual({ 'sites.get': 1, 'sites.delete': 1 });
    expect(Object.fromEntries(sandbox.requests)).toEqual({
      'sites.get': 3,
      'sites.list': 1,
      'sites.delete': 1,
    });
  });

  it('serves the counters as JSON on GET /_sandbox/hits, and resetHits clears them', async () => {
    const sandbox = createSandbox();
    await send(sandbox, 'GET', SITE_DOCS);
    await send(sandbox, 'GET', SITE_DOCS);
    await send(sandbox, 'GET', SITES);
    const response = await send(sandbox, 'GET', '/_sandbox/hits');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ 'sites.get': 2, 'sites.list': 1 });

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

  it.each(['status=200', 'status=abc', 'times=0', 'latency=-5', 'colour=red'])(
    'answers 400 for a bad fault header value (%s)',
    async (value) => {
      const sandbox = createSandbox();
      const response = await send(sandbox, 'GET', SITE_DOCS, { fault: value });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toContain('x-sandbox-fault');
      expect(sandbox.hits.size).toBe(0);
    },
  );
});

describe('listen', () => {
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
