import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { ApiPromise, EventStream, MergeConflictError, PagePromise } from './index.js';
import { APIResource } from './core/resource.js';
import { Sites } from './generated/resources/sites.js';
import { SitesShareLinks } from './generated/resources/sites.shareLinks.js';
import { API, makeClient, siteFixture as site, useNockLifecycle } from '../test-support/nock.js';

/* The resources are generated classes; what a method returns is what its type says. */

useNockLifecycle();

describe('resource classes', () => {
  it('are class instances, their sub-resources properties', () => {
    const client = makeClient();
    expect(client.sites).toBeInstanceOf(Sites);
    expect(client.sites).toBeInstanceOf(APIResource);
    expect(client.sites.shareLinks).toBeInstanceOf(SitesShareLinks);
    expect(client.sites.shareLinks).toBe(client.sites.shareLinks);
    // The method that runs is the class's own (go-to-definition lands on it).
    expect(Object.getPrototypeOf(client.sites)).toBe(Sites.prototype);
    expect(Object.hasOwn(Sites.prototype, 'get')).toBe(true);
    expect(Object.keys(client)).not.toContain('sites');
  });

  it('answer an ApiPromise, a PagePromise or an EventStream, before and after the operation loads', async () => {
    nock(API).get('/v1/orgs/org_1/sites/s1').twice().reply(200, site('s1'));
    nock(API)
      .get('/v1/orgs/org_1/sites')
      .reply(200, { items: [site('s1')] });
    const client = makeClient();

    const first = client.sites.get('org_1', 's1');
    expect(first).toBeInstanceOf(ApiPromise);
    expect((await first).id).toBe('s1');
    const second = client.sites.get('org_1', 's1');
    expect(second).toBeInstanceOf(ApiPromise);
    expect((await second).id).toBe('s1');

    const pages = client.sites.list('org_1');
    expect(pages).toBeInstanceOf(PagePromise);
    expect((await pages.toArray({ max: 10 })).map((each) => each.id)).toEqual(['s1']);

    const stream = client.organizations.streamAsk('org_1', { query: 'hi' });
    expect(stream).toBeInstanceOf(EventStream);
    stream.abort();
  });

  it('run hand-written methods in hand-written code: a merge with conflicts rejects', async () => {
    nock(API)
      .post('/v1/spaces/sp_1/change-requests/3/merge')
      .reply(200, { result: 'conflicts', revision: 'rev_1' });
    const merge = makeClient().changeRequests.merge('sp_1', 3);
    expect(merge).toBeInstanceOf(ApiPromise);
    await expect(merge).rejects.toBeInstanceOf(MergeConflictError);
  });
});
