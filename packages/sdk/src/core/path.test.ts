import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { RequestValidationError, path } from '../index.js';
import { API, TOKEN, makeClient, rejection, siteFixture, useNockLifecycle } from '../../test-support/nock.js';
import { encodePathSegment, expandPath, pathParamNames } from './path.js';

const site = (id: string) => siteFixture(id, { title: 'Handbook', siteSpaces: 0 });

useNockLifecycle();

describe('path parameters on the wire', () => {
  it.each([
    ['a/b', 'a%2Fb'],
    ['a?b=c', 'a%3Fb%3Dc'],
    ['a#b', 'a%23b'],
    ['../admin', '..%2Fadmin'],
    ['my site', 'my%20site'],
    ['%2e%2e', '%252e%252e'],
    ['café', 'caf%C3%A9'],
  ])('sends the site id %j as one encoded segment %s', async (siteId, encoded) => {
    nock(API).get(`/v1/orgs/org_1/sites/${encoded}`).reply(200, site(siteId));

    await expect(makeClient().sites.get('org_1', siteId)).resolves.toMatchObject({ id: siteId });
  });

  // The document's EntityId pattern (letters, digits, `_`, `-`) checks an organization id before
  // anything is sent: one with a slash never reaches the path (0.1 sent it encoded).
  it('refuses an organization id the document does not allow, and sends nothing', async () => {
    const error = await rejection(makeClient().sites.delete('org/1', 's1'), RequestValidationError);
    expect(error.issues.map((issue) => issue.path)).toEqual(['path.organizationId']);
  });

  it.each(['.', '..'])('refuses the site id %j and sends nothing', async (siteId) => {
    const error = await rejection(makeClient().sites.get('org_1', siteId), RequestValidationError);
    expect(error.issues).toHaveLength(1);
    expect(error.operation).toBe('getSiteById');
    expect(error.issues[0]?.path).toBe('path.siteId');
    expect(error.message).toContain('must not be "." or ".."');
  });

  it('refuses an empty id and sends nothing', async () => {
    const error = await rejection(makeClient().sites.delete('org_1', ''), RequestValidationError);
    expect(error.issues.map((issue) => issue.path)).toEqual(['path.siteId']);
  });
});

describe('path tag', () => {
  it('encodes every interpolated value as one segment', () => {
    expect(path`/v1/orgs/${'org 1'}/sites/${'a/b?c'}`).toBe('/v1/orgs/org%201/sites/a%2Fb%3Fc');
  });

  it('accepts numbers', () => {
    expect(path`/v1/items/${42}`).toBe('/v1/items/42');
  });

  it('leaves the literal parts as written', () => {
    expect(path`/v1/orgs/${'o'}/sites?x=${'y/z'}`).toBe('/v1/orgs/o/sites?x=y%2Fz');
  });

  it.each(['.', '..', ''])('refuses %j', (value) => {
    expect(() => path`/v1/orgs/${value}/sites`).toThrow(RequestValidationError);
  });

  it.each([undefined, null, { id: 'x' }])('refuses a non-string value %j', (value) => {
    expect(() => path`/v1/orgs/${value}/sites`).toThrow(RequestValidationError);
  });

  it('builds a path that client.request sends as written', async () => {
    nock(API)
      .get('/v1/orgs/org_1/sites/a%2Fb/published')
      .matchHeader('authorization', `Bearer ${TOKEN}`)
      .reply(200, { ok: true });

    const data = await makeClient().request({
      method: 'GET',
      path: path`/v1/orgs/${'org_1'}/sites/${'a/b'}/published`,
    });
    expect(data).toEqual({ ok: true });
  });
});

describe('path helpers', () => {
  it('expands a template with encoded values', () => {
    expect(
      expandPath('/v1/orgs/{organizationId}/sites/{siteId}', { organizationId: 'o/1', siteId: 's 1' }),
    ).toBe('/v1/orgs/o%2F1/sites/s%201');
  });

  it('refuses a missing template value, naming it', () => {
    expect(() => expandPath('/v1/orgs/{organizationId}', {})).toThrow(/organizationId/);
  });

  it('lists the parameters of a template in order', () => {
    expect(pathParamNames('/v1/orgs/{organizationId}/sites/{siteId}/x')).toEqual([
      'organizationId',
      'siteId',
    ]);
  });

  it('names the parameter when it refuses a value', () => {
    expect(() => encodePathSegment('spaceId', '..')).toThrow(/spaceId/);
  });
});
