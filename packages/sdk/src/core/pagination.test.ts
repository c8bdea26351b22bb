import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  DocsError,
  InvalidOptionError,
  MAX_EMPTY_PAGES,
  NotFoundError,
  PagePromise,
  PaginationError,
} from '../index.js';
import {
  API,
  makeClient,
  rejection,
  siteFixture as site,
  useNockLifecycle,
} from '../../test-support/nock.js';

const SITES = '/v1/orgs/org_1/sites';

function page(ids: string[], next?: string, extra: Record<string, unknown> = {}) {
  return { items: ids.map((id) => site(id)), count: 5, ...(next ? { next: { page: next } } : {}), ...extra };
}

/** Three pages of the organization's sites: s1 s2 | s3 s4 | s5. */
function stubPage(pageToken: string | undefined, ids: string[], next?: string) {
  return nock(API)
    .get(SITES)
    .query({ limit: '2', ...(pageToken ? { page: pageToken } : {}) })
    .reply(200, page(ids, next));
}

useNockLifecycle();

describe('PagePromise over sites.list', () => {
  it('gives the first page when awaited', async () => {
    stubPage(undefined, ['s1', 's2'], 'p2');

    const first = await makeClient().sites.list('org_1', { limit: 2 });
    expect(first.items.map((item) => item.id)).toEqual(['s1', 's2']);
    expect(first.count).toBe(5);
    expect(first.next).toEqual({ page: 'p2' });
  });

  it('yields every item across three pages in order with for await', async () => {
    stubPage(undefined, ['s1', 's2'], 'p2');
    stubPage('p2', ['s3', 's4'], 'p3');
    stubPage('p3', ['s5']);

    const ids: string[] = [];
    for await (const item of makeClient().sites.list('org_1', { limit: 2 })) ids.push(item.id);
    expect(ids).toEqual(['s1', 's2', 's3', 's4', 's5']);
  });

  it('keeps the filters of the first request on every following page', async () => {
    nock(API)
      .get(SITES)
      .query({ limit: '1', space: 'sp_1', published: 'false' })
      .reply(200, page(['s1'], 'p2'));
    nock(API)
      .get(SITES)
      .query({ limit: '1', space: 'sp_1', published: 'false', page: 'p2' })
      .reply(200, page(['s2']));

    const all = await makeClient()
      .sites.list('org_1', { limit: 1, space: 'sp_1', published: false })
      .toArray({ max: 10 });
    expect(all.map((item) => item.id)).toEqual(['s1', 's2']);
  });

  it('yields the three pages with .pages(), envelope fields included', async () => {
    nock(API)
      .get(SITES)
      .query({ limit: '2' })
      .reply(200, page(['s1', 's2'], 'p2', { stats: { total: 5 } }));
    stubPage('p2', ['s3', 's4'], 'p3');
    stubPage('p3', ['s5']);

    const pages = [];
    for await (const each of makeClient().sites.list('org_1', { limit: 2 }).pages()) pages.push(each);
    expect(pages.map((each) => each.items.map((item) => item.id))).toEqual([
      ['s1', 's2'],
      ['s3', 's4'],
      ['s5'],
    ]);
    expect(pages[0]).toMatchObject({ stats: { total: 5 } });
    expect(pages[2]?.next).toBeUndefined();
  });

  it('stops at toArray({ max: 3 }) without fetching the third page', async () => {
    stubPage(undefined, ['s1', 's2'], 'p2');
    stubPage('p2', ['s3', 's4'], 'p3');
    // No stub for p3: fetching it would be an unmatched request.

    const items = await makeClient().sites.list('org_1', { limit: 2 }).toArray({ max: 3 });
    expect(items.map((item) => item.id)).toEqual(['s1', 's2', 's3']);
  });

  it('does not fetch the next page when max ends on a page boundary', async () => {
    stubPage(undefined, ['s1', 's2'], 'p2');

    const items = await makeClient().sites.list('org_1', { limit: 2 }).toArray({ max: 2 });
    expect(items.map((item) => item.id)).toEqual(['s1', 's2']);
  });

  it('collects everything with toArray({ max: Infinity })', async () => {
    stubPage(undefined, ['s1', 's2'], 'p2');
    stubPage('p2', ['s3', 's4'], 'p3');
    stubPage('p3', ['s5']);

    const items = await makeClient().sites.list('org_1', { limit: 2 }).toArray({ max: Infinity });
    expect(items).toHaveLength(5);
  });

  it.each([-1, 1.5, Number.NaN])('refuses toArray({ max: %s })', async (max) => {
    stubPage(undefined, ['s1', 's2'], 'p2');
    const list = makeClient().sites.list('org_1', { limit: 2 });
    await list; // the first page is requested at once

    await expect(list.toArray({ max })).rejects.toThrow(InvalidOptionError);
  });

  it('throws a PaginationError instead of looping when a page repeats its cursor, after the real items', async () => {
    stubPage(undefined, ['s1', 's2'], 'p2');
    stubPage('p2', ['s3', 's4'], 'p2');

    const ids: string[] = [];
    const walk = async () => {
      for await (const item of makeClient().sites.list('org_1', { limit: 2 })) ids.push(item.id);
    };
    const error = await rejection(walk, PaginationError);
    expect(ids).toEqual(['s1', 's2', 's3', 's4']);
    expect(error).toBeInstanceOf(DocsError);
    expect(error.operation).toBe('listSites');
    expect(error.reason).toBe('repeated-cursor');
    expect(error.pages).toBe(2);
    expect(error.cursors).toBe(1);
    expect(error.message).toContain('listSites: the server sent the cursor "p2" again after 2 page(s)');
  });

  it('throws a PaginationError when the cursors form a cycle', async () => {
    stubPage(undefined, ['s1'], 'pa');
    stubPage('pa', ['s2'], 'pb');
    stubPage('pb', ['s3'], 'pa');

    const error = await rejection(
      makeClient().sites.list('org_1', { limit: 2 }).toArray({ max: 100 }),
      PaginationError,
    );
    expect(error.pages).toBe(3);
    expect(error.cursors).toBe(2);
  });

  it('counts the cursor the caller started from as followed', async () => {
    stubPage('p2', ['s3'], 'p2');

    await rejection(
      makeClient().sites.list('org_1', { limit: 2, page: 'p2' }).toArray({ max: 10 }),
      PaginationError,
    );
  });

  it('shows only a short prefix of a long cursor', async () => {
    const cursor = `c_${'x'.repeat(200)}`;
    stubPage(undefined, ['s1'], cursor);
    stubPage(cursor, ['s2'], cursor);

    const error = await rejection(
      makeClient().sites.list('org_1', { limit: 2 }).toArray({ max: 10 }),
      PaginationError,
    );
    expect(error.message).toContain('"c_xxxxxx…" (202 characters)');
    expect(error.message).not.toContain('x'.repeat(20));
  });

  it(`follows up to ${MAX_EMPTY_PAGES} empty pages in a row that carry a cursor`, async () => {
    stubPage(undefined, [], 'e1');
    stubPage('e1', [], 'e2');
    stubPage('e2', [], 'e3');
    stubPage('e3', ['s1'], 'p2');
    stubPage('p2', [], 'e4');
    stubPage('e4', ['s2']);

    const items = await makeClient().sites.list('org_1', { limit: 2 }).toArray({ max: 100 });
    expect(items.map((item) => item.id)).toEqual(['s1', 's2']);
  });

  it('stops endless empty pages with new cursors after a bounded number of requests', async () => {
    let requests = 0;
    nock(API)
      .get(SITES)
      .query(true)
      .times(MAX_EMPTY_PAGES + 1)
      .reply(() => {
        requests++;
        return [200, page([], `cursor_${requests}`)];
      });

    const error = await rejection(makeClient().sites.list('org_1').toArray({ max: 30 }), PaginationError);
    expect(requests).toBe(MAX_EMPTY_PAGES + 1);
    expect(error.reason).toBe('empty-pages');
    expect(error.pages).toBe(MAX_EMPTY_PAGES + 1);
    expect(error.message).toContain(
      `${MAX_EMPTY_PAGES + 1} empty pages in a row that still pointed to a next page`,
    );
  });

  it('treats a null next as the last page', async () => {
    nock(API)
      .get(SITES)
      .query({ limit: '2' })
      .reply(200, { items: [site('s1')], next: null });

    const pages = [];
    for await (const each of makeClient().sites.list('org_1', { limit: 2 }).pages()) pages.push(each);
    expect(pages).toHaveLength(1);
  });

  it('passes on the error of a later page', async () => {
    stubPage(undefined, ['s1', 's2'], 'p2');
    nock(API).get(SITES).query({ limit: '2', page: 'p2' }).reply(404, { message: 'cursor expired' });

    const ids: string[] = [];
    const walk = async () => {
      for await (const item of makeClient().sites.list('org_1', { limit: 2 })) ids.push(item.id);
    };
    await expect(walk()).rejects.toBeInstanceOf(NotFoundError);
    expect(ids).toEqual(['s1', 's2']);
  });

  it('is a PagePromise with the first page and its response', async () => {
    nock(API)
      .get(SITES)
      .query({ limit: '2' })
      .reply(200, page(['s1']), { 'x-request-id': 'req_1' });

    const list = makeClient().sites.list('org_1', { limit: 2 });
    expect(list).toBeInstanceOf(PagePromise);
    const { data, response } = await list.withResponse();
    expect(data.items[0]?.id).toBe('s1');
    expect(response.headers.get('x-request-id')).toBe('req_1');
  });
});
