import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { RequestValidationError, ResponseValidationError } from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';

const TEAMS = '/v1/orgs/org_1/teams';

const client = makeClient({ token: 'tok_test', maxRetries: 0 });

function team(overrides: Record<string, unknown> = {}) {
  return {
    ...documented.team(),
    object: 'team',
    id: 'team_1',
    title: 'Docs writers',
    members: 2,
    spaces: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    permissions: { admin: true, view: true },
    ...overrides,
  };
}

function membership(userId: string, role: string) {
  return {
    organization: {
      ...documented.member(userId),
      user: { ...documented.user(userId), email: `${userId}@acme.test` },
    },
    team: { role },
    permissions: { view: true },
  };
}

/** Calls `fn`, which must throw a RequestValidationError, and returns the offending paths. */
async function invalidPaths(fn: () => PromiseLike<unknown>): Promise<string[]> {
  const error = await rejection(fn, RequestValidationError);
  return error.issues.map((issue) => issue.path);
}

useNockLifecycle();

describe('client.teams', () => {
  it('creates a team with PUT on the collection and reads the 201 answer', async () => {
    nock(API)
      .put(TEAMS, { title: 'Docs writers', members: ['user_a', 'user_b'] })
      .reply(201, team());

    const created = await client.teams.create('org_1', {
      title: 'Docs writers',
      members: ['user_a', 'user_b'],
    });

    expect(created).toMatchObject({ id: 'team_1', members: 2 });
  });

  it('sends the owner and title filters as query parameters', async () => {
    nock(API)
      .get(TEAMS)
      .query({ owner: 'user_a', title: 'docs', limit: '5' })
      .reply(200, { items: [team()], count: 1 });

    const page = await client.teams.list('org_1', { owner: 'user_a', title: 'docs', limit: 5 });

    expect(page.items.map((t) => t.id)).toEqual(['team_1']);
    expect(page.count).toBe(1);
  });

  it('walks every page of teams', async () => {
    nock(API)
      .get(TEAMS)
      .reply(200, { items: [team()], next: { page: 'p2' } })
      .get(TEAMS)
      .query({ page: 'p2' })
      .reply(200, { items: [team({ id: 'team_2' })] });

    expect((await client.teams.list('org_1').toArray({ max: 10 })).map((t) => t.id)).toEqual([
      'team_1',
      'team_2',
    ]);
  });

  it('reads a team, and unknown fields are kept', async () => {
    const answer = { ...documented.team('team_1'), color: 'blue' };
    nock(API).get(`${TEAMS}/team_1`).reply(200, answer);

    const read = await client.teams.get('org_1', 'team_1');

    expect(read).toEqual(answer);
  });

  it('raises a ResponseValidationError when a team has no id', async () => {
    const { id: _id, ...noId } = documented.team();
    nock(API).get(`${TEAMS}/team_1`).reply(200, noId);

    const error = await rejection(client.teams.get('org_1', 'team_1'), ResponseValidationError);

    expect(error.issues.map((issue) => issue.path)).toEqual(['id']);
  });

  it('renames with PATCH and deletes with DELETE', async () => {
    nock(API)
      .patch(`${TEAMS}/team_1`, { title: 'Writers' })
      .reply(200, team({ title: 'Writers' }))
      .delete(`${TEAMS}/team_1`)
      .reply(204);

    expect((await client.teams.update('org_1', 'team_1', { title: 'Writers' })).title).toBe('Writers');
    await expect(client.teams.delete('org_1', 'team_1')).resolves.toBeUndefined();
  });

  it('checks the team title (1 to 64 characters) before sending', async () => {
    expect(await invalidPaths(() => client.teams.create('org_1', { title: '' }))).toEqual(['body.title']);
    expect(
      await invalidPaths(() => client.teams.update('org_1', 'team_1', { title: 'x'.repeat(65) })),
    ).toEqual(['body.title']);
    expect(
      await invalidPaths(() => client.teams.create('org_1', {} as unknown as { title: string })),
    ).toEqual(['body.title']);
    expect(
      await invalidPaths(() =>
        client.teams.create('org_1', { title: 'Ok', owner: 'user_a' } as unknown as { title: string }),
      ),
    ).toEqual(['body.owner']);

    const title = 'x'.repeat(64);
    nock(API).put(TEAMS, { title }).reply(201, team({ title }));
    expect((await client.teams.create('org_1', { title })).title).toHaveLength(64);
  });

  it('refuses an empty owner filter before sending', async () => {
    expect(await invalidPaths(() => client.teams.list('org_1', { owner: '' }))).toEqual(['query.owner']);
  });
});

describe('client.teams.members', () => {
  it('lists memberships with the organization member and the team role', async () => {
    nock(API)
      .get(`${TEAMS}/team_1/members`)
      .query({ limit: '2' })
      .reply(200, { items: [membership('user_a', 'owner'), membership('user_b', 'maintainer')], count: 2 });

    const page = await client.teams.members.list('org_1', 'team_1', { limit: 2 });

    expect(page.items.map((m) => [m.organization.id, m.team?.role])).toEqual([
      ['user_a', 'owner'],
      ['user_b', 'maintainer'],
    ]);
  });

  it('sends the bulk update body as given and reads the 204', async () => {
    const body = {
      add: ['user_c', 'dana@acme.test'],
      remove: ['user_b'],
      memberships: { user_c: { role: 'owner' as const } },
    };
    nock(API).put(`${TEAMS}/team_1/members`, body).reply(204);

    await expect(client.teams.members.update('org_1', 'team_1', body)).resolves.toBeUndefined();
  });

  it('refuses an unknown role or an unknown key in the bulk update', async () => {
    expect(
      await invalidPaths(() =>
        client.teams.members.update('org_1', 'team_1', {
          memberships: { user_c: { role: 'admin' as 'owner' } },
        }),
      ),
    ).toEqual(['body.memberships.user_c.role']);
    // (0.1 also refused an empty user id in `add`, a rule of its own.)
    expect(
      await invalidPaths(() =>
        client.teams.members.update('org_1', 'team_1', { users: ['x'] } as unknown as { add: string[] }),
      ),
    ).toEqual(['body.users']);
  });

  it('sets a role with PUT on the member, with or without a role', async () => {
    nock(API)
      .put(`${TEAMS}/team_1/members/user_b`, { role: 'owner' })
      .reply(204)
      .put(`${TEAMS}/team_1/members/user_c`, {})
      .reply(204);

    await client.teams.members.set('org_1', 'team_1', 'user_b', { role: 'owner' });
    await client.teams.members.set('org_1', 'team_1', 'user_c');
  });

  it('refuses a role other than owner or member before sending', async () => {
    expect(
      await invalidPaths(() =>
        client.teams.members.set('org_1', 'team_1', 'user_b', { role: 'admin' as 'owner' }),
      ),
    ).toEqual(['body.role']);
  });

  it('removes one member with DELETE, encoding the user id', async () => {
    nock(API).delete(`${TEAMS}/team_1/members/user%2Fb`).reply(204);

    await client.teams.members.remove('org_1', 'team_1', 'user/b');
  });
});
