import { afterAll, describe, expect, it } from 'vitest';
import {
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  type DocsClient,
  type ListMembersInOrganizationByIdQuery,
} from '@docs-api/sdk';
import { operations } from '@docs-api/sdk/contract';
import { failure, trackSandboxes } from '../../test-support/client.js';

const ORG = 'org_acme';

const { setup, servedOperationIds, clear } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

async function memberIds(client: DocsClient, query: ListMembersInOrganizationByIdQuery = {}) {
  return (await client.members.list(ORG, query).toArray({ max: 100 })).map((m) => m.id);
}

describe('members: list', () => {
  it('lists newest first by default (equal join times: latest added first), oldest first with asc', async () => {
    const { client } = setup();
    expect(await memberIds(client)).toEqual(['user_linus', 'user_grace', 'user_ada']);
    expect(await memberIds(client, { order: 'asc' })).toEqual(['user_ada', 'user_grace', 'user_linus']);
    await failure(client.members.list('org_gamma'), NotFoundError);
  });

  it('shows each member with user, role, activity and counts', async () => {
    const { client } = setup();
    expect(await client.members.get(ORG, 'user_grace')).toEqual({
      object: 'member',
      id: 'user_grace',
      role: 'review',
      user: {
        object: 'user',
        id: 'user_grace',
        displayName: 'Grace Hopper',
        email: 'grace@acme.test',
        // No photo: no `photoURL` (the document's is a string, not null); an absolute location.
        urls: { location: 'http://sandbox.test/v1/users/user_grace' },
      },
      disabled: false,
      joinedAt: '2026-01-05T09:00:00.000Z',
      lastSeenAt: '2026-01-09T17:30:00.000Z',
      sso: false,
      spaces: 5,
      teams: 1,
      // Both sites of org_acme (published document).
      sites: 2,
    });
    await failure(client.members.get(ORG, 'user_hedy'), NotFoundError);
  });

  it('filters by role and by text in the display name or email, any case', async () => {
    const { client } = setup();
    expect(await memberIds(client, { role: 'review' })).toEqual(['user_grace']);
    expect(await memberIds(client, { role: 'read' })).toEqual([]);
    expect(await memberIds(client, { search: 'HOPPER' })).toEqual(['user_grace']);
    expect(await memberIds(client, { search: 'linus@' })).toEqual(['user_linus']);
    expect(await memberIds(client, { search: 'acme.test', order: 'asc' })).toEqual([
      'user_ada',
      'user_grace',
      'user_linus',
    ]);
    expect(await memberIds(client, { search: 'acme.test', role: 'admin' })).toEqual(['user_ada']);
  });

  it('sorts by last activity, listing only members who have been active', async () => {
    const { client } = setup();
    expect(await memberIds(client, { sort: 'lastSeenAt' })).toEqual(['user_ada', 'user_grace']);
    expect(await memberIds(client, { sort: 'lastSeenAt', order: 'asc' })).toEqual(['user_grace', 'user_ada']);
    expect(await memberIds(client, { sort: 'joinedAt', order: 'asc' })).toEqual([
      'user_ada',
      'user_grace',
      'user_linus',
    ]);
  });

  it('sorts by display name (published document)', async () => {
    const { client } = setup();
    expect(await memberIds(client, { sort: 'name', order: 'asc' })).toEqual([
      'user_ada',
      'user_grace',
      'user_linus',
    ]);
    expect(await memberIds(client, { sort: 'name' })).toEqual(['user_linus', 'user_grace', 'user_ada']);
  });

  it('pages the list', async () => {
    const { client } = setup();
    const first = await client.members.list(ORG, { limit: 2 });
    expect(first.items.map((m) => m.id)).toEqual(['user_linus', 'user_grace']);
    expect(first.count).toBe(3);
    expect(first.next?.page).toEqual(expect.any(String));
  });
});

describe('members: roles and removal', () => {
  it('changes a role, and null makes a guest who reaches no space', async () => {
    const { client } = setup();
    expect((await client.members.update(ORG, 'user_linus', { role: 'review' })).role).toBe('review');
    expect(await memberIds(client, { role: 'review', order: 'asc' })).toEqual(['user_grace', 'user_linus']);

    const guest = await client.members.update(ORG, 'user_linus', { role: null });
    expect(guest).toMatchObject({ role: null, spaces: 0, sites: 0 });
    // The role filter `guest` (published document) lists the members without a role.
    expect(await memberIds(client, { role: 'guest' })).toEqual(['user_linus']);
    expect(await client.members.listSpaces(ORG, 'user_linus').toArray({ max: 10 })).toEqual([]);
  });

  it('keeps at least one admin: demoting or removing the last one is a 409', async () => {
    const { client } = setup();
    expect(await failure(client.members.update(ORG, 'user_ada', { role: 'edit' }), ConflictError)).toContain(
      'last admin',
    );
    await failure(client.members.delete(ORG, 'user_ada'), ConflictError);

    await client.members.update(ORG, 'user_grace', { role: 'admin' });
    expect((await client.members.update(ORG, 'user_ada', { role: 'edit' })).role).toBe('edit');
    // Ada is no admin any more: the next change is refused.
    await failure(client.members.update(ORG, 'user_linus', { role: 'read' }), PermissionDeniedError);
  });

  it('removes a member, who drops out of the organization’s teams; removing again succeeds', async () => {
    const { sandbox, client } = setup();
    await client.members.delete(ORG, 'user_linus');
    expect(await memberIds(client)).toEqual(['user_grace', 'user_ada']);
    expect((await client.teams.get(ORG, 'team_docs')).members).toBe(1);
    await client.members.delete(ORG, 'user_linus');
    await client.members.delete(ORG, 'user_nobody');
    expect(sandbox.hits.get('members.delete')).toBe(3);
  });

  it('refuses role changes, removals and SSO additions to non-admins (403)', async () => {
    const { client } = setup();
    await failure(client.members.update('org_beta', 'user_ada', { role: 'admin' }), PermissionDeniedError);
    await failure(client.members.delete('org_beta', 'user_ada'), PermissionDeniedError);
    await failure(client.members.addSso('org_beta', 'user_grace'), PermissionDeniedError);
  });
});

describe('members: SSO', () => {
  it('adds a user as an SSO member with the default role, or marks an existing member', async () => {
    const { client } = setup();
    const hedy = await client.members.addSso(ORG, 'user_hedy');
    expect(hedy).toMatchObject({
      id: 'user_hedy',
      role: 'read',
      sso: true,
      joinedAt: '2026-03-01T00:00:00.000Z',
    });
    expect(await memberIds(client)).toEqual(['user_hedy', 'user_linus', 'user_grace', 'user_ada']);

    const linus = await client.members.addSso(ORG, 'user_linus');
    expect(linus).toMatchObject({ role: 'edit', sso: true, joinedAt: '2026-01-05T09:00:00.000Z' });
    await failure(client.members.addSso(ORG, 'user_nobody'), NotFoundError);
  });
});

describe("members: a member's spaces and teams", () => {
  it('lists the organization’s spaces with the member’s role as permission, newest first', async () => {
    const { client } = setup();
    const spaces = await client.members.listSpaces(ORG, 'user_grace').toArray({ max: 10 });
    expect(spaces.map((item) => [item.space.id, item.permission])).toEqual([
      ['space_handbook_fr', 'review'],
      ['space_legal', 'review'],
      ['space_guides', 'review'],
      ['space_api', 'review'],
      ['space_handbook', 'review'],
    ]);
    const oldest = await client.members.listSpaces(ORG, 'user_grace', { order: 'asc', limit: 2 });
    expect(oldest.items.map((item) => item.space.id)).toEqual(['space_handbook', 'space_api']);
    expect(oldest.count).toBe(5);
    await failure(client.members.listSpaces(ORG, 'user_hedy'), NotFoundError);
  });

  it('lists the teams a member is in with the team role, filtered by title', async () => {
    const { client } = setup();
    const teams = async (userId: string, title?: string) =>
      (await client.members.listTeams(ORG, userId, title ? { title } : {}).toArray({ max: 10 })).map(
        (item) => [item.team.id, item.member?.role],
      );
    expect(await teams('user_ada')).toEqual([['team_docs', 'owner']]);
    expect(await teams('user_linus')).toEqual([['team_docs', 'member']]);
    expect(await teams('user_grace', 'REVIEW')).toEqual([['team_reviewers', 'owner']]);
    expect(await teams('user_ada', 'review')).toEqual([]);

    await client.teams.members.set(ORG, 'team_reviewers', 'user_ada', { role: 'member' });
    expect(await teams('user_ada')).toEqual([
      ['team_docs', 'owner'],
      ['team_reviewers', 'member'],
    ]);
    expect((await client.members.get(ORG, 'user_ada')).teams).toBe(2);
  });
});

describe('members: coverage', () => {
  afterAll(() => {
    clear();
  });

  it('served every member operation of the contract', () => {
    const served = servedOperationIds();
    expect(
      operations
        .filter((op) => op.area === 'Organizations, members, search' && op.name.startsWith('members.'))
        .map((op) => op.id)
        .filter((id) => !served.has(id)),
    ).toEqual([]);
  });
});
