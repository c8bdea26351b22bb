/*
 * What a script author met (issue 24, "What a script author meets", points 1, 3, 4, 7 and 9) and
 * the call's deadline across attempts (issue 23, waiting): each test failed before its fix.
 */
import nock from 'nock';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ApiPromise, PagePromise } from '../index.js';
import {
  AbortError,
  ApiError,
  ConflictError,
  DocsClient,
  DocsError,
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

useNockLifecycle();

const SITES = '/v1/orgs/org_1/sites';

describe('errors of another copy of the SDK (point 1)', () => {
  it('are instances of this copy’s classes, and of no other', async () => {
    vi.resetModules();
    const other = await import('./errors.js');
    expect(other.NotFoundError).not.toBe(NotFoundError);
    const error = new other.NotFoundError({
      status: 404,
      body: { message: 'gone' },
      headers: new Headers(),
      method: 'GET',
      url: `${API}${SITES}/s1`,
    });
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error instanceof ApiError).toBe(true);
    expect(error instanceof DocsError).toBe(true);
    expect(error instanceof ConflictError).toBe(false);
    expect(new other.TimeoutError('late') instanceof TimeoutError).toBe(true);
    expect(new Error('plain') instanceof DocsError).toBe(false);
    expect({ name: 'NotFoundError' } instanceof NotFoundError).toBe(false);
  });

  it('keeps the ordinary check for a subclass of the user’s own', () => {
    class MyError extends NotFoundError {}
    const theirs = new MyError({
      status: 404,
      body: undefined,
      headers: new Headers(),
      method: 'GET',
      url: API,
    });
    const plain = new NotFoundError({
      status: 404,
      body: undefined,
      headers: new Headers(),
      method: 'GET',
      url: API,
    });
    expect(theirs instanceof MyError).toBe(true);
    expect(plain instanceof MyError).toBe(false);
    expect(theirs instanceof NotFoundError).toBe(true);
  });
});

describe('for await over a list (point 3)', () => {
  it('stops at the next item once the signal aborts, not after the rest of the page', async () => {
    nock(API)
      .get(SITES)
      .query(true)
      .reply(200, { items: ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => site(id)), next: { page: 'p2' } });
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await rejection(async () => {
      for await (const each of makeClient().sites.list('org_1', {}, { signal: controller.signal })) {
        seen.push(each.id);
        controller.abort();
      }
    }, AbortError);
    expect(seen).toEqual(['a']);
    expect(error.message).toContain('aborted');
  });
});

describe('promise types (point 4)', () => {
  /** The type of the reason a `catch` callback receives. */
  type CatchReason<P> = P extends { catch(onrejected: (reason: infer R) => unknown): unknown } ? R : never;
  type ThenReason<P> = P extends {
    then(onfulfilled: never, onrejected: (reason: infer R) => unknown): unknown;
  }
    ? R
    : never;

  it('types the reason of catch and then as a Promise does (any), so e.message type-checks', () => {
    expectTypeOf<CatchReason<Promise<string>>>().toBeAny();
    expectTypeOf<CatchReason<ApiPromise<string>>>().toBeAny();
    expectTypeOf<CatchReason<PagePromise<string>>>().toBeAny();
    expectTypeOf<ThenReason<ApiPromise<string>>>().toBeAny();
  });
});

describe('toArray({ max }) (point 7)', () => {
  const page = (ids: string[], next?: string) => ({
    items: ids.map((id) => site(id)),
    ...(next ? { next: { page: next } } : {}),
  });

  it('says it was capped when the page held more', async () => {
    nock(API)
      .get(SITES)
      .query(true)
      .reply(200, page(['a', 'b', 'c']));
    const items = await makeClient().sites.list('org_1').toArray({ max: 1 });
    expect(items.map((each) => each.id)).toEqual(['a']);
    expect(items.capped).toBe(true);
    expect(Object.keys(items)).toEqual(['0']);
  });

  it('says it was capped when a next page was named, and not when the list ended', async () => {
    nock(API)
      .get(SITES)
      .query(true)
      .reply(200, page(['a', 'b'], 'p2'));
    const capped = await makeClient().sites.list('org_1').toArray({ max: 2 });
    expect(capped.capped).toBe(true);
    nock(API)
      .get(SITES)
      .query(true)
      .reply(200, page(['a', 'b']));
    const whole = await makeClient().sites.list('org_1').toArray({ max: 2 });
    expect(whole.capped).toBe(false);
  });
});

describe('messages (point 9)', () => {
  it('suggests maxRetries for retries, and maxRetryDelay for delay', () => {
    expect(() => new DocsClient({ token: TOKEN, retries: 3 } as never)).toThrow(
      /unknown DocsClient option `retries`; did you mean `maxRetries`\?/,
    );
    expect(() => new DocsClient({ token: TOKEN, delay: 3 } as never)).toThrow(
      /did you mean `maxRetryDelay`\?/,
    );
    expect(() => new DocsClient({ token: TOKEN, retries: 3 } as never)).toThrow(InvalidOptionError);
  });

  it('says the wait of a 429 once when the server already says it', async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .reply(
        429,
        { message: 'Rate limit exceeded: 100 requests per window; retry in 3600 s' },
        { 'retry-after': '3600' },
      );
    const error = await rejection(makeClient().sites.get('org_1', 's1'), RateLimitError);
    expect(error.message.match(/retry/gi)).toHaveLength(1);
    expect(error.retryAt).toBeInstanceOf(Date);
  });

  it('logs a failure without repeating the request line', async () => {
    nock(API).get(`${SITES}/nope`).reply(404, { message: 'no such site' });
    const lines: string[] = [];
    await rejection(
      makeClient({ logger: { debug: (line) => lines.push(line) } }).sites.get('org_1', 'nope'),
      NotFoundError,
    );
    const failure = lines.find((line) => line.startsWith('✗'));
    expect(failure).toBe(`✗ GET ${API}${SITES}/nope failed with 404: no such site`);
  });

  it('puts the caller’s line first after --- called from ---', async () => {
    nock(API).get(`${SITES}/nope`).reply(404, { message: 'no such site' });
    const error = await rejection(makeClient().sites.get('org_1', 'nope'), NotFoundError);
    const after = error.stack!.split('--- called from ---\n')[1]!;
    expect(after.split('\n')[0]).toContain('script-author.test.ts');
  });
});

describe('a deadline across attempts (issue 23, waiting)', () => {
  it('gives up on a server that never answers after totalTimeout in all, retries included', async () => {
    nock(API).get(`${SITES}/s1`).delay(5000).reply(200, site('s1')).persist();
    const started = Date.now();
    const error = await rejection(
      makeClient({ timeout: 150, totalTimeout: 400, maxRetries: 5, maxRetryDelay: 10 }).sites.get(
        'org_1',
        's1',
      ),
      TimeoutError,
    );
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(380);
    expect(took).toBeLessThan(1500);
    expect(error.message).toMatch(
      new RegExp(
        `^GET ${API}${SITES}/s1 timed out after 0\\.4 s in all \\(\\d attempts\\), waiting for the response`,
      ),
    );
    nock.cleanAll();
  });

  it('has a default of 60 s in all', async () => {
    const { clientOptionsSchema } = await import('./options.js');
    expect(Object.keys(clientOptionsSchema.shape)).toContain('totalTimeout');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      nock(API).get(`${SITES}/s1`).delay(600_000).reply(200, site('s1')).persist();
      const call = rejection(makeClient({ maxRetryDelay: 60_000 }).sites.get('org_1', 's1'), TimeoutError);
      await vi.advanceTimersByTimeAsync(59_000);
      let settled = false;
      void call.finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1_500);
      expect((await call).message).toContain('timed out after 60 s in all');
    } finally {
      vi.useRealTimers();
      nock.cleanAll();
    }
  });
});
