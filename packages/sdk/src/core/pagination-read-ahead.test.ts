import { describe, expect, it } from 'vitest';
import { AbortError, DocsClient, PaginationError } from '../index.js';
import { siteFixture as site } from '../../test-support/nock.js';

/*
 * A `for await` walk reads one page ahead (issue 28, item 8): the next page is asked for when a
 * page arrives, so its latency passes while the caller works; nothing is asked for after `break`
 * or an abort, and a read ahead under way then is aborted. A fake `fetch` records each request.
 */

interface Sent {
  cursor: string;
  /** Milliseconds since the fake was made. */
  at: number;
  signal: AbortSignal;
}

/** Pages `p0`, `p1`, ... of `size` sites each, `count` pages, answered after `latency` ms. */
function fakeList(count: number, size: number, latency: number, options: { cycleAt?: number } = {}) {
  const sent: Sent[] = [];
  const started = Date.now();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const cursor = url.searchParams.get('page') ?? 'p0';
    const signal = init?.signal ?? new AbortController().signal;
    sent.push({ cursor, at: Date.now() - started, signal });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, latency);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        },
        { once: true },
      );
    });
    const index = Number(cursor.slice(1));
    const next = options.cycleAt === index ? 'p1' : index + 1 < count ? `p${index + 1}` : undefined;
    const items = Array.from({ length: size }, (_, i) => site(`s${index * size + i}`));
    return new Response(
      JSON.stringify({ items, count: count * size, ...(next ? { next: { page: next } } : {}) }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
  };
  const client = new DocsClient({
    token: 'tok_test',
    baseUrl: 'https://api.test/v1',
    maxRetries: 0,
    responseValidation: 'strict',
    fetch,
  });
  return { client, sent };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a list walk reads one page ahead', () => {
  it('asks for the next page while the caller works on the current one', async () => {
    const { client, sent } = fakeList(4, 3, 5);
    const ids: string[] = [];
    /** Requests sent when the caller got each page's first and second item. */
    const sentAtItem: [number, number][] = [];
    for await (const item of client.sites.list('org_1')) {
      // The caller's work on the item; what was sent is read after it.
      await sleep(1);
      if (ids.length % 3 === 0) sentAtItem.push([sent.length, 0]);
      if (ids.length % 3 === 1) sentAtItem.at(-1)![1] = sent.length;
      ids.push(item.id);
    }
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => `s${i}`));
    // Page n+1 is asked for when the caller comes back for page n's second item; never more than one ahead.
    expect(sentAtItem).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 4],
    ]);
    expect(sent.map((s) => s.cursor)).toEqual(['p0', 'p1', 'p2', 'p3']);
  });

  it('overlaps the latency with the caller work: the next page is asked for while the caller works', async () => {
    const { client, sent } = fakeList(6, 2, 40);
    const askedWhileWorking: number[] = [];
    let index = 0;
    for await (const _item of client.sites.list('org_1')) {
      if (index++ % 2 === 1) {
        await sleep(40);
        askedWhileWorking.push(sent.length);
      }
    }
    // While the caller works on page k, page k + 1 is already in flight (a count, not a clock:
    // the test holds on a loaded machine); the last page has none after it.
    expect(askedWhileWorking).toEqual([2, 3, 4, 5, 6, 6]);
  });

  it('break right at the second item: the read ahead is let go before it is sent', async () => {
    const { client, sent } = fakeList(5, 3, 5);
    for await (const item of client.sites.list('org_1')) if (item.id === 's1') break;
    await sleep(20);
    expect(sent.map((s) => s.cursor)).toEqual(['p0']);
  });

  it('break at the first item asks for no other page', async () => {
    const { client, sent } = fakeList(5, 3, 5);
    for await (const item of client.sites.list('org_1')) {
      expect(item.id).toBe('s0');
      break;
    }
    await sleep(20);
    expect(sent.map((s) => s.cursor)).toEqual(['p0']);
  });

  it('a page of one item reads the next ahead too', async () => {
    const { client, sent } = fakeList(3, 1, 5);
    const seen: number[] = [];
    for await (const _item of client.sites.list('org_1')) {
      await sleep(1);
      seen.push(sent.length);
    }
    expect(seen).toEqual([2, 3, 3]);
  });

  it('break: no request after it, and the read ahead under way is aborted', async () => {
    const { client, sent } = fakeList(5, 3, 30);
    for await (const item of client.sites.list('org_1')) {
      // Work on the second item while the read ahead is under way, then stop.
      await sleep(5);
      if (item.id === 's1') break;
    }
    expect(sent.map((s) => s.cursor)).toEqual(['p0', 'p1']);
    expect(sent[1]!.signal.aborted).toBe(true);
    await sleep(60);
    expect(sent).toHaveLength(2);
  });

  it("the call's signal: AbortError, the read ahead aborted, nothing asked for after", async () => {
    const { client, sent } = fakeList(5, 3, 30);
    const controller = new AbortController();
    const ids: string[] = [];
    const walk = async () => {
      for await (const item of client.sites.list('org_1', {}, { signal: controller.signal })) {
        ids.push(item.id);
        await sleep(5);
        if (ids.length === 2) controller.abort();
      }
    };
    await expect(walk()).rejects.toBeInstanceOf(AbortError);
    expect(ids).toEqual(['s0', 's1']);
    expect(sent.map((s) => s.cursor)).toEqual(['p0', 'p1']);
    expect(sent[1]!.signal.aborted).toBe(true);
    await sleep(60);
    expect(sent).toHaveLength(2);
  });

  it('toArray({ max }) asks for no page past max', async () => {
    const { client, sent } = fakeList(5, 3, 5);
    const items = await client.sites.list('org_1').toArray({ max: 3 });
    expect(items.map((item) => item.id)).toEqual(['s0', 's1', 's2']);
    expect(items.capped).toBe(true);
    await sleep(20);
    expect(sent.map((s) => s.cursor)).toEqual(['p0']);
  });

  it('toArray({ max }) past a page reads ahead only the pages max needs', async () => {
    const { client, sent } = fakeList(5, 3, 5);
    const items = await client.sites.list('org_1').toArray({ max: 4 });
    expect(items.map((item) => item.id)).toEqual(['s0', 's1', 's2', 's3']);
    await sleep(20);
    // p1 was read ahead when p0 arrived (3 < 4); p1's 3 items cover max, so no p2.
    expect(sent.map((s) => s.cursor)).toEqual(['p0', 'p1']);
  });

  it('a cursor loop is reported after the items of the page that sent it', async () => {
    const { client, sent } = fakeList(3, 2, 5, { cycleAt: 2 });
    const ids: string[] = [];
    const walk = async () => {
      for await (const item of client.sites.list('org_1')) ids.push(item.id);
    };
    await expect(walk()).rejects.toBeInstanceOf(PaginationError);
    expect(ids).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
    expect(sent.map((s) => s.cursor)).toEqual(['p0', 'p1', 'p2']);
  });
});
