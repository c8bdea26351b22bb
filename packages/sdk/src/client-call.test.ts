import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  ApiPromise,
  EventStream,
  NotFoundError,
  PagePromise,
  RequestValidationError,
  type Site,
} from './index.js';
import { API, makeClient, siteFixture as site, useNockLifecycle } from '../test-support/nock.js';

/* `client.call(operationId, { params, query, body }, options)`: any operation by its id. */

useNockLifecycle();

const SITES = '/v1/orgs/org_1/sites';

describe('client.call', () => {
  it('answers one value as an ApiPromise, before and after the operation is loaded', async () => {
    nock(API).get(`${SITES}/s1`).twice().reply(200, site('s1'));
    const client = makeClient();

    const first = client.call('getSiteById', { params: { organizationId: 'org_1', siteId: 's1' } });
    expect(first).toBeInstanceOf(ApiPromise);
    const data: Site = await first;
    expect(data.id).toBe('s1');

    const again = client.call('getSiteById', { params: { organizationId: 'org_1', siteId: 's1' } });
    expect(again).toBeInstanceOf(ApiPromise);
    const { data: second, response } = await again.withResponse();
    expect([second.id, response.status]).toEqual(['s1', 200]);
  });

  it('answers a list as a PagePromise that walks every page', async () => {
    nock(API)
      .get(SITES)
      .query({ limit: '1' })
      .reply(200, { items: [site('s1')], next: { page: 'p2' } });
    nock(API)
      .get(SITES)
      .query({ limit: '1', page: 'p2' })
      .reply(200, { items: [site('s2')] });

    const pages = makeClient().call('listSites', {
      params: { organizationId: 'org_1' },
      query: { limit: 1 },
    });
    expect(pages).toBeInstanceOf(PagePromise);
    const ids: string[] = [];
    for await (const item of pages) ids.push(item.id);
    expect(ids).toEqual(['s1', 's2']);
  });

  it('answers a stream as an EventStream of checked events', async () => {
    const event = {
      type: 'answer',
      answer: { answer: { markdown: 'Hello' }, sources: [], followupQuestions: [] },
    };
    nock(API)
      .get('/v1/orgs/org_1/ask/stream')
      .query({ query: 'hi' })
      .reply(200, `data: ${JSON.stringify(event)}\n\n`, { 'content-type': 'text/event-stream' });

    const stream = makeClient().call('streamAskInOrganization', {
      params: { organizationId: 'org_1' },
      query: { query: 'hi' },
    });
    expect(stream).toBeInstanceOf(EventStream);
    const events: unknown[] = [];
    for await (const each of stream) events.push(each);
    expect(events).toEqual([event]);
  });

  it('retries as a method does, and maps errors to the same classes', async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .reply(503, { error: { code: 503, message: 'busy' } });
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));
    nock(API)
      .get(`${SITES}/nope`)
      .reply(404, { error: { code: 404, message: 'No site nope' } });
    const client = makeClient();

    expect((await client.call('getSiteById', { params: { organizationId: 'org_1', siteId: 's1' } })).id).toBe(
      's1',
    );
    await expect(
      client.call('getSiteById', { params: { organizationId: 'org_1', siteId: 'nope' } }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('checks the inputs before sending anything, naming the field', async () => {
    const client = makeClient();
    // Nothing is stubbed: a request sent would fail with a network error, not these.
    const badParam = client.call('getSiteById', {
      // @ts-expect-error: not a path parameter of getSiteById
      params: { organizationId: 'org_1', site: 's1' },
    });
    await expect(badParam).rejects.toBeInstanceOf(RequestValidationError);
    await expect(badParam).rejects.toThrow(/site/);

    // @ts-expect-error: `parms` is not a part of the input
    const badPart = client.call('getSiteById', { parms: { organizationId: 'org_1', siteId: 's1' } });
    await expect(badPart).rejects.toThrow(/parms: is not params, query or body/);

    const badQuery = client.call('listSites', {
      params: { organizationId: 'org_1' },
      // @ts-expect-error: limit is a number
      query: { limit: 'many' },
    });
    expect(badQuery).toBeInstanceOf(PagePromise);
    await expect(badQuery).rejects.toBeInstanceOf(RequestValidationError);
    await expect(badQuery).rejects.toThrow(/limit/);

    // @ts-expect-error: getSiteById takes its path parameters
    const missing = client.call('getSiteById');
    await expect(missing).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('refuses an id that is not an operation, naming the nearest', () => {
    const client = makeClient();
    // @ts-expect-error: not an operation id
    expect(() => client.call('getSiteByID', { params: {} })).toThrow(
      /"getSiteByID" is not an operation id \(did you mean getSiteById\?\)/,
    );
  });

  it('takes a number for a change request, as the method does', async () => {
    nock(API)
      .get('/v1/spaces/sp_1/change-requests/7')
      .reply(404, { error: { code: 404, message: 'No change request 7' } });
    await expect(
      makeClient().call('getChangeRequestById', {
        params: { spaceId: 'sp_1', changeRequestId: 7 as unknown as string },
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
