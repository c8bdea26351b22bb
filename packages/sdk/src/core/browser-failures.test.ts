import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError, DocsError, type RetryEvent } from '../index.js';
import { API, makeClient, rejection } from '../../test-support/nock.js';

/*
 * What a page sees when fetch gets no answer it may read: a bare `TypeError` whose message is
 * fixed per browser, whether the server is down or the browser blocked the call (CORS). The
 * SDK cannot tell them apart, so it keeps the network failure's retry policy and says both.
 */

const HINT =
  "could not reach the server, or the browser blocked the call (CORS: the server must allow this page's origin";

/** A fetch that fails as a browser's does, counting its calls. */
function browserFetch(message = 'Failed to fetch') {
  const calls: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push(
      input instanceof Request ? `${input.method} ${input.url}` : `${init?.method ?? 'GET'} ${String(input)}`,
    );
    return Promise.reject(new TypeError(message));
  };
  return { fetch, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a browser fetch failure', () => {
  it.each([
    ['Chromium', 'Failed to fetch'],
    ['Firefox', 'NetworkError when attempting to fetch resource.'],
    ['Safari', 'Load failed'],
  ])('(%s: %j) becomes a ConnectionError that names CORS as a possible cause', async (_browser, message) => {
    const { fetch } = browserFetch(message);
    const error = await rejection(
      makeClient({ fetch, maxRetries: 0 }).sites.get('org_1', 's1'),
      ConnectionError,
    );
    expect(error).toBeInstanceOf(DocsError);
    expect(error.name).toBe('ConnectionError');
    expect(error.message).toBe(
      `GET ${API}/v1/orgs/org_1/sites/s1 failed: ${HINT}; the browser's console says which) (${message})`,
    );
    expect((error.cause as Error).message).toBe(message);
  });

  it("names the page's origin when there is one", async () => {
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:5173' });
    const { fetch } = browserFetch();
    const error = await rejection(makeClient({ fetch, maxRetries: 0 }).sites.list('org_1'), ConnectionError);
    expect(error.message).toContain(`${HINT}, http://127.0.0.1:5173; the browser's console says which)`);
  });

  it('is retried for an idempotent call, as the network failure it may be, then thrown', async () => {
    const { fetch, calls } = browserFetch();
    const events: RetryEvent[] = [];
    const error = await rejection(
      makeClient({ fetch, onRetry: (event) => events.push(event) }).sites.get('org_1', 's1'),
      ConnectionError,
    );
    expect(calls).toEqual(Array(3).fill(`GET ${API}/v1/orgs/org_1/sites/s1`));
    expect(events.map((event) => event.reason)).toEqual(['connection failed', 'connection failed']);
    expect(error.message).toContain(HINT);
  });

  it('is not retried for a POST: the server may have received it', async () => {
    const { fetch, calls } = browserFetch();
    const error = await rejection(
      makeClient({ fetch }).sites.create('org_1', { title: 'Once only' }),
      ConnectionError,
    );
    expect(calls).toEqual([`POST ${API}/v1/orgs/org_1/sites`]);
    expect(error.message).toContain(HINT);
  });

  it("is told apart from Node's failures, which keep their own message", async () => {
    const reset = new TypeError('fetch failed', {
      cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
    });
    const codeless = new TypeError('fetch failed');
    // A browser-like message with a code is a runtime's own failure, not a browser's.
    const coded = Object.assign(new TypeError('Failed to fetch'), { code: 'ECONNRESET' });
    for (const failure of [reset, codeless, coded]) {
      const fetch = (() => Promise.reject(failure)) as typeof globalThis.fetch;
      const error = await rejection(
        makeClient({ fetch, maxRetries: 0 }).sites.get('org_1', 's1'),
        ConnectionError,
      );
      expect(error.message).toContain('the connection failed before an answer');
      expect(error.message).not.toContain('CORS');
    }
  });
});
