import { describe, expect, it } from 'vitest';
import { NotFoundError, PermissionDeniedError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { userHandlers } from './users.js';

const { setup, servedOperationIds } = trackSandboxes();

describe('users', () => {
  it("answers the user the token belongs to: the seed's actor, with the email", async () => {
    const { client } = setup();
    expect(await client.users.getAuthenticated()).toEqual({
      object: 'user',
      id: 'user_ada',
      displayName: 'Ada Lovelace',
      email: 'ada@acme.test',
      urls: { location: 'http://sandbox.test/v1/users/user_ada' },
    });
  });

  it('answers the user a fixture names as the actor, and a user a fixture adds', async () => {
    const { client } = setup({
      fixtures: {
        version: 1,
        users: [{ id: 'user_bot', displayName: 'Docs Bot', email: 'bot@acme.test' }],
        members: [{ organization: 'org_acme', user: 'user_bot', role: 'edit' }],
        actor: 'user_bot',
      },
    });
    const me = await client.users.getAuthenticated();
    expect([me.id, me.displayName, me.email]).toEqual(['user_bot', 'Docs Bot', 'bot@acme.test']);
    // The whole sandbox acts as that user: org_beta is none of its organizations.
    expect((await client.organizations.list()).items.map((org) => org.id)).toEqual(['org_acme']);
  });

  it('reads a user by id as others see them (no email), oneself in full; an unknown id is a 404', async () => {
    const { client } = setup();
    expect(await client.users.get('user_grace')).toEqual({
      object: 'user',
      id: 'user_grace',
      displayName: 'Grace Hopper',
      urls: { location: 'http://sandbox.test/v1/users/user_grace' },
    });
    expect((await client.users.get('user_ada')).email).toBe('ada@acme.test');
    expect(await failure(client.users.get('user_nope'), NotFoundError)).toBe(
      'user "user_nope" was not found',
    );
  });
});

describe('users.update', () => {
  it('changes the name getAuthenticated then shows; another user is refused', async () => {
    const { client } = setup();
    const me = await client.users.getAuthenticated();
    const updated = await client.users.update(me.id, { displayName: 'Ada L.' });
    expect(updated.displayName).toBe('Ada L.');
    expect((await client.users.getAuthenticated()).displayName).toBe('Ada L.');
    await failure(client.users.update('user_grace', { displayName: 'Grace' }), PermissionDeniedError);
    await failure(client.users.update('user_missing', { displayName: 'Nobody' }), NotFoundError);
  });
});

describe('coverage', () => {
  it('served every users operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = userHandlers.map((handler) => handler.operation.id);
    expect(ids).toEqual(['getAuthenticatedUser', 'getUserById', 'updateUserById']);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
