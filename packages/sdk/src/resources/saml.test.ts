import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { RequestValidationError, ResponseValidationError } from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';

const SAML = '/v1/orgs/org_1/saml';

const client = makeClient({ token: 'tok_test', maxRetries: 0 });

const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBizCCATGgAwIBAgIUJ9RC+6q7EimgLVWCX2J/Krcvt4IwCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQaWRwLmV4YW1wbGUudGVzdDAeFw0yNjExMjIxNzI5NDhaFw0z
9UFbs9n3zwH8r2TtL4UG
-----END CERTIFICATE-----
`;

const createBody = {
  label: 'Okta',
  entityID: 'http://www.okta.com/exk1',
  certificate: CERTIFICATE,
  ssoURL: 'https://acme.okta.test/app/sso/saml',
  defaultTeam: 'team_docs',
  defaultRole: 'edit' as const,
};

function provider(overrides: Record<string, unknown> = {}) {
  return {
    ...documented.samlProvider(),
    object: 'saml-provider',
    id: 'saml_1',
    label: 'Okta',
    ssoURL: createBody.ssoURL,
    entityID: createBody.entityID,
    certificate: CERTIFICATE,
    defaultTeam: { ...documented.team('team_docs'), title: 'Docs writers' },
    defaultRole: 'edit',
    createdAt: '2026-01-01T00:00:00.000Z',
    status: 'active',
    service: {
      acsURL: 'https://app.test/saml/saml_1/acs',
      startURL: 'https://app.test/saml/saml_1/start',
      entityID: 'https://app.test/saml/saml_1',
    },
    urls: { location: `${SAML}/saml_1` },
    ...overrides,
  };
}

/** Calls `fn`, which must throw a RequestValidationError, and returns the offending paths. */
async function invalidPaths(fn: () => PromiseLike<unknown>): Promise<string[]> {
  const error = await rejection(fn, RequestValidationError);
  return error.issues.map((issue) => issue.path);
}

useNockLifecycle();

describe('client.saml', () => {
  it('creates a provider with POST and reads the service side of the exchange', async () => {
    nock(API).post(SAML, createBody).reply(201, provider());

    const created = await client.saml.create('org_1', createBody);

    expect(created.service?.acsURL).toBe('https://app.test/saml/saml_1/acs');
    expect(created.defaultTeam?.id).toBe('team_docs');
  });

  it('creates a provider from a label alone (pending until configured), guests as default role', async () => {
    nock(API)
      .post(SAML, { label: 'Okta', defaultRole: null })
      .reply(201, provider({ status: 'pending', defaultRole: null, defaultTeam: undefined }));

    const created = await client.saml.create('org_1', { label: 'Okta', defaultRole: null });

    expect([created.status, created.defaultRole, created.defaultTeam]).toEqual(['pending', null, undefined]);
  });

  it('lists providers across pages and reads one, keeping unknown fields and statuses', async () => {
    nock(API)
      .get(SAML)
      .query({ limit: '1' })
      .reply(200, { items: [provider()], next: { page: 'p2' }, count: 2 })
      .get(SAML)
      .query({ limit: '1', page: 'p2' })
      .reply(200, { items: [provider({ id: 'saml_2', status: 'suspended' })], count: 2 })
      .get(`${SAML}/saml_2`)
      .reply(200, { ...documented.samlProvider('saml_2'), nameIdFormat: 'email' });

    const all = await client.saml.list('org_1', { limit: 1 }).toArray({ max: 10 });
    expect(all.map((p) => [p.id, p.status])).toEqual([
      ['saml_1', 'active'],
      ['saml_2', 'suspended'],
    ]);
    expect(await client.saml.get('org_1', 'saml_2')).toEqual({
      ...documented.samlProvider('saml_2'),
      nameIdFormat: 'email',
    });
  });

  it('raises a ResponseValidationError when a provider has no id', async () => {
    const { id: _id, ...noId } = documented.samlProvider();
    nock(API).get(`${SAML}/saml_1`).reply(200, noId);
    const error = await rejection(client.saml.get('org_1', 'saml_1'), ResponseValidationError);
    expect(error.issues.map((issue) => issue.path)).toEqual(['id']);
  });

  it('updates only the given fields with PATCH, and deletes with DELETE', async () => {
    nock(API)
      .patch(`${SAML}/saml_1`, { label: 'Okta (prod)', defaultRole: 'read' })
      .reply(200, provider({ label: 'Okta (prod)', defaultRole: 'read' }))
      .delete(`${SAML}/saml%2F1`)
      .reply(204);

    const updated = await client.saml.update('org_1', 'saml_1', {
      label: 'Okta (prod)',
      defaultRole: 'read',
    });
    expect(updated.label).toBe('Okta (prod)');
    await expect(client.saml.delete('org_1', 'saml/1')).resolves.toBeUndefined();
  });

  it('reads the SSO entries as one {items} answer', async () => {
    const entries = [{ id: 'saml_1', label: 'Okta', startURL: 'https://app.test/saml/saml_1/start' }];
    nock(API).get('/v1/orgs/org_1/sso').reply(200, { items: entries });

    expect(await client.saml.listSsoEntries('org_1')).toEqual({ items: entries });
  });

  it('checks every create field before sending', async () => {
    expect(
      await invalidPaths(() =>
        client.saml.create('org_1', {
          ...createBody,
          label: ' ',
          defaultRole: 'owner' as 'admin',
        }),
      ),
      // 0.1 also refused a certificate that is not one PEM block and an ssoURL other than http(s):
      // rules of its own. The document takes any string and any URL (the CLI checks a certificate
      // file with node's X509Certificate).
    ).toEqual(['body.label', 'body.defaultRole']);
    // Only `label` is required (published document); the document's lengths are checked.
    expect(
      await invalidPaths(() =>
        client.saml.create('org_1', {
          label: 'x'.repeat(31),
          entityID: 'e'.repeat(1025),
          ssoURL: `https://acme.okta.test/${'p'.repeat(2048)}`,
        }),
      ),
    ).toEqual(['body.label', 'body.entityID', 'body.ssoURL']);
    expect(
      await invalidPaths(() =>
        client.saml.create('org_1', { ...createBody, status: 'active' } as unknown as typeof createBody),
      ),
    ).toEqual(['body.status']);
  });

  // 0.1 also refused an empty update, a rule of its own: the document's fields are all optional.
  it('refuses a bad field in an update before sending', async () => {
    expect(await invalidPaths(() => client.saml.update('org_1', 'saml_1', { ssoURL: 'not a url' }))).toEqual([
      'body.ssoURL',
    ]);
    expect(await invalidPaths(() => client.saml.update('org_1', 'saml_1', { defaultTeam: '' }))).toEqual([
      'body.defaultTeam',
    ]);
  });
});
