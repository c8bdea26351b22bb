import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { RequestValidationError, ResponseValidationError } from '../index.js';
import {
  API,
  makeClient,
  rejection,
  siteFixture as site,
  useNockLifecycle,
} from '../../test-support/nock.js';

const SITES = '/v1/orgs/org_1/sites';

useNockLifecycle();

describe('sites.list query', () => {
  it('encodes limit, space, title and published=false, leaving out undefined values', async () => {
    nock(API)
      .get(SITES)
      .query({ limit: '5', space: 'sp_1', title: 'Dev Docs', published: 'false' })
      .reply(200, { items: [site('s1')] });

    const first = await makeClient().sites.list('org_1', {
      limit: 5,
      space: 'sp_1',
      title: 'Dev Docs',
      published: false,
      page: undefined,
    });
    expect(first.items.map((item) => item.id)).toEqual(['s1']);
  });

  it('sends no query string when no filter is given', async () => {
    nock(API)
      .get((uri) => uri === SITES)
      .reply(200, { items: [] });

    await expect(makeClient().sites.list('org_1')).resolves.toMatchObject({ items: [] });
  });

  it('sends published=true', async () => {
    nock(API).get(SITES).query({ published: 'true' }).reply(200, { items: [] });

    await makeClient().sites.list('org_1', { published: true });
  });

  it('passes the share key of sites.getPublished as a query parameter', async () => {
    const published = {
      object: 'published-content-site',
      site: site('s1'),
      structure: { type: 'sections', structure: [] },
      customizations: {},
      scripts: [],
    };
    nock(API).get(`${SITES}/s1/published`).query({ shareKey: 'k 1&2' }).reply(200, published);

    await expect(makeClient().sites.getPublished('org_1', 's1', { shareKey: 'k 1&2' })).resolves.toEqual(
      published,
    );
  });
});

describe('sites bodies', () => {
  it('sends the exact body of sites.create', async () => {
    const body = { title: 'Developer docs', visibility: 'share-link' as const, spaces: ['sp_1', 'sp_2'] };
    nock(API)
      .post(SITES, body)
      .reply(201, site('s_new', { title: 'Developer docs' }));

    const created = await makeClient().sites.create('org_1', body);
    expect(created).toMatchObject({ id: 's_new', title: 'Developer docs' });
  });

  it('sends an empty JSON object when sites.create gets no body', async () => {
    nock(API)
      .post(SITES, (received: unknown) => JSON.stringify(received) === '{}')
      .matchHeader('content-type', /application\/json/)
      .reply(201, site('s_new'));

    await makeClient().sites.create('org_1');
  });

  it('sends the exact body of sites.update', async () => {
    const body = {
      title: 'Renamed',
      basename: 'docs',
      adaptiveContent: { enabled: true },
      agentsContext: 'included' as const,
      proxy: 'example.com/docs',
    };
    nock(API)
      .patch(`${SITES}/s1`, body)
      .reply(200, site('s1', { title: 'Renamed' }));

    await expect(makeClient().sites.update('org_1', 's1', body)).resolves.toMatchObject({ title: 'Renamed' });
  });

  it('sends proxy: null as JSON null, to remove the proxy', async () => {
    nock(API)
      .patch(`${SITES}/s1`, (received: unknown) => JSON.stringify(received) === '{"proxy":null}')
      .reply(200, site('s1', { proxy: null }));

    const updated = await makeClient().sites.update('org_1', 's1', { proxy: null });
    expect(updated.proxy).toBeNull();
  });

  it('returns undefined for a 204 from sites.delete', async () => {
    nock(API).delete(`${SITES}/s1`).reply(204);

    await expect(makeClient().sites.delete('org_1', 's1')).resolves.toBeUndefined();
  });
});

describe('request validation (nothing is sent)', () => {
  // With net connect disabled and no interceptor, a request that went out would fail with a
  // ConnectionError and be recorded as unmatched; RequestValidationError proves it never left.
  it.each([
    ['a 1-character title', { title: 'x' }],
    ['a 129-character title', { title: 'x'.repeat(129) }],
  ])('refuses %s on create', async (_case, body) => {
    const error = await rejection(makeClient().sites.create('org_1', body), RequestValidationError);
    expect(error.operation).toBe('createSite');
    expect(error.issues.map((issue) => issue.path)).toEqual(['body.title']);
    expect(error.message).toContain('body.title');
  });

  it('accepts titles of 2 and 128 characters', async () => {
    nock(API).post(SITES, { title: 'ab' }).reply(201, site('s_a'));
    nock(API)
      .post(SITES, { title: 'y'.repeat(128) })
      .reply(201, site('s_b'));

    await makeClient().sites.create('org_1', { title: 'ab' });
    await makeClient().sites.create('org_1', { title: 'y'.repeat(128) });
  });

  it('refuses limit 1001 on list', async () => {
    const error = await rejection(makeClient().sites.list('org_1', { limit: 1001 }), RequestValidationError);
    expect(error.operation).toBe('listSites');
    expect(error.issues.map((issue) => issue.path)).toEqual(['query.limit']);
  });

  it('refuses a proxy that is not a domain with a path', async () => {
    const error = await rejection(
      makeClient().sites.update('org_1', 's1', { proxy: 'not a proxy' }),
      RequestValidationError,
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['body.proxy']);
    // The generated check quotes the extract's pattern (0.1 said "must look like example.com/docs").
    expect(error.message).toMatch(/body\.proxy: .*pattern/);
  });

  it('refuses an unknown body key, naming it', async () => {
    // @ts-expect-error: the types refuse the typo too
    const error = await rejection(makeClient().sites.create('org_1', { titel: 'x' }), RequestValidationError);
    expect(error.issues).toEqual([
      { path: 'body.titel', message: 'is not a known field (did you mean title?)' },
    ]);
  });

  it('counts only the fields JSON will carry against a body that needs at least one', async () => {
    // `{ name: undefined }` is sent as `{}`, which the document's minProperties refuses (found by fuzz.test).
    const error = await rejection(
      makeClient().sites.shareLinks.update('org_1', 's1', 'sl_1', { name: undefined }),
      RequestValidationError,
    );
    expect(error.issues).toEqual([{ path: 'body', message: 'must have at least 1 field' }]);
  });

  it('refuses a visibility the contract does not list', async () => {
    const error = await rejection(
      // @ts-expect-error: requests accept only the documented visibilities
      makeClient().sites.update('org_1', 's1', { visibility: 'members-only' }),
      RequestValidationError,
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['body.visibility']);
  });

  it('reports every broken field at once', async () => {
    const error = await rejection(
      makeClient().sites.update('org_1', 's1', { title: 'x', basename: '' }),
      RequestValidationError,
    );
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['body.basename', 'body.title']);
  });
});

describe('reading sites tolerantly', () => {
  it('keeps unknown fields and accepts an unknown visibility', async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .reply(200, site('s1', { visibility: 'members-only', theme: { accent: 'teal' } }));

    const result = await makeClient().sites.get('org_1', 's1');
    expect(result.visibility).toBe('members-only');
    expect(result).toMatchObject({ theme: { accent: 'teal' } });
  });

  it('refuses a site without an id with the issues and the raw data', async () => {
    const { id: _id, ...withoutId } = site('s1');
    nock(API).get(`${SITES}/s1`).reply(200, withoutId);

    const error = await rejection(makeClient().sites.get('org_1', 's1'), ResponseValidationError);
    expect(error.operation).toBe('getSiteById');
    expect(error.issues.map((issue) => issue.path)).toEqual(['id']);
    expect(error.data).toEqual(withoutId);
  });

  it("refuses published: 'yes'", async () => {
    nock(API)
      .get(`${SITES}/s1`)
      .reply(200, site('s1', { published: 'yes' }));

    const error = await rejection(makeClient().sites.get('org_1', 's1'), ResponseValidationError);
    expect(error.issues.map((issue) => issue.path)).toEqual(['published']);
    expect(error.data).toMatchObject({ published: 'yes' });
  });

  it('names the index of a bad item in a list', async () => {
    nock(API)
      .get(SITES)
      .reply(200, { items: [site('s1'), site('s2', { siteSpaces: 'two' })] });

    const error = await rejection(makeClient().sites.list('org_1'), ResponseValidationError);
    expect(error.issues.map((issue) => issue.path)).toEqual(['items.1.siteSpaces']);
  });
});
