import { describe, expect, it } from 'vitest';
import { ApiError, BadRequestError, ConflictError, NotFoundError, type DocsClient } from '@docs-api/sdk';
import { operations, type ListCollectionsInOrganizationByIdQuery } from '@docs-api/sdk/contract';
import { failure, trackSandboxes } from '../../test-support/client.js';

const ORG = 'org_acme';

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

const collectionIds = async (
  client: DocsClient,
  query: ListCollectionsInOrganizationByIdQuery = {},
  org = ORG,
) => (await client.collections.list(org, query).toArray({ max: 100 })).map((c) => c.id);
const spacesOf = async (client: DocsClient, collectionId: string) =>
  (await client.collections.listSpaces(collectionId).toArray({ max: 100 })).map((s) => s.id);

describe('collections: seed and reads', () => {
  it("lists every collection, nested ones too, unless nested is false (the service's default is true)", async () => {
    const { client } = setup();
    expect(await collectionIds(client)).toEqual(['col_product', 'col_internal']);
    expect(await collectionIds(client, { nested: true })).toEqual(['col_product', 'col_internal']);
    expect(await collectionIds(client, { nested: false })).toEqual(['col_product']);
    expect(await collectionIds(client, {}, 'org_beta')).toEqual([]);
    await failure(client.collections.list('org_nope'), NotFoundError);
  });

  it('reads a collection with its parent, default level, URLs and permissions', async () => {
    const { client } = setup();
    expect(await client.collections.get('col_internal')).toEqual({
      object: 'collection',
      id: 'col_internal',
      title: 'Internal',
      organization: ORG,
      parent: 'col_product',
      defaultLevel: 'comment',
      urls: {
        // Absolute, at the origin the sandbox was reached on.
        location: 'http://sandbox.test/v1/collections/col_internal',
        app: 'https://app.sandbox.docs-api.local/c/col_internal',
      },
      permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    });
    await failure(client.collections.get('col_nope'), NotFoundError);
  });

  it('lists the spaces directly in a collection', async () => {
    const { client } = setup();
    expect(await spacesOf(client, 'col_product')).toEqual(['space_handbook', 'space_api']);
    expect(await spacesOf(client, 'col_internal')).toEqual(['space_guides']);
    const page = await client.collections.listSpaces('col_product', { limit: 1 });
    expect(page.items.map((s) => s.id)).toEqual(['space_handbook']);
    expect(page.count).toBe(2);
    await failure(client.collections.listSpaces('col_nope'), NotFoundError);
  });

  it('hides the collections of an organization the caller is not in', async () => {
    const { sandbox, client } = setup();
    sandbox.store.actor = 'user_outsider';
    await failure(client.collections.get('col_product'), NotFoundError);
  });
});

describe('collections: create and update', () => {
  it('creates top-level and nested collections, last among their siblings', async () => {
    const { client } = setup();
    const top = await client.collections.create(ORG, { title: 'Guides' });
    expect(top).toMatchObject({ title: 'Guides', organization: ORG, defaultLevel: 'read' });
    expect(top.parent).toBeUndefined();
    const nested = await client.collections.create(ORG, { title: 'Archive', parent: 'col_product' });
    expect(nested.parent).toBe('col_product');

    expect(await collectionIds(client, { nested: false })).toEqual(['col_product', top.id]);
    expect(await collectionIds(client)).toEqual(['col_product', 'col_internal', nested.id, top.id]);
    expect(await client.collections.get(nested.id)).toEqual(nested);
  });

  it('creates a collection without a title, as the service does, under a default title', async () => {
    const { client } = setup();
    expect((await client.collections.create(ORG, {})).title).toBe('Untitled collection');
  });

  it('refuses a parent that is not a collection of the organization', async () => {
    const { client } = setup();
    expect(
      await failure(client.collections.create(ORG, { title: 'X', parent: 'col_nope' }), BadRequestError),
    ).toBe('body.parent: collection "col_nope" is not in organization "org_acme"');
  });

  it('changes the title, description and default level', async () => {
    const { client } = setup();
    const updated = await client.collections.update('col_product', {
      title: 'Customer docs',
      description: 'Read by customers',
      defaultLevel: 'review',
    });
    expect(updated).toMatchObject({
      title: 'Customer docs',
      description: 'Read by customers',
      defaultLevel: 'review',
    });
    expect((await client.collections.update('col_product', { title: 'Docs' })).description).toBe(
      'Read by customers',
    );
    await failure(client.collections.update('col_nope', { title: 'X' }), NotFoundError);
  });
});

describe('collections: delete', () => {
  it('deletes nested collections too and deletes their spaces; an absent one deletes fine', async () => {
    const { client } = setup();
    await client.collections.delete('col_product');

    await failure(client.collections.get('col_product'), NotFoundError);
    await failure(client.collections.get('col_internal'), NotFoundError);
    expect(await collectionIds(client, { nested: true })).toEqual([]);
    for (const spaceId of ['space_handbook', 'space_api', 'space_guides']) {
      await failure(client.spaces.get(spaceId), NotFoundError);
    }
    expect((await client.spaces.list(ORG).toArray({ max: 100 })).map((s) => s.id)).toEqual([
      'space_legal',
      'space_handbook_fr',
    ]);
    await client.collections.delete('col_product');
    await client.collections.delete('col_never');

    // Its spaces come back at the top level.
    expect((await client.spaces.restore('space_api')).parent).toBeUndefined();
  });
});

describe('collections: move', () => {
  it('moves to the top level and back, before a sibling space', async () => {
    const { client } = setup();
    const top = await client.collections.move('col_internal', { parent: null });
    expect(top.parent).toBeUndefined();
    expect(await collectionIds(client, { nested: false })).toEqual(['col_product', 'col_internal']);

    const back = await client.collections.move('col_internal', {
      parent: 'col_product',
      position: { before: { type: 'space', space: 'space_api' } },
    });
    expect(back.parent).toBe('col_product');
    expect(await collectionIds(client, { nested: false })).toEqual(['col_product']);
    // The space keeps its collection when the collection moves.
    expect(await spacesOf(client, 'col_internal')).toEqual(['space_guides']);
  });

  it('places a collection before or after a sibling collection (published document: ContentPosition)', async () => {
    const { client } = setup();
    const other = await client.collections.create(ORG, { title: 'Guides' });
    await client.collections.move(other.id, {
      position: { before: { type: 'collection', collection: 'col_product' } },
    });
    expect(await collectionIds(client, { nested: false })).toEqual([other.id, 'col_product']);
    await client.collections.move(other.id, {
      position: { after: { type: 'collection', collection: 'col_product' } },
    });
    expect(await collectionIds(client, { nested: false })).toEqual(['col_product', other.id]);
    expect(
      await failure(
        client.collections.move(other.id, {
          position: { after: { type: 'collection', collection: 'col_internal' } },
        }),
        BadRequestError,
      ),
    ).toBe(
      'invalid position: body.position.after: collection "col_internal" is not a sibling at the top level of the organization',
    );
  });

  it('answers not found, invalid position and would change nothing', async () => {
    const { client } = setup();
    await failure(client.collections.move('col_internal', { parent: 'col_nope' }), NotFoundError);
    await failure(client.collections.move('col_nope', { parent: null }), NotFoundError);
    expect(
      await failure(client.collections.move('col_product', { parent: 'col_internal' }), BadRequestError),
    ).toBe(
      'invalid position: collection "col_product" cannot be moved into itself or a collection inside it',
    );
    await failure(client.collections.move('col_product', { parent: 'col_product' }), BadRequestError);
    expect(
      await failure(
        client.collections.move('col_internal', {
          position: { after: { type: 'space', space: 'space_guides' } },
        }),
        BadRequestError,
      ),
    ).toBe(
      'invalid position: body.position.after: space "space_guides" is not a sibling in collection "col_product"',
    );
    expect(
      await failure(client.collections.move('col_internal', { parent: 'col_product' }), ConflictError),
    ).toBe('the move would change nothing: collection "col_internal" is already there');
    await failure(client.collections.move('col_product', { parent: null }), ConflictError);
  });
});

describe('collections: transfer', () => {
  it('takes the nested collections and the spaces along to the other organization', async () => {
    const { sandbox, client } = setup();
    const moved = await client.collections.transfer('col_product', { organization: 'org_beta' });

    expect(moved).toMatchObject({ id: 'col_product', organization: 'org_beta' });
    expect(await collectionIds(client, { nested: true }, 'org_beta')).toEqual([
      'col_product',
      'col_internal',
    ]);
    expect(await collectionIds(client, { nested: true })).toEqual([]);
    expect((await client.spaces.list('org_beta').toArray({ max: 10 })).map((s) => s.id)).toEqual([
      'space_handbook',
      'space_api',
      'space_guides',
    ]);
    expect((await client.spaces.get('space_guides')).parent).toBe('col_internal');
    expect(sandbox.store.sites.get('site_internal')?.siteSpaces).toEqual([]);
  });

  it('transfers a nested collection out of its parent, to the top level', async () => {
    const { client } = setup();
    const moved = await client.collections.transfer('col_internal', { organization: 'org_beta' });
    expect(moved.parent).toBeUndefined();
    expect(await collectionIds(client, {}, 'org_beta')).toEqual(['col_internal']);
    expect(await spacesOf(client, 'col_product')).toEqual(['space_handbook', 'space_api']);
  });

  it('refuses an unknown organization, the same one, and a collection holding a locked space', async () => {
    const { client } = setup();
    await failure(client.collections.transfer('col_product', { organization: 'org_nope' }), NotFoundError);
    await failure(client.collections.transfer('col_nope', { organization: 'org_beta' }), NotFoundError);
    expect(
      await failure(client.collections.transfer('col_product', { organization: ORG }), ConflictError),
    ).toBe(
      'the transfer would change nothing: collection "col_product" is already in organization "org_acme"',
    );

    await client.spaces.move('space_legal', { parent: 'col_internal' });
    // 412, the published document's status for a collection that cannot be moved.
    const locked = client.collections.transfer('col_product', { organization: 'org_beta' });
    await expect(locked).rejects.toMatchObject({ status: 412 });
    expect(await failure(locked, ApiError)).toBe(
      'collection "col_product" cannot be moved: space "space_legal" is locked (set its edit mode to live first)',
    );
    expect((await client.collections.get('col_internal')).organization).toBe(ORG);
    expect((await client.spaces.get('space_handbook')).organization).toBe(ORG);
  });
});

describe('coverage', () => {
  it('served every collection operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = operations.filter((op) => op.area === 'Collections').map((op) => op.id);
    expect(ids).toHaveLength(8);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
