import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { decodeQuery, encodeQuery, listMembersInOrganizationById } from '../contract/index.js';
import { RequestValidationError } from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';

const MEMBERS = '/v1/orgs/org_1/members';

const client = makeClient({ token: 'tok_test', maxRetries: 0 });

function member(id: string, overrides: Record<string, unknown> = {}) {
  return {
    ...documented.member(),
    object: 'member',
    id,
    role: 'edit',
    user: { ...documented.user(id), email: `${id}@acme.test` },
    joinedAt: '2026-01-05T09:00:00.000Z',
    sso: false,
    ...overrides,
  };
}

/** Calls `fn`, which must throw a RequestValidationError, and returns the offending paths. */
async function invalidPaths(fn: () => PromiseLike<unknown>): Promise<string[]> {
  const error = await rejection(fn, RequestValidationError);
  return error.issues.map((issue) => issue.path);
}

useNockLifecycle();

describe('client.members.list', () => {
  it('sends the role filter, text filter and sort under their chosen wire names', async () => {
    nock(API)
      .get(MEMBERS)
      .query({ order: 'asc', role: 'admin', search: 'ada', sort: 'lastSeenAt', limit: '20' })
      .reply(200, { items: [member('u_1', { role: 'admin', lastSeenAt: '2026-01-09T10:00:00.000Z' })] });

    const page = await client.members.list('org_1', {
      order: 'asc',
      role: 'admin',
      search: 'ada',
      sort: 'lastSeenAt',
      limit: 20,
    });

    expect(page.items.map((m) => [m.id, m.role, m.lastSeenAt])).toEqual([
      ['u_1', 'admin', '2026-01-09T10:00:00.000Z'],
    ]);
  });

  it('sends the query under the names the sandbox decodes with the same operation', () => {
    const query = { role: 'read', search: 'x', sort: 'joinedAt', limit: 20 } as const;
    const wire = encodeQuery(query);
    expect([...wire.keys()]).toEqual(['role', 'search', 'sort', 'limit']);
    expect(decodeQuery(listMembersInOrganizationById.queryKinds, wire)).toEqual(query);
  });

  it('refuses unknown sorts, orders and roles before sending', async () => {
    expect(
      await invalidPaths(() =>
        // @ts-expect-error: values outside the document's lists
        client.members.list('org_1', { sort: 'title', order: 'up', role: 'owner', search: '' }),
      ),
    ).toEqual(['query.order', 'query.role', 'query.search', 'query.sort']);
  });

  it('sends the role filter guest and the sort name, which the published document has', async () => {
    nock(API)
      .get(MEMBERS)
      .query({ role: 'guest', sort: 'name' })
      .reply(200, { items: [{ ...documented.member('u_2'), role: null }] });

    const page = await client.members.list('org_1', { role: 'guest', sort: 'name' });
    expect(page.items.map((m) => [m.id, m.role])).toEqual([['u_2', null]]);
  });

  it('reads a guest (null role) and a member with unknown fields', async () => {
    nock(API)
      .get(MEMBERS)
      .reply(200, { items: [member('u_guest', { role: null, badge: 'new' })], count: 1 });

    const [guest] = (await client.members.list('org_1')).items;

    expect(guest?.role).toBeNull();
    expect(guest).toHaveProperty('badge', 'new');
  });
});

describe('client.members: one member', () => {
  it('gets, changes the role of, and removes a member', async () => {
    nock(API)
      .get(`${MEMBERS}/u_1`)
      .reply(200, member('u_1'))
      .patch(`${MEMBERS}/u_1`, { role: null })
      .reply(200, member('u_1', { role: null }))
      .delete(`${MEMBERS}/u_1`)
      .reply(204);

    expect((await client.members.get('org_1', 'u_1')).role).toBe('edit');
    expect((await client.members.update('org_1', 'u_1', { role: null })).role).toBeNull();
    await expect(client.members.delete('org_1', 'u_1')).resolves.toBeUndefined();
  });

  it('requires a role in the update, and only an organization role', async () => {
    // @ts-expect-error: `role` is required (null for a guest)
    expect(await invalidPaths(() => client.members.update('org_1', 'u_1', {}))).toEqual(['body.role']);
    expect(
      // @ts-expect-error: `owner` is a team role
      await invalidPaths(() => client.members.update('org_1', 'u_1', { role: 'owner' })),
    ).toEqual(['body.role']);
  });

  it('adds an SSO member with an empty POST', async () => {
    nock(API)
      .post(`${MEMBERS}/u_2/sso`)
      .reply(200, member('u_2', { sso: true }));

    expect((await client.members.addSso('org_1', 'u_2')).sso).toBe(true);
  });
});

describe("client.members: a member's spaces and teams", () => {
  it('lists spaces with the permission, in the order asked', async () => {
    nock(API)
      .get(`${MEMBERS}/u_1/spaces`)
      .query({ order: 'asc' })
      .reply(200, {
        items: [{ permission: 'edit', space: documented.space('space_1') }],
      });

    const spaces = await client.members.listSpaces('org_1', 'u_1', { order: 'asc' }).toArray({ max: 5 });

    expect(spaces.map((s) => [s.space.id, s.permission])).toEqual([['space_1', 'edit']]);
  });

  it('lists teams filtered by title, with the team role', async () => {
    nock(API)
      .get(`${MEMBERS}/u_1/teams`)
      .query({ title: 'docs' })
      .reply(200, {
        items: [{ team: { ...documented.team('team_1'), title: 'Docs' }, member: { role: 'owner' } }],
      });

    const [first] = (await client.members.listTeams('org_1', 'u_1', { title: 'docs' })).items;

    expect([first?.team.id, first?.member?.role]).toEqual(['team_1', 'owner']);
  });
});
