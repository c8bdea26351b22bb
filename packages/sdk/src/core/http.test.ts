import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ApiError,
  ConnectionError,
  DocsError,
  InternalServerError,
  RateLimitError,
  RedirectError,
  ResponseValidationError,
  TimeoutError,
  VERSION,
} from '../index.js';
import {
  API,
  TOKEN,
  makeClient,
  rejection,
  siteFixture as site,
  useNockLifecycle,
} from '../../test-support/nock.js';

const SITES = '/v1/orgs/org_1/sites';

/** A network failure shaped as undici reports it: `TypeError: fetch failed` caused by an error with a code. */
function networkError(code: string, message: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
}

/** An optional interceptor that counts the requests reaching it: a retry that must not happen. */
function spare(
  method: 'get' | 'post' | 'patch',
  path: string,
  status: number,
  body: object,
): { hits: number } {
  const counter = { hits: 0 };
  nock(API)
    .intercept(path, method.toUpperCase())
    .optionally()
    .reply(() => {
      counter.hits++;
      return [status, body];
    });
  return counter;
}

useNockLifecycle();

describe('request headers', () => {
  it('sends the bearer token, accept, the SDK user agent and no content-type on a GET', async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .matchHeader('authorization', `Bearer ${TOKEN}`)
      .matchHeader('accept', 'application/json')
      .matchHeader('user-agent', `docs-api-sdk/${VERSION}`)
      .matchHeader('content-type', (value: string | undefined) => value === undefined)
      .reply(200, site('s1'));

    const result = await makeClient().sites.get('org_1', 's1');
    expect(result.id).toBe('s1');
  });

  it('puts a custom userAgent in front of the SDK user agent', async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .matchHeader('user-agent', `my-tool/2.0 docs-api-sdk/${VERSION}`)
      .reply(200, site('s1'));

    await expect(makeClient({ userAgent: 'my-tool/2.0' }).sites.get('org_1', 's1')).resolves.toMatchObject({
      id: 's1',
    });
  });

  it('sends bodies as JSON with a JSON content-type', async () => {
    nock(API)
      .post(SITES, { title: 'Handbook' })
      .matchHeader('content-type', /^application\/json/)
      .matchHeader('authorization', `Bearer ${TOKEN}`)
      .reply(201, site('s_new'));

    await expect(makeClient().sites.create('org_1', { title: 'Handbook' })).resolves.toMatchObject({
      id: 's_new',
    });
  });

  it('adds per-call headers without dropping the default ones', async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .matchHeader('x-trace-id', 'trace-42')
      .matchHeader('authorization', `Bearer ${TOKEN}`)
      .matchHeader('accept', 'application/json')
      .reply(200, site('s1'));

    await makeClient().sites.get('org_1', 's1', { headers: { 'x-trace-id': 'trace-42' } });
  });
});

describe('retries', () => {
  it.each([408, 429, 500, 502, 503, 504])(
    'retries a GET answered with %i, then returns the success',
    async (status) => {
      nock(API).get(`${SITES}/s1`).reply(status, { message: 'try later' }, { 'retry-after': '0' });
      nock(API).get(`${SITES}/s1`).reply(200, site('s1'));

      await expect(makeClient().sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
    },
  );

  it('retries a 503 without Retry-After after a backoff capped by maxRetryDelay', async () => {
    nock(API).get(`${SITES}/s1`).times(2).reply(503);
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));

    const delays: number[] = [];
    const started = performance.now();
    await expect(
      makeClient({ onRetry: (event) => delays.push(event.delayMs) }).sites.get('org_1', 's1'),
    ).resolves.toMatchObject({ id: 's1' });
    const elapsed = performance.now() - started;
    // Two waits, each the initial 500 ms backoff capped to maxRetryDelay (50 ms), less up to a
    // quarter of jitter: 37.5 to 50 ms each (a bound of 90 ms in all failed with the jitter).
    expect(delays).toHaveLength(2);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(37);
      expect(delay).toBeLessThanOrEqual(50);
    }
    // Each announced wait was waited (a timer's clock may round by a millisecond).
    expect(elapsed).toBeGreaterThanOrEqual(delays[0]! + delays[1]! - 2);
    expect(elapsed).toBeLessThan(1000);
  });

  it('honours Retry-After: 0 on a 429 instead of the longer backoff', async () => {
    nock(API).get(`${SITES}/s1`).reply(429, { message: 'slow down' }, { 'retry-after': '0' });
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));

    // Without Retry-After this client would wait min(1000, ~375-500 ms) before retrying.
    const client = makeClient({ maxRetryDelay: 1000 });
    const started = Date.now();
    await expect(client.sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
    expect(Date.now() - started).toBeLessThan(350);
  });

  it('retries when Retry-After is an HTTP date in the past', async () => {
    const past = new Date(Date.now() - 60_000).toUTCString();
    nock(API).get(`${SITES}/s1`).reply(503, '', { 'retry-after': past });
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));

    const started = Date.now();
    await expect(makeClient().sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('does not sleep a Retry-After (3600 s) beyond maxRetryDelay: fails at once saying when to retry', async () => {
    nock(API).get(`${SITES}/s1`).reply(429, { message: 'come back in an hour' }, { 'retry-after': '3600' });
    const retry = spare('get', `${SITES}/s1`, 200, site('s1'));

    const started = Date.now();
    const error = await rejection(makeClient().sites.get('org_1', 's1'), RateLimitError);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(retry.hits).toBe(0);
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(error.retryAt).toBeInstanceOf(Date);
    expect(Math.abs((error.retryAt?.getTime() ?? 0) - (started + 3_600_000))).toBeLessThan(2000);
    expect(error.message).toMatch(
      /^GET https:\/\/api\.test\/v1\/orgs\/org_1\/sites\/s1 failed with 429: come back in an hour; retry after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z \(in 3600 s\)$/,
    );
  });

  it('gives up after maxRetries (2) retries, i.e. three attempts, with the last error', async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .times(3)
      .reply(503, { message: 'down for maintenance' }, { 'retry-after': '0' });

    const error = await rejection(makeClient().sites.get('org_1', 's1'), InternalServerError);
    expect(error.status).toBe(503);
    expect(error.message).toContain('down for maintenance');
  });

  it('makes exactly two attempts with maxRetries: 1', async () => {
    let attempts = 0;
    nock(API)
      .get(`${SITES}/s1`)
      .times(2)
      .reply(() => {
        attempts++;
        return [503, '', { 'retry-after': '0' }];
      });
    // A third attempt would reach this interceptor; it must stay unused.
    nock(API)
      .get(`${SITES}/s1`)
      .optionally()
      .reply(() => {
        attempts++;
        return [200, site('s1')];
      });

    await rejection(makeClient({ maxRetries: 1 }).sites.get('org_1', 's1'), InternalServerError);
    expect(attempts).toBe(2);
  });

  it('lets a call override maxRetries with { maxRetries: 0 }', async () => {
    nock(API).get(`${SITES}/s1`).reply(503, '', { 'retry-after': '0' });
    const retry = spare('get', `${SITES}/s1`, 200, site('s1'));

    await rejection(makeClient().sites.get('org_1', 's1', { maxRetries: 0 }), InternalServerError);
    expect(retry.hits).toBe(0);
  });

  it('turns a 429 into a RateLimitError when no retry is left', async () => {
    nock(API).get(`${SITES}/s1`).reply(429, { message: 'quota exceeded' }, { 'retry-after': '0' });

    const error = await rejection(makeClient({ maxRetries: 0 }).sites.get('org_1', 's1'), RateLimitError);
    expect(error.status).toBe(429);
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry a GET answered with %i', async (status) => {
    nock(API).get(`${SITES}/s1`).reply(status, { message: 'no' });
    const retry = spare('get', `${SITES}/s1`, 200, site('s1'));

    const error = await rejection(makeClient().sites.get('org_1', 's1'), ApiError);
    expect(error.status).toBe(status);
    expect(retry.hits).toBe(0);
  });

  it('does not retry a POST answered with 503', async () => {
    let attempts = 0;
    nock(API)
      .post(SITES)
      .reply(() => {
        attempts++;
        return [503, { message: 'overloaded' }, { 'retry-after': '0' }];
      });
    nock(API)
      .post(SITES)
      .optionally()
      .reply(() => {
        attempts++;
        return [201, site('s_dup')];
      });

    const error = await rejection(
      makeClient().sites.create('org_1', { title: 'Once only' }),
      InternalServerError,
    );
    expect(error.status).toBe(503);
    expect(error.method).toBe('POST');
    expect(attempts).toBe(1);
  });

  it('retries a PATCH answered with 503 when the operation is declared idempotent (sites.update)', async () => {
    nock(API).patch(`${SITES}/s1`, { title: 'Renamed' }).reply(503, '', { 'retry-after': '0' });
    nock(API)
      .patch(`${SITES}/s1`, { title: 'Renamed' })
      .reply(200, site('s1', { title: 'Renamed' }));

    await expect(makeClient().sites.update('org_1', 's1', { title: 'Renamed' })).resolves.toMatchObject({
      title: 'Renamed',
    });
  });

  it('retries a PUT on 503 and sends the same body again', async () => {
    // A schema in the document's form: the visitor's unsigned claims.
    const body = {
      jsonSchema: {
        type: 'object' as const,
        properties: {
          unsigned: {
            type: 'object' as const,
            description: 'Unsigned claims of the site visitor.' as const,
            properties: { plan: { type: 'string' as const, description: 'Plan' } },
            additionalProperties: false as const,
          },
        },
        additionalProperties: false as const,
      },
    };
    const answer = {
      object: 'site-adaptive-schema',
      jsonSchema: body.jsonSchema,
      updatedAt: '2024-01-01T00:00:00.000Z',
    };
    nock(API).put(`${SITES}/s1/adaptive-schema`, body).reply(503, '', { 'retry-after': '0' });
    nock(API).put(`${SITES}/s1/adaptive-schema`, body).reply(200, answer);

    await expect(makeClient().sites.adaptiveSchema.update('org_1', 's1', body)).resolves.toEqual(answer);
  });

  it('retries a DELETE on 502', async () => {
    nock(API).delete(`${SITES}/s1`).reply(502, '', { 'retry-after': '0' });
    nock(API).delete(`${SITES}/s1`).reply(204);

    await expect(makeClient().sites.delete('org_1', 's1')).resolves.toBeUndefined();
  });

  it('does not retry a POST whose connection was reset, and throws a ConnectionError', async () => {
    nock(API).post(SITES).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    const retry = spare('post', SITES, 201, site('s_dup'));

    const error = await rejection(
      makeClient().sites.create('org_1', { title: 'Once only' }),
      ConnectionError,
    );
    expect(error).toBeInstanceOf(DocsError);
    expect(error.message).toContain(`POST ${API}${SITES} failed`);
    expect(error.message).toContain('the connection failed before an answer (ECONNRESET: socket hang up)');
    expect(retry.hits).toBe(0);
  });

  it('retries a POST refused by a fetch that rejects with a plain object (never reached the server)', async () => {
    nock(API).post(SITES).replyWithError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' });
    nock(API).post(SITES, { title: 'Handbook' }).reply(201, site('s_new'));

    await expect(makeClient().sites.create('org_1', { title: 'Handbook' })).resolves.toMatchObject({
      id: 's_new',
    });
  });

  it('does not retry a POST reset the way undici reports it, and names the cause', async () => {
    nock(API).post(SITES).replyWithError(networkError('ECONNRESET', 'socket hang up'));
    const retry = spare('post', SITES, 201, site('s_dup'));

    const error = await rejection(
      makeClient().sites.create('org_1', { title: 'Once only' }),
      ConnectionError,
    );
    expect(error.message).toContain('ECONNRESET');
    expect(error.message).toContain('socket hang up');
    expect(retry.hits).toBe(0);
  });

  it('retries a POST whose connection was refused (it never reached the server) with the same body', async () => {
    nock(API).post(SITES).replyWithError(networkError('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.1:443'));
    nock(API).post(SITES, { title: 'Handbook' }).reply(201, site('s_new'));

    await expect(makeClient().sites.create('org_1', { title: 'Handbook' })).resolves.toMatchObject({
      id: 's_new',
    });
  });

  it('retries a GET after a connection error', async () => {
    nock(API).get(`${SITES}/s1`).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));

    await expect(makeClient().sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
  });

  it('throws a ConnectionError once every attempt of a GET failed to connect', async () => {
    nock(API).get(`${SITES}/s1`).times(3).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });

    const error = await rejection(makeClient().sites.get('org_1', 's1'), ConnectionError);
    expect(error.message).toContain(`GET ${API}${SITES}/s1 failed`);
  });
});

describe('timeouts and cancellation', () => {
  it('throws a TimeoutError when an attempt takes longer than the per-call timeout', async () => {
    nock(API).get(`${SITES}/s1`).delay(3000).reply(200, site('s1'));

    const started = Date.now();
    const error = await rejection(
      makeClient().sites.get('org_1', 's1', { timeout: 50, maxRetries: 0 }),
      TimeoutError,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(DocsError);
    expect(error.message).toContain('timed out after 0.05 s');
  });

  it('uses the client timeout when the call gives none', async () => {
    nock(API).get(`${SITES}/s1`).delay(3000).reply(200, site('s1'));

    const error = await rejection(
      makeClient({ timeout: 50, maxRetries: 0 }).sites.get('org_1', 's1'),
      TimeoutError,
    );
    expect(error.message).toContain('0.05 s');
  });

  it('throws an AbortError when the signal fires while the reply is delayed', async () => {
    nock(API).get(`${SITES}/s1`).delay(3000).reply(200, site('s1'));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);

    const started = Date.now();
    const error = await rejection(
      makeClient().sites.get('org_1', 's1', { signal: controller.signal }),
      AbortError,
    );
    expect(error).toBeInstanceOf(DocsError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops waiting for a retry when the signal fires', async () => {
    const controller = new AbortController();
    nock(API)
      .get(`${SITES}/s1`)
      .reply(() => {
        setTimeout(() => controller.abort(), 20);
        return [503, '', { 'retry-after': '5' }];
      });

    const client = makeClient({ maxRetryDelay: 10_000 });
    const started = Date.now();
    await rejection(client.sites.get('org_1', 's1', { signal: controller.signal }), AbortError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();

    await rejection(makeClient().sites.get('org_1', 's1', { signal: controller.signal }), AbortError);
  });
});

describe('responses', () => {
  it('gives the parsed data and the raw response through .withResponse()', async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .reply(200, site('s1'), { 'x-request-id': 'req_77', 'x-ratelimit-remaining': '9' });

    const { data, response } = await makeClient().sites.get('org_1', 's1').withResponse();
    expect(data).toMatchObject({ id: 's1', title: 'Site s1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req_77');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it("gives a response whose body the SDK has read: reading it again rejects, as fetch's does", async () => {
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));

    const { data, response } = await makeClient().sites.get('org_1', 's1').withResponse();
    expect(data).toMatchObject({ id: 's1' });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(/Body is unusable/);
    await expect(response.json()).rejects.toThrow(/Body is unusable/);
  });

  // A Request or Response built around a body holds a web stream that young-generation GCs keep
  // (each call's answer stayed in memory until a full GC: `npm run bench`, docs push and pull).
  it('builds no Request or Response around a body: the body goes to the transport and comes back as data', async () => {
    const RealRequest = globalThis.Request;
    const RealResponse = globalThis.Response;
    const bodies: unknown[] = [];
    class WatchedRequest extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(input, init);
        bodies.push(init?.body ?? (input instanceof RealRequest ? input.body : undefined));
      }
    }
    class WatchedResponse extends RealResponse {
      constructor(body?: BodyInit | null, init?: ResponseInit) {
        super(body, init);
        bodies.push(body ?? undefined);
      }
    }
    vi.stubGlobal('Request', WatchedRequest);
    vi.stubGlobal('Response', WatchedResponse);
    try {
      let sent: unknown;
      // A transport whose answer is no Response, so that every Request and Response seen is the SDK's.
      const fetch = (_input: RequestInfo | URL, init?: RequestInit) => {
        sent = JSON.parse(init?.body as string);
        const headers = new Headers({ 'content-type': 'application/json' });
        const text = () => Promise.resolve(JSON.stringify(site('s2')));
        return Promise.resolve({ status: 200, ok: true, headers, text } as unknown as Response);
      };
      const created = await makeClient({ fetch }).sites.create('org_1', { title: 'Docs' });
      expect(created).toMatchObject({ id: 's2' });
      expect(sent).toEqual({ title: 'Docs' });
      expect(bodies.length).toBeGreaterThan(0);
      expect(bodies.filter((body) => body !== undefined)).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('rejects a 200 whose body is not JSON with a ResponseValidationError', async () => {
    nock(API).get(`${SITES}/s1`).reply(200, '<html>maintenance</html>', { 'content-type': 'text/html' });

    const error = await rejection(makeClient().sites.get('org_1', 's1'), ResponseValidationError);
    expect(error.operation).toBe('getSiteById');
    expect(error.data).toBe('<html>maintenance</html>');
    expect(error.issues).toEqual([{ path: '', message: 'the body is not JSON' }]);
  });

  it('rejects an empty 200 body where an object is expected', async () => {
    nock(API).get(`${SITES}/s1`).reply(200, '');

    const error = await rejection(makeClient().sites.get('org_1', 's1'), ResponseValidationError);
    expect(error.data).toBeUndefined();
  });
});

describe('redirects', () => {
  it('follows a same-origin redirect of a GET, with the token', async () => {
    nock(API).get(`${SITES}/s1`).reply(302, '', { location: '/v1/orgs/org_1/sites/s1-moved' });
    nock(API).get(`${SITES}/s1-moved`).matchHeader('authorization', `Bearer ${TOKEN}`).reply(200, site('s1'));

    await expect(makeClient().sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
  });

  it('does not follow a redirect to another origin, even for a GET: the token stays here', async () => {
    nock(API).get(`${SITES}/s1`).reply(301, '', { location: 'https://evil.test/steal' });
    let stolen = 0;
    nock('https://evil.test')
      .get('/steal')
      .optionally()
      .reply(() => {
        stolen++;
        return [200, site('s1')];
      });

    const error = await rejection(makeClient().sites.get('org_1', 's1'), RedirectError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(301);
    expect(error.location).toBe('https://evil.test/steal');
    expect(error.message).toContain('another origin (https://evil.test/steal)');
    expect(stolen).toBe(0);
  });

  it.each([302, 303, 307, 308])(
    'does not follow a %i answering a POST: it is not sent again',
    async (status) => {
      nock(API).post(SITES).reply(status, '', { location: '/v1/elsewhere' });

      const error = await rejection(makeClient().sites.create('org_1', { title: 'Once' }), RedirectError);
      expect(error.message).toContain(
        'the SDK follows redirects of GET and HEAD only, so the POST was not sent again',
      );
    },
  );

  it('stops after 5 redirects in a row', async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .times(6)
      .reply(302, '', { location: `${SITES}/s1` });

    const error = await rejection(makeClient().sites.get('org_1', 's1'), RedirectError);
    expect(error.message).toContain('more than 5 redirects in a row');
  });
});

describe('logging', () => {
  it('logs requests and retries without ever writing the token', async () => {
    const logger = { debug: vi.fn(), warn: vi.fn() };
    nock(API)
      .get(`${SITES}/s1`)
      .reply(503, { error: { message: `upstream rejected ${TOKEN}` } }, { 'retry-after': '0' });
    nock(API)
      .get(`${SITES}/s1`)
      .reply(401, { error: { message: `bad token ${TOKEN}` } });

    await rejection(makeClient({ logger }).sites.get('org_1', 's1'), ApiError);

    const debugLines = logger.debug.mock.calls.map(([line]) => String(line));
    expect(debugLines.some((line) => line.includes(`GET ${API}${SITES}/s1`))).toBe(true);
    expect(debugLines.some((line) => line.includes('401'))).toBe(true);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0]?.[0])).toMatch(/retrying GET .* \(retry 1 of 2\): HTTP 503$/);
    expect(JSON.stringify(logger.debug.mock.calls)).not.toContain(TOKEN);
    expect(JSON.stringify(logger.warn.mock.calls)).not.toContain(TOKEN);
  });

  it('does not write the token when a connection error message echoes it', async () => {
    const logger = { debug: vi.fn(), warn: vi.fn() };
    const failure = new Error(`proxy refused Authorization: Bearer ${TOKEN}`);
    nock(API).get(`${SITES}/s1`).replyWithError(failure);
    nock(API).get(`${SITES}/s1`).replyWithError(failure);

    const error = await rejection(
      makeClient({ logger, maxRetries: 1 }).sites.get('org_1', 's1'),
      ConnectionError,
    );
    expect(error.message).not.toContain(TOKEN);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify([logger.debug.mock.calls, logger.warn.mock.calls])).not.toContain(TOKEN);
  });
});
