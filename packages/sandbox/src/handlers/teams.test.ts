import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError, PermissionDeniedError, type DocsClient } from '@docs-api/sdk';
import { operations } from '@docs-api/sdk/contract';
import { failure, trackSandboxes } from '../../test-support/client.js';

const ORG = 'org_acme';

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

/** `[userId, teamRole]` of every member of a team, in the order they are listed. */
async function roster(client: DocsClient, teamId: string): Promise<Array<[string, string]>> {
  const members = await client.teams.members.list(ORG, teamId).toArray({ max: 100 });
  return members.map((m) => [m.organization.id, m.team?.role ?? '']);
}

async function teamIds(client: DocsClient, query: Parameters<DocsClient['teams']['list']>[1] = {}) {
  return (await client.teams.list(ORG, query).toArray({ max: 100 })).map((t) => t.id);
}

describe('teams: seed and reads', () => {
  it('lists the seeded teams with derived member and space counts', async () => {
    const { client } = setup();
    const page = await client.teams.list(ORG);
    expect(page.count).toBe(2);
    expect(page.items).toEqual([
      {
        object: 'team',
        id: 'team_docs',
        title: 'Docs writers',
        members: 2,
        spaces: 2,
        createdAt: '2026-01-05T10:00:00.000Z',
        permissions: { admin: true, view: true },
      },
      {
        object: 'team',
        id: 'team_reviewers',
        title: 'Reviewers',
        members: 1,
        spaces: 1,
        createdAt: '2026-01-05T10:30:00.000Z',
        // user_ada is an organization admin: she may manage a team she is not in.
        permissions: { admin: true, view: true },
      },
    ]);
    expect(await client.teams.get(ORG, 'team_reviewers')).toEqual(page.items[1]);
  });

  it('filters by owner and by title (case-insensitive contains)', async () => {
    const { client } = setup();
    expect(await teamIds(client, { owner: 'user_ada' })).toEqual(['team_docs']);
    expect(await teamIds(client, { owner: 'user_grace' })).toEqual(['team_reviewers']);
    // A member who owns nothing: user_linus is only a member of team_docs.
    expect(await teamIds(client, { owner: 'user_linus' })).toEqual([]);
    expect(await teamIds(client, { title: 'WRITER' })).toEqual(['team_docs']);
    expect(await teamIds(client, { title: 'e' })).toEqual(['team_docs', 'team_reviewers']);
    expect(await teamIds(client, { title: 'docs', owner: 'user_grace' })).toEqual([]);
    expect((await client.teams.list(ORG, { title: 'view' })).count).toBe(1);
  });

  it('lists members with the organization member and both roles', async () => {
    const { client } = setup();
    const page = await client.teams.members.list(ORG, 'team_docs');
    expect(page.count).toBe(2);
    expect(page.items[0]).toEqual({
      organization: {
        object: 'member',
        id: 'user_ada',
        role: 'admin',
        user: {
          object: 'user',
          id: 'user_ada',
          displayName: 'Ada Lovelace',
          email: 'ada@acme.test',
          urls: { location: 'http://sandbox.test/v1/users/user_ada' },
        },
        disabled: false,
        joinedAt: '2026-01-05T09:00:00.000Z',
        lastSeenAt: '2026-01-12T08:00:00.000Z',
        sso: false,
        // Every live space of org_acme, as an admin (see handlers/organizations.ts memberSpaces).
        spaces: 5,
        teams: 1,
        sites: 2,
      },
      team: { role: 'owner' },
      permissions: { view: true },
    });
    expect(page.items.map((m) => [m.organization.id, m.organization.role, m.team?.role])).toEqual([
      ['user_ada', 'admin', 'owner'],
      ['user_linus', 'edit', 'member'],
    ]);
  });

  it('pages members with limit=1', async () => {
    const { sandbox, client } = setup();
    const first = await client.teams.members.list(ORG, 'team_docs', { limit: 1 });
    expect(first.items.map((m) => m.organization.id)).toEqual(['user_ada']);
    expect(first.next?.page).toEqual(expect.any(String));
    sandbox.resetHits();
    expect(await roster(client, 'team_docs')).toHaveLength(2);
    const all = [];
    for await (const m of client.teams.members.list(ORG, 'team_docs', { limit: 1 })) all.push(m);
    expect(all.map((m) => m.organization.id)).toEqual(['user_ada', 'user_linus']);
    expect(sandbox.hits.get('teams.members.list')).toBe(3);
  });

  it('answers 404 for an absent team, a team of another organization, and a foreign organization', async () => {
    const { sandbox, client } = setup();
    expect(await failure(client.teams.get(ORG, 'team_nope'), NotFoundError)).toContain('team_nope');
    sandbox.store.teams.set('team_beta', {
      id: 'team_beta',
      organization: 'org_beta',
      title: 'Beta team',
      createdAt: '2026-01-05T10:00:00.000Z',
      members: [],
      spaces: [],
    });
    await failure(client.teams.get(ORG, 'team_beta'), NotFoundError);
    expect((await client.teams.get('org_beta', 'team_beta')).title).toBe('Beta team');
    await failure(client.teams.members.list(ORG, 'team_beta'), NotFoundError);
    await failure(client.teams.list('org_nope'), NotFoundError);
  });
});

describe('teams: create, rename, delete', () => {
  it('creates a team (PUT, 201) with the given members as plain members', async () => {
    const { sandbox, client } = setup();
    const created = await client.teams.create(ORG, {
      title: 'Translators',
      members: ['user_grace', 'user_linus', 'user_grace'],
    });
    expect(created).toMatchObject({
      object: 'team',
      title: 'Translators',
      members: 2,
      spaces: 0,
      createdAt: '2026-03-01T00:00:00.000Z',
    });
    expect(created.id).toMatch(/^team_/);
    expect(await roster(client, created.id)).toEqual([
      ['user_grace', 'member'],
      ['user_linus', 'member'],
    ]);
    expect(await teamIds(client)).toEqual(['team_docs', 'team_reviewers', created.id]);
    // The new team shows in user_grace's team count.
    const grace = (await client.teams.members.list(ORG, created.id)).items[0];
    expect(grace?.organization.teams).toBe(2);

    const empty = await client.teams.create(ORG, { title: 'Docs writers' });
    expect(empty).toMatchObject({ title: 'Docs writers', members: 0 });
    expect(sandbox.store.teams.size).toBe(4);
  });

  it('refuses members outside the organization, naming them, and creates nothing', async () => {
    const { sandbox, client } = setup();
    const message = await failure(
      client.teams.create(ORG, { title: 'Outsiders', members: ['user_linus', 'user_nobody'] }),
      BadRequestError,
    );
    expect(message).toContain('body.members');
    expect(message).toContain('user_nobody');
    // Creation takes member ids, not emails.
    await failure(
      client.teams.create(ORG, { title: 'By email', members: ['grace@acme.test'] }),
      BadRequestError,
    );
    expect(sandbox.store.teams.size).toBe(2);
  });

  it('refuses a bad title on the wire with a 400 naming the field', async () => {
    const { sandbox } = setup();
    const response = await sandbox.fetch(`http://sandbox.test/v1/orgs/${ORG}/teams`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(65), color: 'red' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { issues: Array<{ path: string }> } };
    expect(body.error.issues.map((issue) => issue.path).sort()).toEqual(['body.color', 'body.title']);
    expect(sandbox.store.teams.size).toBe(2);
  });

  it('renames and deletes a team; a deleted team is gone', async () => {
    const { client } = setup();
    const renamed = await client.teams.update(ORG, 'team_reviewers', { title: 'Review board' });
    expect(renamed).toMatchObject({ id: 'team_reviewers', title: 'Review board', members: 1 });
    expect((await client.teams.get(ORG, 'team_reviewers')).title).toBe('Review board');

    await client.teams.delete(ORG, 'team_reviewers');
    await failure(client.teams.get(ORG, 'team_reviewers'), NotFoundError);
    expect(await teamIds(client)).toEqual(['team_docs']);
    // Deleting it again succeeds: the document answers 204 "the team did not exist".
    await expect(client.teams.delete(ORG, 'team_reviewers')).resolves.toBeUndefined();
    await failure(client.teams.update(ORG, 'team_reviewers', { title: 'Back' }), NotFoundError);
    await failure(client.teams.delete('org_gamma', 'team_docs'), NotFoundError);
  });
});

describe('teams: members', () => {
  it('adds by id or email and removes in one bulk update (204)', async () => {
    const { client } = setup();
    await client.teams.members.update(ORG, 'team_docs', {
      add: ['GRACE@acme.test'],
      remove: ['linus@acme.test'],
    });
    expect(await roster(client, 'team_docs')).toEqual([
      ['user_ada', 'owner'],
      ['user_grace', 'member'],
    ]);
    expect((await client.teams.get(ORG, 'team_docs')).members).toBe(2);
  });

  it('removes a user listed in both add and remove', async () => {
    const { client } = setup();
    await client.teams.members.update(ORG, 'team_docs', {
      add: ['user_grace', 'user_linus'],
      remove: ['grace@acme.test', 'user_linus'],
    });
    expect(await roster(client, 'team_docs')).toEqual([['user_ada', 'owner']]);
  });

  it('sets roles through memberships, adding a user not yet in the team; removal still wins', async () => {
    const { client } = setup();
    await client.teams.members.update(ORG, 'team_docs', {
      add: ['user_grace'],
      memberships: { user_linus: { role: 'owner' }, user_ada: { role: 'member' } },
    });
    expect(await roster(client, 'team_docs')).toEqual([
      ['user_ada', 'member'],
      ['user_linus', 'owner'],
      ['user_grace', 'member'],
    ]);
    expect(await teamIds(client, { owner: 'user_linus' })).toEqual(['team_docs']);
    expect(await teamIds(client, { owner: 'user_ada' })).toEqual([]);

    await client.teams.members.update(ORG, 'team_reviewers', {
      memberships: { user_linus: { role: 'owner' }, user_ada: { role: 'owner' } },
      remove: ['user_ada'],
    });
    expect(await roster(client, 'team_reviewers')).toEqual([
      ['user_grace', 'owner'],
      ['user_linus', 'owner'],
    ]);
  });

  it('refuses an unknown user in add, remove or memberships, naming it, and changes nothing', async () => {
    const { client } = setup();
    const before = await roster(client, 'team_docs');
    const add = await failure(
      client.teams.members.update(ORG, 'team_docs', { add: ['user_grace', 'nobody@acme.test'] }),
      BadRequestError,
    );
    expect(add).toMatch(/body\.add: "nobody@acme.test" is not a member of organization "org_acme"/);
    const remove = await failure(
      client.teams.members.update(ORG, 'team_docs', { add: ['user_grace'], remove: ['user_ghost'] }),
      BadRequestError,
    );
    expect(remove).toContain('body.remove: "user_ghost"');
    const roles = await failure(
      client.teams.members.update(ORG, 'team_docs', {
        memberships: { 'grace@acme.test': { role: 'owner' } },
      }),
      BadRequestError,
    );
    expect(roles).toContain('body.memberships.grace@acme.test');
    expect(await roster(client, 'team_docs')).toEqual(before);
  });

  it('PUT member adds with the given role (member by default) or changes only the role', async () => {
    const { client } = setup();
    await client.teams.members.set(ORG, 'team_reviewers', 'user_linus');
    await client.teams.members.set(ORG, 'team_reviewers', 'user_ada', { role: 'owner' });
    expect(await roster(client, 'team_reviewers')).toEqual([
      ['user_grace', 'owner'],
      ['user_linus', 'member'],
      ['user_ada', 'owner'],
    ]);
    await client.teams.members.set(ORG, 'team_reviewers', 'user_grace', { role: 'member' });
    // Without a role an existing member keeps theirs.
    await client.teams.members.set(ORG, 'team_reviewers', 'user_ada');
    expect(await roster(client, 'team_reviewers')).toEqual([
      ['user_grace', 'member'],
      ['user_linus', 'member'],
      ['user_ada', 'owner'],
    ]);
    expect((await client.teams.get(ORG, 'team_reviewers')).members).toBe(3);
    expect(
      await failure(client.teams.members.set(ORG, 'team_reviewers', 'user_nobody'), NotFoundError),
    ).toContain('user_nobody');
  });

  it('DELETE member removes one member; someone not in the team is a success that changes nothing', async () => {
    const { client } = setup();
    await client.teams.members.remove(ORG, 'team_docs', 'user_linus');
    expect(await roster(client, 'team_docs')).toEqual([['user_ada', 'owner']]);
    // The document answers 204 "member was not part of the team".
    await expect(client.teams.members.remove(ORG, 'team_docs', 'user_linus')).resolves.toBeUndefined();
    expect(await roster(client, 'team_docs')).toEqual([['user_ada', 'owner']]);
    await failure(client.teams.members.remove(ORG, 'team_nope', 'user_ada'), NotFoundError);
  });

  it('drops a member who left the organization from every count', async () => {
    const { sandbox, client } = setup();
    const index = sandbox.store.members.findIndex((m) => m.organization === ORG && m.user === 'user_linus');
    sandbox.store.members.splice(index, 1);
    expect((await client.teams.get(ORG, 'team_docs')).members).toBe(1);
    expect(await roster(client, 'team_docs')).toEqual([['user_ada', 'owner']]);
  });
});

describe('teams: who may change a team', () => {
  it('lets a team owner manage their team, and refuses a plain member or an outsider (403)', async () => {
    const { sandbox, client } = setup();
    // user_grace reviews in the organization (not an admin) and owns team_reviewers.
    sandbox.store.actor = 'user_grace';
    const own = await client.teams.get(ORG, 'team_reviewers');
    expect(own.permissions).toEqual({ admin: true, view: true });
    await client.teams.members.set(ORG, 'team_reviewers', 'user_linus');
    await client.teams.update(ORG, 'team_reviewers', { title: 'Reviewers (2026)' });

    expect((await client.teams.get(ORG, 'team_docs')).permissions).toEqual({ admin: false, view: true });
    const refused = await failure(
      client.teams.members.update(ORG, 'team_docs', { add: ['user_grace'] }),
      PermissionDeniedError,
    );
    expect(refused).toContain('team_docs');
    await failure(client.teams.delete(ORG, 'team_docs'), PermissionDeniedError);

    // user_linus is a plain member of team_docs.
    sandbox.store.actor = 'user_linus';
    await failure(client.teams.members.remove(ORG, 'team_docs', 'user_ada'), PermissionDeniedError);
    await failure(client.teams.update(ORG, 'team_docs', { title: 'Mine' }), PermissionDeniedError);
    expect(await roster(client, 'team_docs')).toEqual([
      ['user_ada', 'owner'],
      ['user_linus', 'member'],
    ]);
  });
});

describe('coverage', () => {
  it('served every team operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = operations.filter((op) => op.area === 'Teams and team members').map((op) => op.id);
    expect(ids).toHaveLength(9);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
