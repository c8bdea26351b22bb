import { describe, expect, it } from 'vitest';
import { areaOperationIds, json, lines, ok, useE2e, type RunResult } from './harness.js';

/*
 * Every `docs spaces ...` and `docs collections ...` command, run as the built binary (no TTY)
 * against one sandbox on a loopback port, whose clock the tests move (to pass the 7 days a
 * deleted space can be restored in). The tests share the sandbox and run in order; each says
 * what it starts from. Seed: col_product "Product docs" (space_handbook, space_api) and, nested
 * in it, col_internal "Internal" (space_guides); space_legal (locked) and space_handbook_fr at
 * the top level of org_acme; org_beta has no space.
 */

type Space = { id: string; title: string; parent?: string; organization: string; editMode: string };
type Collection = { id: string; title: string; parent?: string; organization: string; description?: string };
type LinkReport = {
  stats: { total: number; broken: { total: number } };
  items: Array<{ status: string; targetReference: { kind: string; page?: string } }>;
};

const DAY = 24 * 60 * 60 * 1000;
let now = Date.UTC(2026, 2, 1, 12);
const e2e = useE2e({ clock: () => new Date(now) });
const { run: docs, totalRequests } = e2e;
const firstColumn = (result: RunResult) =>
  result.stdout ? lines(result.stdout).map((l) => l.split('\t')[0] ?? '') : [];

/** Ids of the spaces of a collection, in their order, through `docs collections spaces`. */
async function spacesOf(collectionId: string): Promise<string[]> {
  return firstColumn(ok(await docs('collections', 'spaces', collectionId)));
}

describe('docs spaces list and view', () => {
  it('lists spaces as tab-separated rows: id, title, collection, visibility, edit mode, open CRs, updated', async () => {
    const result = ok(await docs('spaces', 'list'));
    expect(lines(result.stdout)).toEqual([
      'space_handbook\tHandbook\tcol_product\tpublic\tlive\t2\t2026-01-05T09:00:00.000Z',
      'space_api\tAPI Reference\tcol_product\tpublic\tlive\t0\t2026-01-05T09:00:00.000Z',
      'space_guides\tGuides\tcol_internal\tpublic\tlive\t2\t2026-01-05T09:00:00.000Z',
      'space_legal\tLegal\t\tpublic\tlocked\t1\t2026-01-05T09:00:00.000Z',
      'space_handbook_fr\tHandbook (fr)\t\tpublic\tlive\t0\t2026-01-09T10:00:00.000Z',
    ]);
  });

  it('shows one space, with a share key too, and exits 3 for an absent one', async () => {
    const view = ok(await docs('spaces', 'view', 'space_handbook'));
    expect(view.stdout).toMatch(/Title:\s+📘 Handbook/);
    expect(view.stdout).toMatch(/Collection:\s+col_product/);
    expect(view.stdout).toMatch(/Change requests:\s+2 \(2 open, 0 draft\)/);
    const shared = json<Space>(
      ok(await docs('spaces', 'view', 'space_guides', '--share-key', 'share_internal', '--json')),
    );
    expect(shared).toMatchObject({ id: 'space_guides', parent: 'col_internal' });
    const wrongKey = await docs('spaces', 'view', 'space_handbook', '--share-key', 'share_internal');
    expect(wrongKey.code).toBe(3);
    const gone = await docs('spaces', 'view', 'space_nope');
    expect(gone.code).toBe(3);
    expect(gone.stderr).toContain('space "space_nope" was not found');
  });
});

describe('docs collections list, view and spaces', () => {
  it('lists top-level collections, nested ones with --nested', async () => {
    const top = ok(await docs('collections', 'list'));
    expect(lines(top.stdout)).toEqual(['col_product\tProduct docs\t\tread\tEverything customers read']);
    const all = json<Collection[]>(ok(await docs('collections', 'list', '--nested', '--json')));
    expect(all.map((c) => [c.id, c.parent])).toEqual([
      ['col_product', undefined],
      ['col_internal', 'col_product'],
    ]);
  });

  it('shows one collection and lists its spaces', async () => {
    const view = ok(await docs('collections', 'view', 'col_internal'));
    expect(view.stdout).toMatch(/Title:\s+Internal/);
    expect(view.stdout).toMatch(/Parent:\s+col_product/);
    expect(view.stdout).toMatch(/Default level:\s+comment/);
    expect(await spacesOf('col_product')).toEqual(['space_handbook', 'space_api']);
    expect(await spacesOf('col_internal')).toEqual(['space_guides']);
    expect((await docs('collections', 'view', 'col_nope')).code).toBe(3);
  });
});

describe('docs collections create and edit, docs spaces duplicate and move', () => {
  let archive: Collection;
  let copy: Space;

  it('creates a nested collection and edits it', async () => {
    archive = json<Collection>(
      ok(await docs('collections', 'create', '--title', 'Archive', '--parent', 'col_product', '--json')),
    );
    expect(archive).toMatchObject({ title: 'Archive', parent: 'col_product', organization: 'org_acme' });
    const edited = ok(
      await docs(
        'collections',
        'edit',
        archive.id,
        '--description',
        'Old versions',
        '--default-level',
        'comment',
      ),
    );
    expect(edited.stderr).toContain(`Updated collection ${archive.id}`);
    expect(edited.stdout).toMatch(/Description:\s+Old versions/);
    expect(edited.stdout).toMatch(/Default level:\s+comment/);
    const created = ok(await docs('collections', 'create', '--title', 'Drafts'));
    expect(created.stderr).toMatch(/Created collection col_\w+/);
  });

  it('duplicates a space beside the original, then moves the copy into the new collection', async () => {
    copy = json<Space>(ok(await docs('spaces', 'duplicate', 'space_guides', '--json')));
    expect(copy).toMatchObject({ title: 'Copy of Guides', parent: 'col_internal' });
    expect(await spacesOf('col_internal')).toEqual(['space_guides', copy.id]);

    const moved = ok(await docs('spaces', 'move', copy.id, '--parent', archive.id));
    expect(moved.stderr).toContain(`Moved space ${copy.id} into collection ${archive.id}`);
    expect(await spacesOf(archive.id)).toEqual([copy.id]);
    expect(await spacesOf('col_internal')).toEqual(['space_guides']);
  });

  it('reorders with --before and --after, and moves to the top level with --root', async () => {
    ok(await docs('spaces', 'move', 'space_api', '--before', 'space_handbook'));
    expect(await spacesOf('col_product')).toEqual(['space_api', 'space_handbook']);
    ok(await docs('spaces', 'move', 'space_api', '--after', 'space_handbook'));
    expect(await spacesOf('col_product')).toEqual(['space_handbook', 'space_api']);

    const top = ok(await docs('spaces', 'move', copy.id, '--root'));
    expect(top.stderr).toContain(`Moved space ${copy.id} to the top level`);
    expect(await spacesOf(archive.id)).toEqual([]);

    // Next to a sibling collection (the published document's ContentPosition).
    ok(await docs('spaces', 'move', copy.id, '--before-collection', 'col_product'));
    const rank = (id: string) => e2e.sandbox.store.ranks.get(id) ?? Infinity;
    expect(rank(copy.id)).toBeLessThan(rank('col_product'));
  });

  it('exits 1 for an invalid position or a move that changes nothing, 3 for an absent collection', async () => {
    const invalid = await docs('spaces', 'move', 'space_api', '--before', 'space_legal');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain(
      'invalid position: body.position.before: space "space_legal" is not a sibling',
    );
    const nothing = await docs('spaces', 'move', 'space_api', '--parent', 'col_product');
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('the move would change nothing');
    const absent = await docs('spaces', 'move', 'space_api', '--parent', 'col_nope');
    expect(absent.code).toBe(3);
    expect(absent.stderr).toContain('collection "col_nope" was not found');
  });

  it('moves collections to the top level and back into another, next to a space', async () => {
    const top = ok(await docs('collections', 'move', archive.id, '--root'));
    expect(top.stderr).toContain(`Moved collection ${archive.id} to the top level`);
    expect(firstColumn(ok(await docs('collections', 'list')))).toContain(archive.id);

    const back = json<Collection>(
      ok(
        await docs(
          'collections',
          'move',
          archive.id,
          '--parent',
          'col_product',
          '--after',
          'space_api',
          '--json',
        ),
      ),
    );
    expect(back.parent).toBe('col_product');
    const intoItself = await docs('collections', 'move', 'col_product', '--parent', 'col_internal');
    expect(intoItself.code).toBe(1);
    expect(intoItself.stderr).toContain('cannot be moved into itself');
  });
});

describe('docs spaces edit', () => {
  it('changes settings, locks and unlocks, and sets merge rules', async () => {
    const edited = ok(
      await docs('spaces', 'edit', 'space_api', '--title', 'API', '--emoji', '🧩', '--language', 'en'),
    );
    expect(edited.stderr).toContain('Updated space space_api');
    expect(edited.stdout).toMatch(/Title:\s+🧩 API/);
    expect(edited.stdout).toMatch(/Language:\s+en/);

    ok(await docs('spaces', 'edit', 'space_handbook', '--edit-mode', 'locked'));
    const refused = await docs('cr', 'merge', 'space_handbook', '1', '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is locked');
    const unlocked = json<Space>(
      ok(await docs('spaces', 'edit', 'space_handbook', '--edit-mode', 'live', '--json')),
    );
    expect(unlocked.editMode).toBe('live');

    const rules = ok(
      await docs(
        'spaces',
        'edit',
        'space_api',
        '--require-reviewer',
        'user_grace',
        '--require-reviewer',
        'user_linus',
      ),
    );
    expect(rules.stdout).toMatch(/Merge rules:\s+require_specific_reviewers \(user_grace, user_linus\)/);
    const inherit = ok(await docs('spaces', 'edit', 'space_api', '--inherit-merge-rules', '--remove-emoji'));
    expect(inherit.stdout).toMatch(/Merge rules:\s+inherit/);
    expect(inherit.stdout).toMatch(/Title:\s+API\n/);

    const icon = ok(await docs('spaces', 'edit', 'space_api', '--icon', 'https://example.com/api.png'));
    expect(icon.stdout).toMatch(/Icon:\s+https:\/\/example.com\/api.png/);
    const emoji = ok(await docs('spaces', 'edit', 'space_api', '--emoji', '🔌', '--json'));
    expect(json<Space & { urls: { icon?: string } }>(emoji).urls.icon).toBeUndefined();
  });
});

describe('docs spaces links', () => {
  it('lists the links of the primary content with a summary, filtered by status', async () => {
    const all = ok(await docs('spaces', 'links', 'space_handbook'));
    expect(lines(all.stdout)).toHaveLength(9);
    expect(all.stdout).toContain(
      'in-app\turl https://app.sandbox.docs-api.local/s/space_api\tpage page_getting_started',
    );
    expect(all.stderr).toContain('9 links, 1 broken');
    const inApp = ok(await docs('spaces', 'links', 'space_handbook', '--status', 'in-app'));
    expect(lines(inApp.stdout)).toEqual([
      'in-app\turl https://app.sandbox.docs-api.local/s/space_api\tpage page_getting_started',
    ]);
  });

  it('exits 1 with --fail-on-broken when a link is broken, printing the report first', async () => {
    const failed = await docs('spaces', 'links', 'space_handbook', '--status', 'broken', '--fail-on-broken');
    expect(failed.code).toBe(1);
    expect(lines(failed.stdout)).toEqual(['broken\tpage page_faq\tpage page_getting_started']);
    expect(failed.stderr).toContain('1 broken link in space space_handbook.');

    const asJson = await docs('spaces', 'links', 'space_handbook', '--fail-on-broken', '--json');
    expect(asJson.code).toBe(1);
    const report = json<LinkReport>(asJson);
    expect(report.stats).toMatchObject({ total: 9, broken: { total: 1 } });
    expect(report.items).toHaveLength(9);

    const clean = ok(await docs('spaces', 'links', 'space_guides', '--fail-on-broken'));
    expect(clean.stderr).toContain('0 links, 0 broken');
    expect((await docs('spaces', 'links', 'space_nope')).code).toBe(3);
  });
});

describe('docs spaces delete and restore', () => {
  it('asks for --yes, hides the space, and restores it within 7 days', async () => {
    const refused = await docs('spaces', 'delete', 'space_guides');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    expect(e2e.sandbox.store.spaces.has('space_guides')).toBe(true);

    const deleted = ok(await docs('spaces', 'delete', 'space_guides', '--yes'));
    expect(deleted.stderr).toContain('Deleted space space_guides');
    const gone = await docs('spaces', 'view', 'space_guides');
    expect(gone.code).toBe(3);
    expect(gone.stderr).toContain('was deleted (it can be restored for 7 days)');
    expect(firstColumn(ok(await docs('spaces', 'list')))).not.toContain('space_guides');
    ok(await docs('spaces', 'delete', 'space_guides', '--yes'));

    now += 6 * DAY;
    const restored = ok(await docs('spaces', 'restore', 'space_guides'));
    expect(restored.stderr).toContain('Restored space space_guides');
    expect(restored.stdout).toMatch(/Collection:\s+col_internal/);
    const again = await docs('spaces', 'restore', 'space_guides');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is not deleted');
  });

  it('cannot restore after 7 days', async () => {
    ok(await docs('spaces', 'delete', 'space_handbook_fr', '--yes'));
    now += 7 * DAY + 1000;
    const late = await docs('spaces', 'restore', 'space_handbook_fr');
    expect(late.code).toBe(3);
    expect(late.stderr).toContain('was deleted more than 7 days ago and is permanently removed');
  });
});

describe('docs spaces transfer, docs collections transfer and delete', () => {
  it('transfers a space to another organization with --yes', async () => {
    const refused = await docs('spaces', 'transfer', 'space_api', '--to-org', 'org_beta');
    expect(refused.code).toBe(2);
    const moved = ok(await docs('spaces', 'transfer', 'space_api', '--to-org', 'org_beta', '--yes'));
    expect(moved.stderr).toContain('Transferred space space_api to organization org_beta');
    expect(firstColumn(ok(await docs('spaces', 'list', '--org', 'org_beta')))).toEqual(['space_api']);

    const same = await docs('spaces', 'transfer', 'space_handbook', '--to-org', 'org_acme', '--yes');
    expect(same.code).toBe(1);
    expect(same.stderr).toContain('the transfer would change nothing');
    const locked = await docs('spaces', 'transfer', 'space_legal', '--to-org', 'org_beta', '--yes');
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('cannot be moved: space "space_legal" is locked');
    expect((await docs('spaces', 'transfer', 'space_legal', '--to-org', 'org_nope', '--yes')).code).toBe(3);
  });

  it('transfers a collection with what it holds, then deletes one', async () => {
    const moved = json<Collection>(
      ok(await docs('collections', 'transfer', 'col_internal', '--to-org', 'org_beta', '--yes', '--json')),
    );
    expect(moved).toMatchObject({ id: 'col_internal', organization: 'org_beta' });
    expect(firstColumn(ok(await docs('collections', 'list', '--org', 'org_beta')))).toEqual(['col_internal']);
    expect(json<Space>(ok(await docs('spaces', 'view', 'space_guides', '--json'))).organization).toBe(
      'org_beta',
    );

    const refused = await docs('collections', 'delete', 'col_internal');
    expect(refused.code).toBe(2);
    const deleted = ok(await docs('collections', 'delete', 'col_internal', '--yes'));
    expect(deleted.stderr).toContain('Deleted collection col_internal');
    expect((await docs('collections', 'view', 'col_internal')).code).toBe(3);
    expect((await docs('spaces', 'view', 'space_guides')).code).toBe(3);
    ok(await docs('collections', 'delete', 'col_internal', '--yes'));
  });
});

describe('docs spaces and collections: bad input', () => {
  it('exits 2 naming the field or flag, and sends nothing', async () => {
    const requestsBefore = totalRequests();
    const emptyTitle = await docs('collections', 'create', '--title', '');
    expect(emptyTitle.code).toBe(2);
    expect(emptyTitle.stderr).toMatch(/title: Too small/);
    const emptySpaceTitle = await docs('spaces', 'edit', 'space_handbook', '--title', '');
    expect(emptySpaceTitle.code).toBe(2);
    expect(emptySpaceTitle.stderr).toMatch(/title: Too small/);
    const nothing = await docs('spaces', 'edit', 'space_handbook');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Nothing to change');
    const noCollectionChange = await docs('collections', 'edit', 'col_product');
    expect(noCollectionChange.code).toBe(2);
    const noMove = await docs('spaces', 'move', 'space_handbook');
    expect(noMove.code).toBe(2);
    expect(noMove.stderr).toContain('Nothing to do');
    const both = await docs('spaces', 'move', 'space_handbook', '--root', '--parent', 'col_product');
    expect(both.code).toBe(2);
    // The published document's limits and values, checked before sending.
    const longTitle = await docs('collections', 'create', '--title', 'x'.repeat(51));
    expect(longTitle.code).toBe(2);
    expect(longTitle.stderr).toMatch(/title: Too big/);
    const badLanguage = await docs('spaces', 'edit', 'space_handbook', '--language', 'klingon');
    expect(badLanguage.code).toBe(2);
    expect(badLanguage.stderr).toMatch(/language/);
    const emojiAndIcon = await docs(
      'spaces',
      'edit',
      'space_handbook',
      '--emoji',
      '📘',
      '--icon',
      'https://e.x/i.png',
    );
    expect(emojiAndIcon.code).toBe(2);
    const badMode = await docs('spaces', 'edit', 'space_handbook', '--edit-mode', 'frozen');
    expect(badMode.code).toBe(2);
    expect(badMode.stderr).toMatch(/--edit-mode/);
    const badStatus = await docs('spaces', 'links', 'space_handbook', '--status', 'dead');
    expect(badStatus.code).toBe(2);
    const noOrg = await docs('spaces', 'transfer', 'space_handbook', '--yes');
    expect(noOrg.code).toBe(2);
    expect(noOrg.stderr).toMatch(/^Error: Missing --to-org: /);
    const noSpace = await docs('spaces', 'view');
    expect(noSpace.code).toBe(2);
    expect(noSpace.stderr).toContain('Missing the space id');
    const noCollection = await docs('collections', 'spaces');
    expect(noCollection.code).toBe(2);
    expect(noCollection.stderr).toContain('Missing the collection id');
    const noRestore = await docs('spaces', 'restore');
    expect(noRestore.code).toBe(2);
    expect(totalRequests()).toBe(requestsBefore);
  });
});

describe('coverage through the CLI', () => {
  it('exercised every Spaces and Collections operation of the contract', () => {
    const ids = areaOperationIds('Spaces', 'Collections');
    expect(ids).toHaveLength(17);
    expect(e2e.unhit(ids)).toEqual([]);
  });
});
