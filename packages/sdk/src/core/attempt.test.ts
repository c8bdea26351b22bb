import { describe, expect, it } from 'vitest';
import { AbortError, RateLimitError, TimeoutError } from '../index.js';
import { API, makeClient, rejection, siteFixture as site } from '../../test-support/nock.js';

/*
 * A given `fetch` need only answer with the members the SDK reads of a Response: status, ok,
 * headers (`get`, `forEach`), `text()`, `body.cancel()`. The CLI's node:http transport answers
 * with no others (docs/decisions/0034-cli-node-http-transport.md); test/faults runs it over
 * real sockets. An attempt reads such an answer whole, headers and body, as it reads fetch's.
 */

const SITE_URL = `${API}/v1/orgs/org_1/sites/s1`;

/** Headers read through `get` and `forEach` only: no iterator, no own enumerable fields. */
class MinimalHeaders {
  readonly #entries: Array<[string, string]>;
  constructor(entries: Record<string, string>) {
    this.#entries = Object.entries(entries);
  }
  get(name: string): string | null {
    return this.#entries.find(([each]) => each === name.toLowerCase())?.[1] ?? null;
  }
  forEach(callback: (value: string, name: string) => void): void {
    for (const [name, value] of this.#entries) callback(value, name);
  }
}

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** The body's text; null for a body that never ends (until the request's signal aborts). */
  body: string | null;
}

/** A fetch whose answers have only those members (no `arrayBuffer()`), counting its calls. */
function minimalFetch({ status = 200, headers = {}, body }: Answer) {
  const calls: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString();
    calls.push(url);
    const signal = init?.signal;
    const answer = {
      status,
      ok: status >= 200 && status <= 299,
      url,
      headers: new MinimalHeaders({ 'content-type': 'application/json', ...headers }),
      body: { cancel: () => Promise.resolve() },
      text: () =>
        body === null
          ? new Promise<string>((_resolve, reject) =>
              signal?.addEventListener('abort', () => reject(new Error('the body read was aborted')), {
                once: true,
              }),
            )
          : Promise.resolve(body),
    };
    return Promise.resolve(answer as unknown as Response);
  };
  return { fetch, calls };
}

describe('an answer with text() and headers read through get and forEach only', () => {
  it('gives the data read through text(), and the headers with the response', async () => {
    const { fetch, calls } = minimalFetch({
      headers: { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '41' },
      body: JSON.stringify(site('s1')),
    });

    const { data, response, rateLimit } = await makeClient({ fetch, maxRetries: 0 })
      .sites.get('org_1', 's1')
      .withResponse();
    expect(data).toMatchObject({ id: 's1' });
    expect(response.headers.get('x-ratelimit-remaining')).toBe('41');
    expect(rateLimit).toMatchObject({ limit: 100, remaining: 41 });
    expect(calls).toEqual([SITE_URL]);
  });

  it("reads an error's headers: a Retry-After beyond maxRetryDelay fails at once, saying when", async () => {
    const { fetch, calls } = minimalFetch({ status: 429, headers: { 'retry-after': '86400' }, body: '{}' });

    const error = await rejection(makeClient({ fetch }).sites.get('org_1', 's1'), RateLimitError);
    expect(error.retryAfterMs).toBe(86_400_000);
    expect(calls).toHaveLength(1);
  });

  it('ends a body that never ends with a TimeoutError of the attempt', async () => {
    const { fetch } = minimalFetch({ body: null });

    const started = performance.now();
    const error = await rejection(
      makeClient({ fetch, maxRetries: 0 }).sites.get('org_1', 's1', { timeout: 100 }),
      TimeoutError,
    );
    expect(error.message).toBe(`GET ${SITE_URL} timed out after 0.1 s while reading the response body`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('ends a body the caller aborts with an AbortError', async () => {
    const { fetch } = minimalFetch({ body: null });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);

    const error = await rejection(
      makeClient({ fetch, maxRetries: 0 }).sites.get('org_1', 's1', { signal: controller.signal }),
      AbortError,
    );
    expect(error.message).toBe(`GET ${SITE_URL} was aborted`);
  });
});
