import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '@docs-api/sdk';
import { operations } from '@docs-api/sdk/contract';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { OKTA_CERTIFICATE } from '../seed-saml.js';

const ORG = 'org_acme';
const SSO = 'https://app.sandbox.docs-api.local/sso/saml';

const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBizCCATGgAwIBAgIUJ9RC+6q7EimgLVWCX2J/Krcvt4IwCgYIKoZIzj0EAwIw
9UFbs9n3zwH8r2TtL4UG
-----END CERTIFICATE-----`;

const entra = {
  label: 'Entra ID',
  entityID: 'https://sts.windows.test/acme/',
  certificate: CERTIFICATE,
  ssoURL: 'https://login.microsoftonline.test/acme/saml2',
};

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

describe('SAML providers: seed and reads', () => {
  it('lists the seeded Okta provider with its default team, role and derived service URLs', async () => {
    const { client } = setup();
    const page = await client.saml.list(ORG);
    expect(page.count).toBe(1);
    expect(page.items).toEqual([
      {
        object: 'saml-provider',
        id: 'saml_okta',
        label: 'Okta',
        ssoURL: 'https://acme.okta.test/app/acme_docs/exkacme0001/sso/saml',
        entityID: 'http://www.okta.com/exkacme0001',
        certificate: OKTA_CERTIFICATE,
        defaultTeam: await client.teams.get(ORG, 'team_docs'),
        defaultRole: 'edit',
        createdAt: '2026-01-05T11:00:00.000Z',
        status: 'active',
        service: {
          acsURL: `${SSO}/saml_okta/acs`,
          startURL: `${SSO}/saml_okta/start`,
          entityID: `${SSO}/saml_okta/metadata`,
        },
        urls: { location: 'http://sandbox.test/v1/orgs/org_acme/saml/saml_okta' },
      },
    ]);
    expect(await client.saml.get(ORG, 'saml_okta')).toEqual(page.items[0]);
  });

  it('derives the SSO entries from the providers', async () => {
    const { client } = setup();
    expect(await client.saml.listSsoEntries(ORG)).toEqual({
      items: [{ id: 'saml_okta', label: 'Okta', startURL: `${SSO}/saml_okta/start` }],
    });
    expect(await client.saml.listSsoEntries('org_beta')).toEqual({ items: [] });
  });

  it('answers 404 for an absent provider, or one of another organization', async () => {
    const { client } = setup();
    expect(await failure(client.saml.get(ORG, 'saml_nope'), NotFoundError)).toBe(
      'SAML provider "saml_nope" was not found',
    );
    await failure(client.saml.get('org_beta', 'saml_okta'), NotFoundError);
    await failure(client.saml.list('org_nope'), NotFoundError);
  });
});

describe('SAML providers: create, update, delete', () => {
  it('creates an active provider; without a role of its own it takes the organization default', async () => {
    const { client } = setup();
    const created = await client.saml.create(ORG, entra);
    expect(created).toMatchObject({
      label: 'Entra ID',
      status: 'active',
      defaultRole: 'read',
      createdAt: '2026-03-01T00:00:00.000Z',
      service: { startURL: `${SSO}/${created.id}/start` },
    });
    // No default team: absent (the document's `defaultTeam` is not nullable).
    expect(created).not.toHaveProperty('defaultTeam');
    expect((await client.saml.list(ORG)).items.map((p) => p.id)).toEqual(['saml_okta', created.id]);
    expect((await client.saml.listSsoEntries(ORG)).items.map((entry) => entry.label)).toEqual([
      'Okta',
      'Entra ID',
    ]);
  });

  it('refuses a default team that is not a team of the organization, and creates nothing', async () => {
    const { client, sandbox } = setup();
    const message = await failure(
      client.saml.create(ORG, { ...entra, defaultTeam: 'team_nope' }),
      BadRequestError,
    );
    expect(message).toBe('body.defaultTeam: "team_nope" is not a team of organization "org_acme"');
    expect(sandbox.store.samlProviders.size).toBe(1);
    await failure(client.saml.update(ORG, 'saml_okta', { defaultTeam: 'team_ghost' }), BadRequestError);
    expect((await client.saml.get(ORG, 'saml_okta')).defaultTeam?.id).toBe('team_docs');
  });

  it('updates only the given fields', async () => {
    const { client } = setup();
    const updated = await client.saml.update(ORG, 'saml_okta', {
      label: 'Okta (production)',
      defaultTeam: 'team_reviewers',
      defaultRole: 'review',
      certificate: CERTIFICATE,
    });
    expect(updated).toMatchObject({
      label: 'Okta (production)',
      defaultTeam: { id: 'team_reviewers' },
      defaultRole: 'review',
      certificate: CERTIFICATE,
      entityID: 'http://www.okta.com/exkacme0001',
      status: 'active',
    });
    expect(await client.saml.get(ORG, 'saml_okta')).toEqual(updated);
    expect((await client.saml.listSsoEntries(ORG)).items[0]?.label).toBe('Okta (production)');
    await failure(client.saml.update(ORG, 'saml_nope', { label: 'x' }), NotFoundError);
  });

  it('shows no default team once that team is deleted', async () => {
    const { client } = setup();
    await client.teams.delete(ORG, 'team_docs');
    expect(await client.saml.get(ORG, 'saml_okta')).not.toHaveProperty('defaultTeam');
  });

  it('creates a pending provider from a label alone; it becomes active, and an SSO entry, once configured', async () => {
    const { client } = setup();
    const pending = await client.saml.create(ORG, { label: 'Entra ID', defaultRole: null });
    expect(pending).toMatchObject({
      label: 'Entra ID',
      status: 'pending',
      // The document requires these three; what the service sends before they are set is not documented.
      ssoURL: 'about:blank',
      entityID: '',
      certificate: '',
      defaultRole: null,
    });
    expect((await client.saml.listSsoEntries(ORG)).items.map((entry) => entry.id)).toEqual(['saml_okta']);

    const { label: _label, ...idp } = entra;
    expect((await client.saml.update(ORG, pending.id, idp)).status).toBe('active');
    expect((await client.saml.listSsoEntries(ORG)).items.map((entry) => entry.id)).toEqual([
      'saml_okta',
      pending.id,
    ]);
  });

  it('deletes a provider, and deleting an absent one succeeds too', async () => {
    const { client, sandbox } = setup();
    await client.saml.delete(ORG, 'saml_okta');
    expect(sandbox.store.samlProviders.size).toBe(0);
    await failure(client.saml.get(ORG, 'saml_okta'), NotFoundError);
    expect(await client.saml.listSsoEntries(ORG)).toEqual({ items: [] });
    await expect(client.saml.delete(ORG, 'saml_okta')).resolves.toBeUndefined();
    expect(sandbox.hits.get('saml.delete')).toBe(2);
  });

  it('does not delete a provider of another organization', async () => {
    const { client, sandbox } = setup();
    await client.saml.delete('org_beta', 'saml_okta');
    expect(sandbox.store.samlProviders.has('saml_okta')).toBe(true);
  });
});

describe('SAML providers: the sandbox checks requests with the contract', () => {
  it('answers 400 naming the field when a request skips the SDK checks', async () => {
    const { sandbox } = setup();
    const response = await sandbox.fetch('http://sandbox.test/v1/orgs/org_acme/saml', {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...entra, certificate: 'not a certificate', defaultRole: 'owner' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { issues: Array<{ path: string }> } };
    // The certificate is any text of up to 10 000 characters (published document); the role must be one.
    expect(body.error.issues.map((issue) => issue.path)).toEqual(['body.defaultRole']);
    expect(sandbox.store.samlProviders.size).toBe(1);
  });
});

describe('coverage', () => {
  it('served every Single sign-on operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = operations.filter((op) => op.area === 'Single sign-on').map((op) => op.id);
    expect(ids).toHaveLength(6);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
