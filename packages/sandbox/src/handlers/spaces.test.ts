import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  RequestValidationError,
  publishedSiteSpaces,
  type DocsClient,
} from '@docs-api/sdk';
import { operations } from '@docs-api/sdk/contract';
import { everyItem, failure, trackSandboxes } from '../../test-support/client.js';
import { children } from '../tree.js';

const ORG = 'org_acme';
const DAY = 24 * 60 * 60 * 1000;

const sandboxes = trackSandboxes();

/** A sandbox whose clock stands still until the test moves it with `advance`. */
function setup() {
  let now = Date.UTC(2026, 2, 1, 12);
  const created = sandboxes.setup({ clock: () => new Date(now) });
  return { ...created, advance: (ms: number) => (now += ms) };
}

const orgSpaces = async (client: DocsClient, org = ORG) =>
  (await client.spaces.list(org).toArray({ max: 100 })).map((s) => s.id);
const collectionSpaces = async (client: DocsClient, collectionId: string) =>
  (await client.collections.listSpaces(collectionId).toArray({ max: 100 })).map((s) => s.id);

describe('spaces: reads', () => {
  it('shows the seeded spaces in their collections, and lists the organization as before', async () => {
    const { client } = setup();
    expect(await client.spaces.get('space_handbook')).toMatchObject({
      parent: 'col_product',
      organization: ORG,
      editMode: 'live',
    });
    expect((await client.spaces.get('space_guides')).parent).toBe('col_internal');
    expect((await client.spaces.get('space_legal')).parent).toBeUndefined();
    expect(await orgSpaces(client)).toEqual([
      'space_handbook',
      'space_api',
      'space_guides',
      'space_legal',
      'space_handbook_fr',
    ]);
  });

  it('answers every field the published document requires, with derived counts, URLs and permissions', async () => {
    const { sandbox, client } = setup();
    const space = await client.spaces.get('space_handbook');
    expect(space).toMatchObject({
      object: 'space',
      title: 'Handbook',
      emoji: '📘',
      organization: ORG,
      visibility: 'public',
      revision: 'rev_handbook_2',
      changeRequests: 2,
      changeRequestsOpen: 2,
      changeRequestsDraft: 0,
      mergeRules: { type: 'inherit' },
      defaultLevel: 'read',
      urls: {
        location: 'http://sandbox.test/v1/spaces/space_handbook',
        app: 'https://app.sandbox.docs-api.local/s/space_handbook',
      },
    });
    expect(typeof space.comments).toBe('number');
    // Ada is an admin of org_acme: she may do everything.
    expect(Object.values(space.permissions ?? {})).toHaveLength(10);
    expect(Object.values(space.permissions ?? {}).every(Boolean)).toBe(true);
    // Linus edits: he views, comments and edits, but neither merges nor administers.
    sandbox.store.actor = 'user_linus';
    expect((await client.spaces.get('space_handbook')).permissions).toMatchObject({
      view: true,
      access: true,
      comment: true,
      edit: true,
      review: false,
      merge: false,
      admin: false,
    });
    // Someone outside the organization reads through a share key only.
    sandbox.store.actor = 'user_outsider';
    const shared = await client.spaces.get('space_handbook', { shareKey: 'share_docs' });
    expect(shared.permissions).toMatchObject({ view: true, access: false, edit: false, admin: false });
  });

  it('opens a space to a share key of a site that publishes it, and to no other key', async () => {
    const { sandbox, client } = setup();
    sandbox.store.actor = 'user_outsider';
    await failure(client.spaces.get('space_handbook'), NotFoundError);
    expect((await client.spaces.get('space_handbook', { shareKey: 'share_docs' })).id).toBe('space_handbook');
    // site_internal publishes space_guides, not space_handbook.
    const message = await failure(
      client.spaces.get('space_handbook', { shareKey: 'share_internal' }),
      NotFoundError,
    );
    expect(message).toBe('space "space_handbook" was not found with this share key');
  });
});

describe('spaces: update and edit mode', () => {
  it('changes only the given settings and stamps updatedAt', async () => {
    const { client, advance } = setup();
    advance(DAY);
    const updated = await client.spaces.update('space_api', {
      title: 'API',
      defaultLevel: 'comment',
      language: 'de',
      emoji: null,
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['user_grace'] }] },
    });
    expect(updated).toMatchObject({
      title: 'API',
      defaultLevel: 'comment',
      language: 'de',
      editMode: 'live',
      updatedAt: '2026-03-02T12:00:00.000Z',
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['user_grace'] }] },
    });
    // A space without an emoji answers an empty one: the published document requires the field.
    expect(updated.emoji).toBe('');
    expect(await client.spaces.get('space_api')).toEqual(updated);
  });

  it('shows an emoji or an icon: setting one removes the other, null removes it', async () => {
    const { client } = setup();
    const withIcon = await client.spaces.update('space_api', { icon: 'https://example.com/api.png' });
    expect(withIcon.emoji).toBe('');
    expect(withIcon.urls?.icon).toBe('https://example.com/api.png');
    const withEmoji = await client.spaces.update('space_api', { emoji: '🔌' });
    expect(withEmoji.emoji).toBe('🔌');
    expect(withEmoji.urls?.icon).toBeUndefined();
    await client.spaces.update('space_api', { icon: 'https://example.com/api.png' });
    const bare = await client.spaces.update('space_api', { icon: null });
    expect([bare.emoji, bare.urls?.icon]).toEqual(['', undefined]);
    // Removing takes null only: an emoji that is no string fits none of the document's forms.
    await expect(
      client.spaces.update('space_api', { emoji: 42 as unknown as string }),
    ).rejects.toBeInstanceOf(RequestValidationError);
  });

  it("takes the published document's default levels and merge rules: inherit, null, none, custom", async () => {
    const { client } = setup();
    expect((await client.spaces.update('space_api', { defaultLevel: 'inherit' })).defaultLevel).toBe(
      'inherit',
    );
    expect((await client.spaces.update('space_api', { defaultLevel: null })).defaultLevel).toBeNull();
    expect((await client.spaces.update('space_api', { mergeRules: { type: 'none' } })).mergeRules).toEqual({
      type: 'none',
    });
    const custom = {
      type: 'rules' as const,
      rules: [
        { rule: 'require_at_least_one_approved_review' as const },
        { rule: 'custom' as const, expression: 'changeRequest.subject != ""', message: 'Give a subject' },
      ],
    };
    expect((await client.spaces.update('space_api', { mergeRules: custom })).mergeRules).toEqual(custom);
  });

  it('locking refuses merges; unlocking a locked space is allowed and lets them through', async () => {
    const { client } = setup();
    await client.spaces.update('space_handbook', { editMode: 'locked' });
    expect(await failure(client.changeRequests.merge('space_handbook', 1), ConflictError)).toContain(
      'is locked',
    );

    expect((await client.spaces.update('space_legal', { title: 'Legal texts' })).editMode).toBe('locked');
    expect((await client.spaces.update('space_legal', { editMode: 'live' })).editMode).toBe('live');
    expect((await client.changeRequests.merge('space_legal', 'cr_terms')).result).toBe('merge');
  });
});

describe('spaces: delete and restore', () => {
  it('hides a deleted space from every read and restores it within 7 days, in its collection', async () => {
    const { client, advance } = setup();
    await client.spaces.delete('space_guides');

    expect(await failure(client.spaces.get('space_guides'), NotFoundError)).toBe(
      'space "space_guides" was deleted (it can be restored for 7 days)',
    );
    expect(await orgSpaces(client)).not.toContain('space_guides');
    expect(await collectionSpaces(client, 'col_internal')).toEqual([]);
    await failure(client.spaces.listLinks('space_guides'), NotFoundError);
    await failure(client.changeRequests.list('space_guides'), NotFoundError);
    // Deleting it again, or a space that never was, succeeds.
    await client.spaces.delete('space_guides');
    await client.spaces.delete('space_never');

    advance(7 * DAY - 1);
    const restored = await client.spaces.restore('space_guides');
    expect(restored).toMatchObject({ id: 'space_guides', parent: 'col_internal' });
    expect(restored.deletedAt).toBeUndefined();
    expect(await collectionSpaces(client, 'col_internal')).toEqual(['space_guides']);
    expect(await orgSpaces(client)).toContain('space_guides');

    expect(await failure(client.spaces.restore('space_guides'), ConflictError)).toBe(
      'space "space_guides" is not deleted: there is nothing to restore',
    );
  });

  it('removes a deleted space for good after 7 days', async () => {
    const { client, advance } = setup();
    await client.spaces.delete('space_api');
    advance(7 * DAY + 1);
    expect(await failure(client.spaces.get('space_api'), NotFoundError)).toBe(
      'space "space_api" was not found',
    );

    expect(await failure(client.spaces.restore('space_api'), NotFoundError)).toBe(
      'space "space_api" was deleted more than 7 days ago and is permanently removed',
    );
    expect(await failure(client.spaces.restore('space_api'), NotFoundError)).toBe(
      'space "space_api" was not found',
    );
    await failure(client.spaces.restore('space_never'), NotFoundError);
  });

  it('seeds a space deleted at start-up, which can be restored', async () => {
    const { client } = setup();
    await failure(client.spaces.get('space_archive'), NotFoundError);
    const restored = await client.spaces.restore('space_archive');
    expect(restored).toMatchObject({ id: 'space_archive', title: 'Archive', revision: 'rev_archive_1' });
    expect(await orgSpaces(client)).toContain('space_archive');
  });

  it('brings a space back at the top level when its collection was deleted meanwhile', async () => {
    const { client } = setup();
    await client.collections.delete('col_internal');
    await failure(client.spaces.get('space_guides'), NotFoundError);

    const restored = await client.spaces.restore('space_guides');

    expect(restored.parent).toBeUndefined();
  });
});

describe('spaces: duplicate', () => {
  it('copies the settings and the primary content into a new space beside the original', async () => {
    const { sandbox, client } = setup();
    const source = await client.spaces.get('space_handbook');

    const copy = await client.spaces.duplicate('space_handbook');

    expect(copy).toMatchObject({
      title: 'Copy of Handbook',
      parent: 'col_product',
      organization: ORG,
      emoji: source.emoji,
      changeRequests: 0,
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.revision).not.toBe(source.revision);
    const original = sandbox.store.revisions.get(source.revision ?? '');
    const copied = sandbox.store.revisions.get(copy.revision ?? '');
    expect(copied?.space).toBe(copy.id);
    expect(copied?.pages).toEqual(original?.pages);
    expect(copied?.files).toEqual(original?.files);
    expect(await collectionSpaces(client, 'col_product')).toEqual(['space_handbook', copy.id, 'space_api']);
    expect((await client.spaces.listLinks(copy.id)).stats).toEqual(
      (await client.spaces.listLinks('space_handbook')).stats,
    );
    await failure(client.spaces.duplicate('space_never'), NotFoundError);
  });
});

describe('spaces: move', () => {
  it('moves into another collection, before or after a sibling space, and to the top level', async () => {
    const { client } = setup();
    const moved = await client.spaces.move('space_guides', {
      parent: 'col_product',
      position: { after: { type: 'space', space: 'space_handbook' } },
    });
    expect(moved.parent).toBe('col_product');
    expect(await collectionSpaces(client, 'col_product')).toEqual([
      'space_handbook',
      'space_guides',
      'space_api',
    ]);
    expect(await collectionSpaces(client, 'col_internal')).toEqual([]);

    await client.spaces.move('space_api', {
      position: { before: { type: 'space', space: 'space_handbook' } },
    });
    expect(await collectionSpaces(client, 'col_product')).toEqual([
      'space_api',
      'space_handbook',
      'space_guides',
    ]);
    await client.spaces.move('space_api', {
      position: {
        after: { type: 'space', space: 'space_handbook' },
        before: { type: 'space', space: 'space_guides' },
      },
    });
    expect(await collectionSpaces(client, 'col_product')).toEqual([
      'space_handbook',
      'space_api',
      'space_guides',
    ]);

    const top = await client.spaces.move('space_guides', { parent: null });
    expect(top.parent).toBeUndefined();
    expect(await collectionSpaces(client, 'col_product')).toEqual(['space_handbook', 'space_api']);
  });

  it('places a space before or after a sibling collection (published document: ContentPosition)', async () => {
    const { sandbox, client } = setup();
    // No list shows the order of the top level: read it from the sandbox's tree.
    const topLevel = () => children(sandbox.store, ORG, null).map((node) => node.id);
    expect(topLevel()).toEqual(['col_product', 'space_legal', 'space_handbook_fr']);
    await client.spaces.move('space_guides', {
      parent: null,
      position: { before: { type: 'collection', collection: 'col_product' } },
    });
    expect(topLevel()).toEqual(['space_guides', 'col_product', 'space_legal', 'space_handbook_fr']);
    await client.spaces.move('space_guides', {
      position: { after: { type: 'collection', collection: 'col_product' } },
    });
    expect(topLevel()).toEqual(['col_product', 'space_guides', 'space_legal', 'space_handbook_fr']);
    const sibling = await failure(
      client.spaces.move('space_legal', {
        position: { before: { type: 'collection', collection: 'col_internal' } },
      }),
      BadRequestError,
    );
    expect(sibling).toBe(
      'invalid position: body.position.before: collection "col_internal" is not a sibling at the top level of the organization',
    );
  });

  it('answers not found, invalid position and would change nothing', async () => {
    const { sandbox, client } = setup();
    expect(await failure(client.spaces.move('space_api', { parent: 'col_nope' }), NotFoundError)).toBe(
      'collection "col_nope" was not found in organization "org_acme"',
    );
    sandbox.store.collections.set('col_beta', {
      id: 'col_beta',
      organization: 'org_beta',
      title: 'Beta',
      defaultLevel: 'read',
    });
    await failure(client.spaces.move('space_api', { parent: 'col_beta' }), NotFoundError);
    await failure(client.spaces.move('space_nope', { parent: 'col_product' }), NotFoundError);

    // space_legal is at the top level, not in col_product.
    expect(
      await failure(
        client.spaces.move('space_api', {
          parent: 'col_product',
          position: { before: { type: 'space', space: 'space_legal' } },
        }),
        BadRequestError,
      ),
    ).toBe(
      'invalid position: body.position.before: space "space_legal" is not a sibling in collection "col_product"',
    );
    expect(
      await failure(
        client.spaces.move('space_api', { position: { after: { type: 'space', space: 'space_api' } } }),
        BadRequestError,
      ),
    ).toContain('is not another space');
    expect(
      await failure(
        client.spaces.move('space_api', {
          position: {
            after: { type: 'space', space: 'space_api' },
            before: { type: 'space', space: 'space_handbook' },
          },
        }),
        BadRequestError,
      ),
    ).toContain('invalid position');

    expect(await failure(client.spaces.move('space_api', { parent: 'col_product' }), ConflictError)).toBe(
      'the move would change nothing: space "space_api" is already there',
    );
    await failure(
      client.spaces.move('space_api', { position: { after: { type: 'space', space: 'space_handbook' } } }),
      ConflictError,
    );
    await failure(client.spaces.move('space_legal', { parent: null }), ConflictError);
    expect(await collectionSpaces(client, 'col_product')).toEqual(['space_handbook', 'space_api']);
  });
});

describe('spaces: transfer', () => {
  it('moves a space to another organization of the caller, out of its collection and sites', async () => {
    const { client } = setup();
    const before = await client.sites.getPublished(ORG, 'site_docs');
    expect(publishedSiteSpaces(before).map(({ siteSpace }) => siteSpace.space.id)).toContain('space_api');

    const moved = await client.spaces.transfer('space_api', { organization: 'org_beta' });

    expect(moved).toMatchObject({ id: 'space_api', organization: 'org_beta' });
    expect(moved.parent).toBeUndefined();
    expect(await orgSpaces(client, 'org_beta')).toEqual(['space_api']);
    expect(await orgSpaces(client)).not.toContain('space_api');
    expect(await collectionSpaces(client, 'col_product')).toEqual(['space_handbook']);
    const after = await client.sites.getPublished(ORG, 'site_docs');
    expect(publishedSiteSpaces(after).map(({ siteSpace }) => siteSpace.space.id)).toEqual(['space_handbook']);
    // Its change requests went along.
    expect((await client.changeRequests.get('space_api', 1)).space).toBe('space_api');
  });

  it('refuses an unknown organization, the same organization and a locked space', async () => {
    const { client } = setup();
    expect(
      await failure(client.spaces.transfer('space_api', { organization: 'org_nope' }), NotFoundError),
    ).toBe('organization "org_nope" was not found');
    expect(await failure(client.spaces.transfer('space_api', { organization: ORG }), ConflictError)).toBe(
      'the transfer would change nothing: space "space_api" is already in organization "org_acme"',
    );
    // 412: "cannot be moved", as the published document answers for a collection.
    const locked = client.spaces.transfer('space_legal', { organization: 'org_beta' });
    await expect(locked).rejects.toMatchObject({ status: 412 });
    expect(await failure(locked, ApiError)).toBe(
      'space "space_legal" cannot be moved: space "space_legal" is locked (set its edit mode to live first)',
    );
    await failure(client.spaces.transfer('space_nope', { organization: 'org_beta' }), NotFoundError);
    expect((await client.spaces.get('space_legal')).organization).toBe(ORG);
  });
});

describe('spaces: links', () => {
  it('lists the links of every page of the primary content, with stats and a status filter', async () => {
    const { client } = setup();
    const listing = await client.spaces.listLinks('space_handbook');
    expect(listing.stats).toEqual({ total: 9, broken: { total: 1, changeRequest: 0 } });
    expect(listing.count).toBe(9);

    const broken = await client.spaces.listLinks('space_handbook', { status: 'broken' });
    expect(broken.items).toEqual([
      {
        status: 'broken',
        relation: 'reference',
        targetReference: { kind: 'page', page: 'page_faq', space: 'space_handbook' },
        locationReferences: [{ kind: 'page', page: 'page_getting_started', space: 'space_handbook' }],
      },
    ]);
    expect(broken.stats).toEqual(listing.stats);
    const inApp = await client.spaces.listLinks('space_handbook', { status: 'in-app' });
    expect(inApp.items.map((link) => link.targetReference)).toEqual([
      { kind: 'url', url: 'https://app.sandbox.docs-api.local/s/space_api' },
    ]);

    // A list of the extract that the SDK does not walk (see sandbox-port notes): `next` by hand.
    const paged = await everyItem((page) =>
      client.spaces.listLinks('space_handbook', { limit: 4, ...(page ? { page } : {}) }),
    );
    expect(paged).toHaveLength(9);
    expect((await client.spaces.listLinks('space_guides')).stats).toEqual({
      total: 0,
      broken: { total: 0, changeRequest: 0 },
    });
    await failure(client.spaces.listLinks('space_nope'), NotFoundError);
  });
});

describe('coverage', () => {
  it('served every space operation through the SDK in this file', () => {
    const served = sandboxes.servedOperationIds();
    const ids = operations.filter((op) => op.area === 'Spaces').map((op) => op.id);
    expect(ids).toHaveLength(9);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
