import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { NotFoundError, RequestValidationError, ResponseValidationError } from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';

const COLLECTIONS = '/v1/orgs/org_1/collections';
const COLLECTION = '/v1/collections/col_1';

const client = makeClient({ token: 'tok_test', maxRetries: 0 });

function collection(overrides: Record<string, unknown> = {}) {
  return {
    ...documented.collection(),
    object: 'collection',
    id: 'col_1',
    title: 'Product docs',
    organization: 'org_1',
    defaultLevel: 'read',
    permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    ...overrides,
  };
}

/** Calls `fn`, which must throw a RequestValidationError, and returns the offending paths. */
async function invalidPaths(fn: () => PromiseLike<unknown>): Promise<string[]> {
  const error = await rejection(fn, RequestValidationError);
  return error.issues.map((issue) => issue.path);
}

useNockLifecycle();

describe('client.collections', () => {
  it('sends `nested=false` to list only top-level collections', async () => {
    nock(API)
      .get(COLLECTIONS)
      .query({ nested: 'false' })
      .reply(200, { items: [collection()], count: 1 });

    expect((await client.collections.list('org_1', { nested: false })).items).toHaveLength(1);
  });

  it('sends the nested-collections boolean as `nested=true`', async () => {
    nock(API)
      .get(COLLECTIONS)
      .query({ nested: 'true', limit: '20' })
      .reply(200, { items: [collection(), collection({ id: 'col_2', parent: 'col_1' })], count: 2 });

    const page = await client.collections.list('org_1', { nested: true, limit: 20 });

    expect(page.items.map((c) => [c.id, c.parent])).toEqual([
      ['col_1', undefined],
      ['col_2', 'col_1'],
    ]);
  });

  it('walks every page of collections, sending no filter unless given', async () => {
    nock(API)
      .get(COLLECTIONS)
      .reply(200, { items: [collection()], next: { page: 'p2' } })
      .get(COLLECTIONS)
      .query({ page: 'p2' })
      .reply(200, { items: [collection({ id: 'col_2' })] });

    expect((await client.collections.list('org_1').toArray({ max: 10 })).map((c) => c.id)).toEqual([
      'col_1',
      'col_2',
    ]);
  });

  it('creates with POST, nested in a parent', async () => {
    nock(API)
      .post(COLLECTIONS, { title: 'Internal', parent: 'col_1' })
      .reply(201, collection({ id: 'col_2', title: 'Internal', parent: 'col_1' }));

    const created = await client.collections.create('org_1', { title: 'Internal', parent: 'col_1' });

    expect(created).toMatchObject({ id: 'col_2', parent: 'col_1' });
  });

  it('creates without a title, which the published document allows', async () => {
    nock(API)
      .post(COLLECTIONS, {})
      .reply(201, collection({ id: 'col_3', title: 'Untitled' }));

    expect((await client.collections.create('org_1', {})).id).toBe('col_3');
  });

  it('checks creation and update bodies before sending', async () => {
    expect(await invalidPaths(() => client.collections.create('org_1', { title: '' }))).toEqual([
      'body.title',
    ]);
    // The published document's limits: title at most 50, description at most 100.
    expect(await invalidPaths(() => client.collections.create('org_1', { title: 'x'.repeat(51) }))).toEqual([
      'body.title',
    ]);
    expect(await invalidPaths(() => client.collections.update('col_1', { title: 'x'.repeat(51) }))).toEqual([
      'body.title',
    ]);
    expect(
      await invalidPaths(() => client.collections.update('col_1', { description: 'x'.repeat(101) })),
    ).toEqual(['body.description']);
    expect(
      await invalidPaths(() => client.collections.update('col_1', { defaultLevel: 'owner' as 'read' })),
    ).toEqual(['body.defaultLevel']);
    expect(
      await invalidPaths(() =>
        client.collections.update('col_1', { emoji: '📦' } as unknown as { title: string }),
      ),
    ).toEqual(['body.emoji']);
  });

  it('reads, updates and deletes one collection', async () => {
    nock(API)
      .get(COLLECTION)
      .reply(200, collection({ description: null }))
      .patch(COLLECTION, { description: 'Everything customers read', defaultLevel: 'comment' })
      .reply(200, collection({ description: 'Everything customers read', defaultLevel: 'comment' }))
      .patch(COLLECTION, { defaultLevel: 'inherit' })
      .reply(200, collection({ defaultLevel: 'inherit' }))
      .delete(COLLECTION)
      .reply(204);

    expect((await client.collections.get('col_1')).description).toBeNull();
    const updated = await client.collections.update('col_1', {
      description: 'Everything customers read',
      defaultLevel: 'comment',
    });
    expect(updated.defaultLevel).toBe('comment');
    expect((await client.collections.update('col_1', { defaultLevel: 'inherit' })).defaultLevel).toBe(
      'inherit',
    );
    await expect(client.collections.delete('col_1')).resolves.toBeUndefined();
  });

  it('raises a ResponseValidationError for a collection without an id', async () => {
    const { id: _id, ...noId } = documented.collection();
    nock(API).get(COLLECTION).reply(200, noId);

    const error = await rejection(client.collections.get('col_1'), ResponseValidationError);

    expect(error.issues.map((issue) => issue.path)).toEqual(['id']);
  });

  it('lists the spaces of a collection', async () => {
    nock(API)
      .get(`${COLLECTION}/spaces`)
      .query({ limit: '5' })
      .reply(200, { items: [{ ...documented.space('space_1'), parent: 'col_1' }], count: 1 });

    const page = await client.collections.listSpaces('col_1', { limit: 5 });

    expect(page.items.map((s) => s.id)).toEqual(['space_1']);
  });

  it('moves before a sibling space, and transfers to another organization', async () => {
    const move = { parent: 'col_9', position: { before: { type: 'space' as const, space: 'space_3' } } };
    nock(API)
      .post(`${COLLECTION}/move`, move)
      .reply(200, collection({ parent: 'col_9' }))
      .post(`${COLLECTION}/transfer`, { organization: 'org_2' })
      .reply(200, collection({ organization: 'org_2', parent: null }));

    expect((await client.collections.move('col_1', move)).parent).toBe('col_9');
    expect((await client.collections.transfer('col_1', { organization: 'org_2' })).organization).toBe(
      'org_2',
    );
  });

  it('surfaces a move to an absent parent as NotFoundError, and refuses an empty move before sending', async () => {
    nock(API)
      .post(`${COLLECTION}/move`, { parent: 'col_gone' })
      .reply(404, { error: { message: 'collection "col_gone" was not found' } });

    await rejection(client.collections.move('col_1', { parent: 'col_gone' }), NotFoundError);
    expect(await invalidPaths(() => client.collections.move('col_1', {}))).toEqual(['body']);
  });
});
