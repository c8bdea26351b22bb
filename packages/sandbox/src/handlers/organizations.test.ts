import { describe, expect, it } from 'vitest';
import { BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from '@docs-api/sdk';
import { documentFromText } from '@docs-api/sdk/contract';
import { failure, sandboxWithClient, steppingClock } from '../../test-support/client.js';

const ORG = 'org_acme';

function setup() {
  return sandboxWithClient({ clock: steppingClock(Date.UTC(2026, 2, 1)) });
}

describe('organizations: settings', () => {
  it('updates the settings an admin sends, and keeps the others', async () => {
    const { client } = setup();
    const updated = await client.organizations.update(ORG, {
      title: 'Acme Corp',
      emailDomains: ['ACME.test', 'acme-corp.test', 'acme.test'],
      defaultRole: null,
      defaultContent: { type: 'site', site: 'site_docs' },
      logo: 'https://cdn.acme.test/logo.png',
      sso: true,
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['user_grace'] }] },
    });
    expect(updated).toMatchObject({
      id: ORG,
      title: 'Acme Corp',
      emailDomains: ['acme.test', 'acme-corp.test'],
      hostname: 'acme',
      defaultRole: null,
      defaultContent: { type: 'site', site: 'site_docs' },
      sso: true,
      ai: true,
      urls: { location: 'http://sandbox.test/v1/orgs/org_acme', logo: 'https://cdn.acme.test/logo.png' },
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['user_grace'] }] },
    });
    expect(await client.organizations.get(ORG)).toEqual(updated);
  });

  it('answers the fields the document requires: absolute location, plan, trial, merge rules, permissions', async () => {
    const { client } = setup();
    expect(await client.organizations.get(ORG)).toMatchObject({
      object: 'organization',
      type: 'business',
      plan: 'free_2024',
      inviteLinks: true,
      mergeRules: { type: 'none' },
      trial: { status: 'notapplicable', count: 0 },
      urls: {
        location: 'http://sandbox.test/v1/orgs/org_acme',
        app: 'https://app.sandbox.docs-api.local/o/org_acme',
      },
      permissions: { view: true, admin: true, ownTeam: true, createContent: true, listMembers: true },
    });
    // In org_beta the caller only reads; org_gamma (found by email domain) it is not in.
    expect((await client.organizations.get('org_beta')).permissions).toMatchObject({
      view: true,
      admin: false,
      createContent: false,
    });
    const gamma = (await client.organizations.listByEmailDomain('acme.test')).organizations[1];
    expect([gamma?.id, gamma?.permissions?.view]).toEqual(['org_gamma', false]);
  });

  it('removes the default content and the logo on null (published document)', async () => {
    const { client } = setup();
    await client.organizations.update(ORG, {
      defaultContent: { type: 'site', site: 'site_docs' },
      logo: 'https://cdn.acme.test/logo.png',
    });
    const cleared = await client.organizations.update(ORG, { defaultContent: null, logo: null });
    expect(cleared.defaultContent).toBeUndefined();
    expect(cleared.urls).not.toHaveProperty('logo');
    expect((await client.organizations.update(ORG, { mergeRules: { type: 'none' } })).mergeRules).toEqual({
      type: 'none',
    });
  });

  it('refuses default content that is not a site of the organization, and changes nothing', async () => {
    const { sandbox, client } = setup();
    const beta = sandbox.store.sites.get('site_docs');
    if (!beta) throw new Error('seed: no site_docs');
    sandbox.store.sites.set('site_beta', {
      ...beta,
      organization: 'org_beta',
      site: { ...beta.site, id: 'site_beta' },
    });

    for (const site of ['site_nope', 'site_beta']) {
      const message = await failure(
        client.organizations.update(ORG, { title: 'Changed', defaultContent: { type: 'site', site } }),
        BadRequestError,
      );
      expect(message).toContain('invalid default content');
      expect(message).toContain(site);
    }
    expect((await client.organizations.get(ORG)).title).toBe('Acme Inc');
  });

  it('refuses a hostname another organization uses (409) and merge-rule users outside it (400)', async () => {
    const { client } = setup();
    expect(await failure(client.organizations.update(ORG, { hostname: 'gamma' }), ConflictError)).toContain(
      'body.hostname',
    );
    expect(
      await failure(
        client.organizations.update(ORG, {
          mergeRules: {
            type: 'rules',
            rules: [{ rule: 'require_specific_reviewers', users: ['user_hedy'] }],
          },
        }),
        BadRequestError,
      ),
    ).toContain('user_hedy');
    expect((await client.organizations.update(ORG, { hostname: 'acme-docs' })).hostname).toBe('acme-docs');
  });

  it('lets only admins change settings: 403 for a reader, 404 outside the organization', async () => {
    const { client } = setup();
    await failure(client.organizations.update('org_beta', { title: 'Mine now' }), PermissionDeniedError);
    await failure(client.organizations.update('org_gamma', { title: 'Mine now' }), NotFoundError);
    await failure(client.organizations.deleteInvite('org_beta', 'invite_x'), PermissionDeniedError);
  });
});

describe('organizations: joining and email domains', () => {
  it('finds the organizations that allow an email domain, members or not, in any case', async () => {
    const { client } = setup();
    const found = await client.organizations.listByEmailDomain('ACME.test');
    expect(found.organizations.map((org) => org.id)).toEqual(['org_acme', 'org_gamma']);
    expect((await client.organizations.listByEmailDomain('nowhere.test')).organizations).toEqual([]);
  });

  it('joins an organization that allows the caller’s domain, with its default role; joining again is harmless', async () => {
    const { client } = setup();
    await failure(client.organizations.get('org_gamma'), NotFoundError);

    await client.organizations.join('org_gamma');
    await client.organizations.join('org_gamma');

    const mine = await client.organizations.list().toArray({ max: 10 });
    expect(mine.map((org) => org.id)).toEqual(['org_acme', 'org_beta', 'org_gamma']);
    const me = await client.members.get('org_gamma', 'user_ada');
    expect(me).toMatchObject({ role: 'comment', joinedAt: '2026-03-01T00:00:00.000Z', sso: false });
    const members = await client.members.list('org_gamma').toArray({ max: 10 });
    expect(members.map((m) => m.id)).toEqual(['user_ada', 'user_grace', 'user_hedy']);
  });

  it('refuses to join when the caller’s domain is not allowed (400, as the document says), and an absent organization (404)', async () => {
    const { sandbox, client } = setup();
    const beta = sandbox.store.organizations.get('org_beta');
    sandbox.store.members.splice(
      sandbox.store.members.findIndex((m) => m.organization === 'org_beta'),
      1,
    );
    expect(beta?.emailDomains).toEqual(['beta.test']);
    const message = await failure(client.organizations.join('org_beta'), BadRequestError);
    expect(message).toContain('acme.test');
    await failure(client.organizations.join('org_nope'), NotFoundError);
    expect(sandbox.store.members.some((m) => m.organization === 'org_beta')).toBe(false);
  });
});

describe('organizations: invites and ping', () => {
  it('deletes an invite link, and succeeds again once it is gone', async () => {
    const { sandbox, client } = setup();
    expect(sandbox.store.invites.has('invite_1')).toBe(true);
    await client.organizations.deleteInvite(ORG, 'invite_1');
    expect(sandbox.store.invites.has('invite_1')).toBe(false);
    await expect(client.organizations.deleteInvite(ORG, 'invite_1')).resolves.toBeUndefined();
    expect(sandbox.hits.get('organizations.deleteInvite')).toBe(2);
  });

  it('keeps another organization’s invite when asked through this one', async () => {
    const { sandbox, client } = setup();
    sandbox.store.invites.set('invite_gamma', {
      id: 'invite_gamma',
      organization: 'org_gamma',
      role: 'read',
      createdAt: '2026-01-08T12:00:00.000Z',
    });
    await client.organizations.deleteInvite(ORG, 'invite_gamma');
    expect(sandbox.store.invites.has('invite_gamma')).toBe(true);
  });

  it('answers a JWT naming the user and organization, and marks the caller active', async () => {
    const { client } = setup();
    const { gitbookVisitorClaims, serviceVisitorClaims } = await client.organizations.ping(ORG);
    // The document's name and the extract's, both sent.
    expect(serviceVisitorClaims).toBe(gitbookVisitorClaims);
    const [header = '', payload = '', signature] = (gitbookVisitorClaims ?? '').split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'none', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      sub: 'user_ada',
      org: ORG,
    });
    expect(signature).toBe('');
    expect((await client.members.get(ORG, 'user_ada')).lastSeenAt).toBe('2026-03-01T00:00:00.000Z');
    await failure(client.organizations.ping('org_gamma'), NotFoundError);
  });
});

describe('organizations: search', () => {
  it('finds pages by title and content in the primary revision of each space, with sections and ancestors', async () => {
    const { client } = setup();
    const results = await client.organizations.search(ORG, { query: 'ARBITRATION' }).toArray({ max: 10 });
    // "Disputes go to arbitration" exists only in a change request of space_legal: not primary content.
    expect(results).toEqual([]);

    const bearer = await client.organizations.search(ORG, { query: 'bearer' }).toArray({ max: 10 });
    expect(bearer).toEqual([
      {
        type: 'space',
        id: 'space_api',
        title: 'API Reference',
        score: 1,
        pages: [
          {
            id: 'page_api_auth',
            title: 'Authentication',
            description: '',
            path: 'authentication',
            score: 1,
            rank: 1,
            // The title does not match: the page is found through its section.
            resultType: 'section',
            sections: [
              {
                id: 'authentication',
                title: 'Authentication',
                path: 'authentication#authentication',
                score: 1,
                resultType: 'section',
                body: 'Send `Authorization: Bearer <token>` with every request.',
                urls: { app: 'https://app.sandbox.docs-api.local/s/space_api/authentication#authentication' },
              },
            ],
            ancestors: [],
            urls: { app: 'https://app.sandbox.docs-api.local/s/space_api/authentication' },
          },
        ],
      },
    ]);
  });

  it('lists a nested page with its ancestors, and a page matching by title only with no sections', async () => {
    const { client } = setup();
    const [handbook] = await client.organizations.search(ORG, { query: 'installation' }).toArray({ max: 1 });
    expect(handbook?.id).toBe('space_handbook');
    const installation = handbook?.pages?.find((page) => page.id === 'page_installation');
    expect(installation?.ancestors).toEqual([{ title: 'Getting started' }]);
    expect(installation?.path).toBe('getting-started/installation');

    const [byTitle] = await client.organizations.search(ORG, { query: 'all pages' }).toArray({ max: 5 });
    expect(byTitle?.pages?.map((page) => [page.id, page.resultType, page.sections])).toEqual([
      ['page_all_pages', 'page', []],
    ]);
  });

  it('pages space by space, and sees content once merged', async () => {
    const { client } = setup();
    const first = await client.organizations.search(ORG, { query: 'install', limit: 1 });
    expect(first.items.map((item) => item.id)).toEqual(['space_handbook']);
    expect(first.count).toBe(2);
    const all = await client.organizations.search(ORG, { query: 'install', limit: 1 }).toArray({ max: 10 });
    expect(all.map((item) => item.id)).toEqual(['space_handbook', 'space_handbook_fr']);

    // "Command-line interface" exists only in change request #1 of the handbook until it is merged.
    expect(await client.organizations.search(ORG, { query: 'command-line' }).toArray({ max: 10 })).toEqual(
      [],
    );
    await client.changeRequests.merge('space_handbook', 'cr_cli');
    const merged = await client.organizations.search(ORG, { query: 'command-line' }).toArray({ max: 10 });
    // Pages come in rank order (highest score first): the CLI page names it in its title.
    expect(merged.map((item) => [item.id, item.pages?.map((page) => [page.id, page.rank])])).toEqual([
      [
        'space_handbook',
        [
          ['page_cli', 1],
          ['page_getting_started', 2],
        ],
      ],
    ]);
  });

  it('needs a query: the sandbox answers 400 naming query.query', async () => {
    const { sandbox } = setup();
    const response = await sandbox.fetch('http://sandbox.test/v1/orgs/org_acme/search', {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { issues: Array<{ path: string }> } };
    expect(body.error.issues.map((issue) => issue.path)).toEqual(['query.query']);
  });
});

describe('organizations: agent instructions', () => {
  it('starts as an empty document, is replaced by PUT and remembers who and when', async () => {
    const { client } = setup();
    const initial = await client.organizations.getAgentInstructions(ORG);
    // The document requires `updatedAt` and `updatedBy` (a member id): before any PUT, the
    // organization's creation and its first admin.
    expect(initial).toEqual({
      object: 'agent-instructions',
      instructions: { object: 'document', data: { schemaVersion: 1 }, nodes: [] },
      updatedAt: '2026-01-05T09:00:00.000Z',
      updatedBy: 'user_ada',
      urls: { location: '/v1/orgs/org_acme/agent-instructions' },
    });

    const instructions = documentFromText('Answer in English.\nLink the page you quote.');
    const updated = await client.organizations.updateAgentInstructions(ORG, instructions);
    expect(updated).toMatchObject({
      instructions,
      updatedAt: '2026-03-01T00:00:00.000Z',
      updatedBy: 'user_ada',
    });
    expect(await client.organizations.getAgentInstructions(ORG)).toEqual(updated);
    // Per organization: org_beta's are still empty, and its readers cannot replace them.
    expect((await client.organizations.getAgentInstructions('org_beta')).instructions?.nodes).toEqual([]);
    await failure(
      client.organizations.updateAgentInstructions('org_beta', instructions),
      PermissionDeniedError,
    );
  });
});
