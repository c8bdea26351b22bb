import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import {
  ConnectionError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
  type RetryEvent,
} from '../index.js';
import {
  API,
  makeClient,
  rejection,
  siteFixture as site,
  useNockLifecycle,
} from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';
import { backoff, parseRetryAfter, readRateLimit, serverWait } from './retry.js';

const SITES = '/v1/orgs/org_1/sites';
const TEAMS = '/v1/orgs/org_1/teams';
const team = { ...documented.team('team_1'), title: 'Writers' };

/** Counts the requests an interceptor chain receives, whatever it answers. */
function counted(
  path: string,
  method: string,
  answers: Array<[number, unknown, Record<string, string>?]>,
): { hits: number } {
  const counter = { hits: 0 };
  for (const [status, body, headers] of answers) {
    nock(API)
      .intercept(path, method)
      .reply(() => {
        counter.hits++;
        return [status, body as object, headers ?? {}];
      });
  }
  return counter;
}

useNockLifecycle();

describe('Retry-After and X-RateLimit-Reset parsing', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');

  it.each([
    ['seconds', '120', 120_000],
    ['fractional seconds', '1.5', 1_500],
    ['zero', '0', 0],
    ['an HTTP date', 'Mon, 23 Nov 2026 10:00:30 GMT', 30_000],
    ['an HTTP date in the past (now)', 'Mon, 23 Nov 2026 09:00:00 GMT', 0],
    ['an RFC 850 date', 'Monday, 23-Nov-26 10:01:00 GMT', 60_000],
  ])('reads %s', (_what, value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it.each(['soon', '', '-5', '1e3', 'in a minute', '12abc', '2026-11-23'])(
    'does not understand %j',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    },
  );

  it('reads the X-RateLimit headers, and nothing when none is there', () => {
    const headers = new Headers({
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(now / 1000 + 42),
    });
    expect(readRateLimit(headers)).toEqual({ limit: 100, remaining: 0, resetAt: new Date(now + 42_000) });
    expect(readRateLimit(new Headers())).toBeUndefined();
    expect(readRateLimit(new Headers({ 'x-ratelimit-remaining': 'many' }))).toBeUndefined();
  });

  it('takes Retry-After first, then X-RateLimit-Reset on a 429, then nothing', () => {
    const reset = { resetAt: new Date(now + 7_000), remaining: 0 };
    expect(serverWait(429, new Headers({ 'retry-after': '3' }), reset, now)).toBe(3_000);
    expect(serverWait(429, new Headers({ 'retry-after': 'soon' }), reset, now)).toBe(7_000);
    expect(serverWait(429, new Headers(), { resetAt: new Date(now - 5_000) }, now)).toBe(0);
    expect(
      serverWait(503, new Headers(), { resetAt: new Date(now + 7_000), remaining: 5 }, now),
    ).toBeUndefined();
    expect(serverWait(503, new Headers(), undefined, now)).toBeUndefined();
  });

  it('backs off exponentially with up to 25% jitter, capped', () => {
    for (let i = 0; i < 20; i++) {
      expect(backoff(1, 60_000)).toBeGreaterThanOrEqual(375);
      expect(backoff(1, 60_000)).toBeLessThanOrEqual(500);
      expect(backoff(3, 60_000)).toBeGreaterThanOrEqual(1500);
      expect(backoff(3, 60_000)).toBeLessThanOrEqual(2000);
      expect(backoff(10, 1000)).toBeLessThanOrEqual(1000);
    }
  });
});

describe('the retry policy reads the operation, not the method', () => {
  it('sends teams.create (a PUT that creates) exactly once under 503 after processing', async () => {
    const server = counted(TEAMS, 'PUT', [
      [503, { message: 'created, then the gateway failed' }, { 'retry-after': '0' }],
    ]);
    nock(API).put(TEAMS).optionally().reply(201, team);

    await rejection(makeClient().teams.create('org_1', { title: 'Writers' }), InternalServerError);
    expect(server.hits).toBe(1);
    nock.cleanAll();
  });

  it('sends teams.create again when the connection was refused (it never reached the server)', async () => {
    nock(API).put(TEAMS).replyWithError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' });
    nock(API).put(TEAMS, { title: 'Writers' }).reply(201, team);

    await expect(makeClient().teams.create('org_1', { title: 'Writers' })).resolves.toMatchObject({
      id: 'team_1',
    });
  });

  it('does not replay teams.create after a reset: the server may have created the team', async () => {
    nock(API).put(TEAMS).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    const replay = counted(TEAMS, 'PUT', [[201, team]]);

    await rejection(makeClient().teams.create('org_1', { title: 'Writers' }), ConnectionError);
    expect(replay.hits).toBe(0);
    nock.cleanAll();
  });

  it('retries an idempotent call that timed out, and succeeds', async () => {
    nock(API).get(`${SITES}/s1`).delay(3000).reply(200, site('s1'));
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));

    await expect(makeClient({ timeout: 500 }).sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
  });

  it('does not retry a non-idempotent call that timed out', async () => {
    nock(API).post(SITES).delay(2000).reply(201, site('s1'));

    await rejection(makeClient({ timeout: 100 }).sites.create('org_1', { title: 'Once' }), TimeoutError);
  });

  it('lets client.request() declare a POST idempotent, and keeps a PATCH non-idempotent by default', async () => {
    nock(API)
      .post('/v1/custom')
      .reply(503, '', { 'retry-after': '0' })
      .post('/v1/custom')
      .reply(200, { ok: true });
    await expect(
      makeClient().request({ method: 'POST', path: '/v1/custom', body: {}, idempotent: true }),
    ).resolves.toEqual({ ok: true });

    nock(API).patch('/v1/custom').reply(503, '', { 'retry-after': '0' });
    await rejection(
      makeClient().request({ method: 'PATCH', path: '/v1/custom', body: {} }),
      InternalServerError,
    );

    nock(API).put('/v1/custom').reply(503, '', { 'retry-after': '0' });
    await rejection(
      makeClient().request({ method: 'PUT', path: '/v1/custom', body: {}, idempotent: false }),
      InternalServerError,
    );
  });
});

describe('waits', () => {
  it('falls back to the exponential backoff for a Retry-After it cannot read, not to the cap', async () => {
    nock(API).get(`${SITES}/s1`).reply(429, { message: 'slow down' }, { 'retry-after': 'soon' });
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));
    const events: RetryEvent[] = [];

    const started = Date.now();
    await makeClient({ maxRetryDelay: 60_000, onRetry: (event) => events.push(event) }).sites.get(
      'org_1',
      's1',
    );
    const elapsed = Date.now() - started;
    expect(events[0]?.delayMs).toBeGreaterThanOrEqual(375);
    expect(events[0]?.delayMs).toBeLessThanOrEqual(500);
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(5000);
  });

  it('waits until X-RateLimit-Reset when a 429 has no Retry-After', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 1;
    nock(API)
      .get(`${SITES}/s1`)
      .reply(
        429,
        { message: 'quota' },
        {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(reset),
        },
      );
    nock(API)
      .get(`${SITES}/s1`)
      .reply(200, site('s1'), { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' });
    const events: RetryEvent[] = [];

    const result = await makeClient({ maxRetryDelay: 5000, onRetry: (event) => events.push(event) })
      .sites.get('org_1', 's1')
      .withResponse();
    expect(Date.now()).toBeGreaterThanOrEqual(reset * 1000 - 50);
    expect(events).toHaveLength(1);
    expect(events[0]?.rateLimit).toEqual({ limit: 60, remaining: 0, resetAt: new Date(reset * 1000) });
    expect(result.rateLimit).toEqual({ limit: 60, remaining: 59 });
  });

  it('fails at once with a RateLimitError saying when, for an X-RateLimit-Reset beyond maxRetryDelay', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 86_400;
    nock(API)
      .get(`${SITES}/s1`)
      .reply(
        429,
        { message: 'daily quota used' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      );

    const error = await rejection(
      makeClient({ maxRetryDelay: 5000 }).sites.get('org_1', 's1'),
      RateLimitError,
    );
    expect(error.retryAt?.getTime()).toBe(reset * 1000);
    expect(error.retryAfterMs).toBeGreaterThan(86_000_000);
    expect(error.rateLimit).toEqual({ remaining: 0, resetAt: new Date(reset * 1000) });
    const iso = new Date(reset * 1000).toISOString().replace('.000Z', 'Z');
    expect(error.message).toMatch(new RegExp(`retry after ${iso} \\(in 8640\\d s\\)$`));
  });

  it('fails at once with the status class for a 503 whose Retry-After is beyond maxRetryDelay', async () => {
    nock(API).get(`${SITES}/s1`).reply(503, { message: 'maintenance' }, { 'retry-after': '86400' });

    const error = await rejection(makeClient().sites.get('org_1', 's1'), InternalServerError);
    expect(error.status).toBe(503);
    expect(error.retryAfterMs).toBe(86_400_000);
    expect(error.message).toContain('(in 86400 s)');
  });

  it('exposes the rate limit of an error and of a success; undefined without headers', async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .reply(404, { message: 'no' }, { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '3' });
    const error = await rejection(makeClient().sites.get('org_1', 's1'), NotFoundError);
    expect(error.rateLimit).toEqual({ limit: 10, remaining: 3 });

    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));
    expect((await makeClient().sites.get('org_1', 's1').withResponse()).rateLimit).toBeUndefined();
  });
});

describe('onRetry', () => {
  it('is called before every wait with the operation, the path without query, the attempt and the reason', async () => {
    nock(API).get(SITES).query({ limit: '5' }).reply(503, '', { 'retry-after': '0' });
    nock(API)
      .get(SITES)
      .query({ limit: '5' })
      .reply(429, '', { 'retry-after': '0', 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0' });
    nock(API)
      .get(SITES)
      .query({ limit: '5' })
      .reply(200, { items: [site('s1')] });
    const onRetry = vi.fn<(event: RetryEvent) => void>();

    await makeClient({ onRetry }).sites.list('org_1', { limit: 5 });
    expect(onRetry.mock.calls.map(([event]) => event)).toEqual([
      {
        operation: 'listSites',
        method: 'GET',
        path: SITES,
        attempt: 1,
        maxRetries: 2,
        delayMs: 0,
        reason: 'HTTP 503',
      },
      {
        operation: 'listSites',
        method: 'GET',
        path: SITES,
        attempt: 2,
        maxRetries: 2,
        delayMs: 0,
        reason: 'HTTP 429',
        rateLimit: { limit: 100, remaining: 0 },
      },
    ]);
  });

  it('names connection failures and timeouts', async () => {
    nock(API).get(`${SITES}/s1`).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    nock(API).get(`${SITES}/s1`).replyWithError({ code: 'ECONNREFUSED', message: 'refused' });
    nock(API).get(`${SITES}/s1`).delay(3000).reply(200, site('s1'));
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));
    const reasons: string[] = [];

    await makeClient({
      maxRetries: 3,
      timeout: 500,
      onRetry: (event) => reasons.push(event.reason),
    }).sites.get('org_1', 's1');
    expect(reasons).toEqual(['connection reset', 'connection refused', 'timeout']);
  });

  it('does not fail the call when the callback throws', async () => {
    nock(API).get(`${SITES}/s1`).reply(503, '', { 'retry-after': '0' });
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));

    await expect(
      makeClient({
        onRetry: () => {
          throw new Error('stderr is closed');
        },
      }).sites.get('org_1', 's1'),
    ).resolves.toMatchObject({ id: 's1' });
  });
});
