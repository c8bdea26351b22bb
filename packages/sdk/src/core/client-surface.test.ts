/*
 * What a script author meets around the calls themselves (issue 17): options checked at
 * construction and per call, the forms an error takes when printed, the caller's frame in its
 * stack, ky hooks of the user's own, a 429 retried for every operation, and the client-level
 * concurrency limit.
 */
import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import type { BeforeErrorHook } from 'ky';
import {
  AbortError,
  DocsClient,
  InvalidOptionError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
} from '../index.js';
import {
  API,
  TOKEN,
  makeClient,
  rejection,
  siteFixture as site,
  useNockLifecycle,
} from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';

useNockLifecycle();

const SITES = '/v1/orgs/org_1/sites';
const construct = (options: Record<string, unknown>) => () =>
  new DocsClient({ token: TOKEN, baseUrl: `${API}/v1`, ...options });

describe('options checked at construction', () => {
  it.each([
    [{ timeout: 0 }, /timeout option must be a number of milliseconds greater than 0.*got 0/],
    [{ timeout: -5 }, /timeout option .* got -5/],
    [{ timeout: '5s' }, /timeout option .* got "5s"/],
    [{ maxRetries: -1 }, /maxRetries option must be a whole number of 0 or more.*got -1/],
    [{ maxRetries: Number.NaN }, /maxRetries option .* got NaN/],
    [{ maxRetries: 1.5 }, /maxRetries option .* got 1.5/],
    [{ fetch: 'x' }, /fetch option must be a function; got "x"/],
    [
      { logger: 'console' },
      /logger option must be an object with some of the methods debug, info, warn, error/,
    ],
    [{ logger: { warn: 'loud' } }, /logger option's warn must be a function/],
    [{ maxConcurrency: 0 }, /maxConcurrency option must be a whole number of 1 or more/],
    [{ hooks: { beforeRequest: ['x'] } }, /hooks.beforeRequest must be an array of functions/],
    [{ hooks: { afterResponce: [] } }, /did you mean `afterResponse`\?/],
  ])('refuses %o with an InvalidOptionError naming it and what is allowed', (options, message) => {
    expect(construct(options)).toThrow(InvalidOptionError);
    expect(construct(options)).toThrow(message);
  });

  it('refuses an unknown key, suggesting the near miss: baseURL is baseUrl', () => {
    expect(construct({ baseURL: 'http://127.0.0.1:1/v1' })).toThrow(
      /unknown DocsClient option `baseURL`; did you mean `baseUrl`\?/,
    );
    expect(construct({ maxRetires: 1 })).toThrow(/did you mean `maxRetries`\?/);
    expect(construct({ zzzzzzzzzz: 1 })).toThrow(
      /unknown DocsClient option `zzzzzzzzzz` \(allowed: token, baseUrl/,
    );
  });

  it('never echoes a token of the wrong type', () => {
    expect(construct({ token: 12345678901 })).toThrow(/the token option must be a string \(the API token\)$/);
  });

  it('accepts a logger with any subset of its methods, and uses the ones it has', async () => {
    nock(API).get(`${SITES}/s1`).reply(503, {}, { 'retry-after': '0' });
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));
    const lines: string[] = [];
    // No warn: the retry line has nowhere to go, and nothing crashes.
    const client = makeClient({ logger: { debug: (line) => lines.push(line) } });
    await expect(client.sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
    expect(lines.some((line) => line.startsWith('→ GET'))).toBe(true);
    expect(() => makeClient({ logger: {} })).not.toThrow();
  });
});

describe('options checked per call', () => {
  it.each([
    [{ timeout: 0 }, /the timeout option must be a number of milliseconds greater than 0/],
    [{ maxRetries: 1.5 }, /the maxRetries option must be a whole number/],
    [{ signal: 'stop' }, /the signal option must be an AbortSignal/],
    [{ timout: 5 }, /unknown request option `timout`; did you mean `timeout`\?/],
  ])('refuses %o before sending anything', async (options, message) => {
    const error = await rejection(
      makeClient().sites.get('org_1', 's1', options as Parameters<DocsClient['sites']['get']>[2]),
      InvalidOptionError,
    );
    expect(error.message).toMatch(message);
  });
});

describe('errors a person can act on', () => {
  it("carries the caller's frame in its stack", async () => {
    nock(API).get(`${SITES}/nope`).reply(404, { message: 'no such site' });
    const error = await rejection(makeClient().sites.get('org_1', 'nope'), NotFoundError);
    expect(error.stack).toContain('client-surface.test.ts');
  });

  it("carries the caller's frame for a request that was never sent (validation)", async () => {
    const error = await rejection(makeClient().sites.get('org_1', ''), Error);
    expect(error.stack).toContain('client-surface.test.ts');
  });

  it('prints headers as a plain object in console.log and JSON.stringify, with no token', async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .reply(
        429,
        { message: `slow down, ${TOKEN}` },
        { 'retry-after': '3600', 'x-request-id': 'req_1', 'set-cookie': 'session=abc' },
      );
    const error = await rejection(makeClient().sites.get('org_1', 's1'), RateLimitError);
    const shown = inspect(error, { depth: 4 });
    expect(shown).toContain("'x-request-id': 'req_1'");
    expect(shown).not.toContain('Headers {}');
    expect(shown).not.toContain(TOKEN);
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
    expect(json).toMatchObject({
      name: 'RateLimitError',
      status: 429,
      headers: { 'x-request-id': 'req_1', 'set-cookie': '[redacted]' },
    });
    expect(json.message).toContain('failed with 429');
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    // Still a Headers for code that reads it.
    expect(error.headers.get('retry-after')).toBe('3600');
  });

  it('gives the abort reason as the cause of an AbortError', async () => {
    nock(API).get(`${SITES}/s1`).delay(500).reply(200, site('s1'));
    const controller = new AbortController();
    const reason = new Error('the user pressed stop');
    setTimeout(() => controller.abort(reason), 20);
    const error = await rejection(
      makeClient().sites.get('org_1', 's1', { signal: controller.signal }),
      AbortError,
    );
    expect((error.cause as Error).message).toBe('the user pressed stop');
    nock.abortPendingRequests();
  });

  it('turns an AbortSignal.timeout() signal into a TimeoutError', async () => {
    nock(API).get(`${SITES}/s1`).delay(500).reply(200, site('s1'));
    const error = await rejection(
      makeClient().sites.get('org_1', 's1', { signal: AbortSignal.timeout(20) }),
      TimeoutError,
    );
    expect((error.cause as Error).name).toBe('TimeoutError');
    nock.abortPendingRequests();
  });

  it('says that toArray() needs max', async () => {
    nock(API)
      .get(SITES)
      .reply(200, { items: [site('s1')] });
    const list = makeClient().sites.list('org_1');
    const error = await rejection(
      () => (list as unknown as { toArray(): Promise<unknown> }).toArray(),
      InvalidOptionError,
    );
    expect(error.message).toMatch(/toArray\(\{ max \}\): max is required/);
    await list;
  });
});

describe("the user's own ky hooks", () => {
  it('runs beforeRequest, afterResponse (with a readable body) and beforeError (with ky’s HTTPError)', async () => {
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));
    nock(API).get(`${SITES}/nope`).reply(404, { message: 'gone' });
    const seen: string[] = [];
    const beforeError: BeforeErrorHook = (error) => {
      seen.push(`error ${error.name} ${error.response.status}`);
      return error;
    };
    const client = makeClient({
      hooks: {
        beforeRequest: [
          (request) => void seen.push(`request ${request.method} ${new URL(request.url).pathname}`),
        ],
        afterResponse: [
          async (_request, _options, response) =>
            void seen.push(`response ${(await response.text()).length > 10}`),
        ],
        beforeError: [beforeError],
      },
    });
    await expect(client.sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
    await rejection(client.sites.get('org_1', 'nope'), NotFoundError);
    expect(seen).toEqual([
      `request GET ${SITES}/s1`,
      'response true',
      `request GET ${SITES}/nope`,
      'response true',
      'error HTTPError 404',
    ]);
  });

  it('gives a beforeRequest hook the JSON body the attempt sends (a hook that signs requests reads it)', async () => {
    nock(API).post(SITES, { title: 'Signed' }).reply(200, site('s3'));
    const bodies: string[] = [];
    const client = makeClient({
      hooks: { beforeRequest: [async (request) => void bodies.push(await request.clone().text())] },
    });
    await expect(client.sites.create('org_1', { title: 'Signed' })).resolves.toMatchObject({ id: 's3' });
    expect(bodies.map((body) => JSON.parse(body) as unknown)).toEqual([{ title: 'Signed' }]);
  });

  it('takes the answer of a beforeRequest hook that answers in place of the server', async () => {
    const client = makeClient({
      hooks: { beforeRequest: [() => new Response(JSON.stringify(site('cached')), { status: 200 })] },
    });
    await expect(client.sites.get('org_1', 's1')).resolves.toMatchObject({ id: 'cached' });
  });
});

describe('a 429 is retried for every operation', () => {
  it('sends a PUT that creates (not idempotent) again after a 429, once', async () => {
    const body = { title: 'Writers' };
    nock(API).put('/v1/orgs/org_1/teams', body).reply(429, {}, { 'retry-after': '0' });
    nock(API)
      .put('/v1/orgs/org_1/teams', body)
      .reply(201, { ...documented.team('t1'), title: 'Writers' });
    await expect(makeClient().teams.create('org_1', body)).resolves.toMatchObject({ id: 't1' });
  });

  it('but not a PUT that creates answered 503 (it may have been processed)', async () => {
    nock(API).put('/v1/orgs/org_1/teams').reply(503, {}, { 'retry-after': '0' });
    await rejection(makeClient().teams.create('org_1', { title: 'Writers' }), Error);
  });
});

describe('the client-level concurrency limit', () => {
  it('keeps at most maxConcurrency attempts in flight across calls', async () => {
    let active = 0;
    let peak = 0;
    const fetch = async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
      return new Response(JSON.stringify(site('s1')), { status: 200 });
    };
    const client = new DocsClient({ token: TOKEN, baseUrl: `${API}/v1`, fetch, maxConcurrency: 3 });
    const results = await Promise.all(Array.from({ length: 20 }, () => client.sites.get('org_1', 's1')));
    expect(results).toHaveLength(20);
    expect(peak).toBe(3);
  });

  it('holds every queued call for a 429 and tells onRateLimit once', async () => {
    let calls = 0;
    const sentAt: number[] = [];
    const fetch = () => {
      calls++;
      sentAt.push(Date.now());
      return Promise.resolve(
        calls === 1
          ? new Response('{}', { status: 429, headers: { 'retry-after': '1' } })
          : new Response(JSON.stringify(site('s1')), { status: 200 }),
      );
    };
    const holds: number[] = [];
    const client = new DocsClient({
      token: TOKEN,
      baseUrl: `${API}/v1`,
      fetch,
      maxConcurrency: 1,
      maxRetryDelay: 5000,
      onRateLimit: (event) => holds.push(event.waitMs),
    });
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, () => client.sites.get('org_1', 's1')));
    expect(calls).toBe(6);
    expect(holds).toHaveLength(1);
    // Every request after the 429 waited for its second.
    for (const at of sentAt.slice(1)) expect(at - started).toBeGreaterThanOrEqual(990);
  });
});
