import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { ConflictError, extraFields, NotFoundError, RequestValidationError } from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';

const SPACE = '/v1/spaces/space_1';

const client = makeClient({ token: 'tok_test', maxRetries: 0 });

function space(overrides: Record<string, unknown> = {}) {
  return {
    ...documented.space(),
    object: 'space',
    id: 'space_1',
    title: 'Handbook',
    visibility: 'public',
    editMode: 'live',
    organization: 'org_1',
    parent: 'col_1',
    ...overrides,
  };
}

/** Calls `fn`, which must throw a RequestValidationError, and returns the offending paths. */
async function invalidPaths(fn: () => PromiseLike<unknown>): Promise<string[]> {
  const error = await rejection(fn, RequestValidationError);
  return error.issues.map((issue) => issue.path);
}

useNockLifecycle();

describe('client.spaces reads', () => {
  it('sends the share key of a share-link site as `shareKey`', async () => {
    nock(API).get(SPACE).query({ shareKey: 'share_1' }).reply(200, space());

    const read = await client.spaces.get('space_1', { shareKey: 'share_1' });

    expect(read).toMatchObject({ id: 'space_1', parent: 'col_1' });
  });

  it('reads a space with merge rules, an unknown edit mode and unknown fields', async () => {
    const rules = { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['u_1'] }] };
    nock(API)
      .get(SPACE)
      .reply(200, space({ editMode: 'frozen', mergeRules: rules, deletedAt: null, shelf: 3 }));

    const read = await client.spaces.get('space_1');

    expect(read.editMode).toBe('frozen');
    expect(read.mergeRules).toEqual(rules);
    expect(extraFields(read).shelf).toBe(3);
  });

  it('lists the links of a space with a status filter, and keeps the stats', async () => {
    const stats = { total: 3, broken: { total: 1, changeRequest: 0 } };
    nock(API)
      .get(`${SPACE}/links`)
      .query({ status: 'broken', limit: '10' })
      .reply(200, {
        items: [{ status: 'broken', targetReference: { kind: 'page', page: 'p_gone', space: 'space_1' } }],
        count: 1,
        stats,
      });

    const listing = await client.spaces.listLinks('space_1', { status: 'broken', limit: 10 });

    expect(listing.items.map((link) => link.status)).toEqual(['broken']);
    // The page is typed by its items; the extract's stats beside them are kept as data.
    expect(extraFields(listing).stats).toEqual(stats);
  });

  it('refuses a link status outside ok, broken and in-app before sending', async () => {
    expect(
      await invalidPaths(() =>
        client.spaces.listLinks('space_1', { status: 'dead' as 'ok' }).toArray({ max: 1 }),
      ),
    ).toEqual(['query.status']);
  });

  it('raises NotFoundError for the links of an absent space', async () => {
    nock(API)
      .get('/v1/spaces/space_x/links')
      .reply(404, { error: { message: 'space "space_x" was not found' } });

    const error = await rejection(client.spaces.listLinks('space_x'), NotFoundError);

    expect(error.serverMessage).toBe('space "space_x" was not found');
  });
});

describe('client.spaces changes', () => {
  it('updates with PATCH and only the given fields', async () => {
    const body = {
      editMode: 'locked' as const,
      title: 'Team handbook',
      defaultLevel: 'comment' as const,
      language: 'fr' as const,
      mergeRules: {
        type: 'rules' as const,
        rules: [{ rule: 'require_specific_reviewers' as const, users: ['u_1'] }],
      },
      emoji: null,
    };
    nock(API)
      .patch(SPACE, body)
      .reply(200, space({ editMode: 'locked', title: 'Team handbook' }));

    const updated = await client.spaces.update('space_1', body);

    expect(updated).toMatchObject({ editMode: 'locked', title: 'Team handbook' });
  });

  // The body is one of the document's three forms (an emoji, an icon, or neither): an issue in a
  // field all forms share names the field, as 0.1 did (the form that fits best is reported).
  it('checks the update body before sending', async () => {
    expect(
      await invalidPaths(() => client.spaces.update('space_1', { editMode: 'frozen' as 'live' })),
    ).toEqual(['body.editMode']);
    expect(
      await invalidPaths(() => client.spaces.update('space_1', { defaultLevel: 'owner' as 'read' })),
    ).toEqual(['body.defaultLevel']);
    expect(await invalidPaths(() => client.spaces.update('space_1', { title: '' }))).toEqual(['body.title']);
    expect(
      await invalidPaths(() =>
        client.spaces.update('space_1', { mergeRules: { type: 'rules' } as unknown as { type: 'inherit' } }),
      ),
      // Merge rules of the space's forms that fit equally badly: the issue names the merge rules.
    ).toEqual(['body.mergeRules']);
    expect(
      await invalidPaths(() =>
        client.spaces.update('space_1', { visibility: 'public' } as unknown as { title: string }),
      ),
    ).toEqual(['body.visibility']);
  });

  it("checks the published document's limits and values before sending", async () => {
    // Title at most 50, a language the service lists, known merge rules.
    expect(await invalidPaths(() => client.spaces.update('space_1', { title: 'x'.repeat(51) }))).toEqual([
      'body.title',
    ]);
    expect(
      await invalidPaths(() => client.spaces.update('space_1', { language: 'klingon' as 'en' })),
    ).toEqual(['body.language']);
    expect(
      await invalidPaths(() =>
        client.spaces.update('space_1', {
          mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers' } as never] },
        }),
      ),
    ).toEqual(['body.mergeRules.rules.0.users']);
    expect(
      await invalidPaths(() =>
        client.spaces.update('space_1', {
          mergeRules: { type: 'rules', rules: [{ rule: 'custom', expression: 'x'.repeat(1025) }] },
        }),
      ),
    ).toEqual(['body.mergeRules.rules.0.expression']);
  });

  it("checks the body's emoji and icon: an emoji of at most 50, or an icon URL, not both", async () => {
    expect(await invalidPaths(() => client.spaces.update('space_1', { emoji: 'x'.repeat(51) }))).toEqual([
      'body.emoji',
    ]);
    expect(
      await invalidPaths(() =>
        client.spaces.update('space_1', { emoji: '📘', icon: 'https://example.com/i.png' }),
      ),
    ).toEqual(['body.emoji', 'body.icon']);
    expect(await invalidPaths(() => client.spaces.update('space_1', { icon: 'not a url' }))).toEqual([
      'body.icon',
    ]);
  });

  it("sends the published document's other values: icon, default level inherit or null, merge rules none", async () => {
    // An icon replaces the emoji: the document's icon form takes no emoji beside it.
    const body = {
      icon: 'https://example.com/i.png',
      defaultLevel: 'inherit' as const,
      mergeRules: { type: 'none' as const },
    };
    nock(API)
      .patch(SPACE, body)
      .reply(200, space({ emoji: '', defaultLevel: 'inherit', mergeRules: { type: 'none' } }))
      .patch(SPACE, { defaultLevel: null })
      .reply(200, space({ defaultLevel: null }));

    const updated = await client.spaces.update('space_1', body);
    expect(updated).toMatchObject({ defaultLevel: 'inherit', mergeRules: { type: 'none' } });
    expect((await client.spaces.update('space_1', { defaultLevel: null })).defaultLevel).toBeNull();
  });

  it('reads merge rules and forms it does not know yet, keeping them', async () => {
    const future = { type: 'quorum', size: 3 };
    nock(API)
      .get(SPACE)
      .reply(
        200,
        space({
          mergeRules: future,
          language: 'tlh',
          gitSync: {
            installationProvider: 'bitbucket',
            installationStatus: 'active',
            installationId: 'inst_1',
          },
        }),
      );

    const read = await client.spaces.get('space_1');

    expect(read.mergeRules).toEqual(future);
    expect(read.language).toBe('tlh');
    expect(read.gitSync?.installationProvider).toBe('bitbucket');
  });

  it('deletes with DELETE and reads the empty answer', async () => {
    nock(API).delete(SPACE).reply(204);
    await expect(client.spaces.delete('space_1')).resolves.toBeUndefined();
  });

  it('duplicates and restores with bodiless POSTs', async () => {
    nock(API)
      .post(`${SPACE}/duplicate`)
      .reply(201, space({ id: 'space_2', title: 'Copy of Handbook' }))
      .post(`${SPACE}/restore`)
      .reply(200, space());

    expect((await client.spaces.duplicate('space_1')).title).toBe('Copy of Handbook');
    expect((await client.spaces.restore('space_1')).id).toBe('space_1');
  });

  it('moves into a collection after a sibling space', async () => {
    const body = { parent: 'col_2', position: { after: { type: 'space' as const, space: 'space_9' } } };
    nock(API)
      .post(`${SPACE}/move`, body)
      .reply(200, space({ parent: 'col_2' }));

    expect((await client.spaces.move('space_1', body)).parent).toBe('col_2');
  });

  it('moves before a sibling collection (published document)', async () => {
    const body = { position: { before: { type: 'collection' as const, collection: 'col_2' } } };
    nock(API).post(`${SPACE}/move`, body).reply(200, space());

    expect((await client.spaces.move('space_1', body)).id).toBe('space_1');
  });

  it('moves to the top level with `parent: null`', async () => {
    nock(API)
      .post(`${SPACE}/move`, { parent: null })
      .reply(200, space({ parent: null }));

    expect((await client.spaces.move('space_1', { parent: null })).parent).toBeNull();
  });

  // 0.1 also refused a position with no anchor and an empty collection id, rules of its own.
  it('checks a move before sending: something to do, and an anchor that is a space or a collection', async () => {
    expect(await invalidPaths(() => client.spaces.move('space_1', {}))).toEqual(['body']);
    expect(
      await invalidPaths(() =>
        client.spaces.move('space_1', {
          position: {
            before: { type: 'page', space: 'c' } as unknown as { type: 'space'; space: string },
          },
        }),
      ),
    ).toEqual(['body.position.before.type']);
    expect(await invalidPaths(() => client.spaces.move('space_1', { parent: '' }))).toEqual(['body.parent']);
  });

  it('transfers to another organization and surfaces the conflict of a transfer that changes nothing', async () => {
    nock(API)
      .post(`${SPACE}/transfer`, { organization: 'org_2' })
      .reply(200, space({ organization: 'org_2', parent: null }))
      .post(`${SPACE}/transfer`, { organization: 'org_2' })
      .reply(409, { error: { message: 'the transfer would change nothing' } });

    expect((await client.spaces.transfer('space_1', { organization: 'org_2' })).organization).toBe('org_2');
    const error = await rejection(
      client.spaces.transfer('space_1', { organization: 'org_2' }),
      ConflictError,
    );
    expect(error.serverMessage).toBe('the transfer would change nothing');
    expect(
      await invalidPaths(() => client.spaces.transfer('space_1', {} as unknown as { organization: string })),
    ).toEqual(['body.organization']);
  });
});
