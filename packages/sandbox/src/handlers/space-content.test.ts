import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  DocsClient,
  PermissionDeniedError,
  NotFoundError,
  type ChangeRequestContentUpdate,
  type RevisionPage,
} from '@docs-api/sdk';
import { failure, issuePaths, trackSandboxes } from '../../test-support/client.js';
import { FixtureError, type Fixture } from '../fixtures.js';
import { createSandbox } from '../sandbox.js';

const ORG = 'org_acme';
const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

type Change = Parameters<DocsClient['changeRequests']['content']['update']>[2]['changes'][number];

/** A new space with a change request open on it. */
async function spaceWithRequest(client: DocsClient, title = 'Runbooks') {
  const space = await client.spaces.create(ORG, { title });
  const request = await client.changeRequests.create(space.id, { subject: 'First pages' });
  return { space: space.id, request: request.id, number: request.number };
}

/** Applies a batch with compat=false (the answer lists the pages). */
async function apply(
  client: DocsClient,
  space: string,
  request: string,
  changes: Change[],
): Promise<ChangeRequestContentUpdate> {
  const answer = await client.changeRequests.content.update(space, request, { changes }, { compat: false });
  if (!('changes' in answer)) throw new Error('expected the answer of compat=false');
  return answer;
}

/** A page's id, whatever its type. */
const idOf = (page: unknown): string => (page as { id: string }).id;

/** A page of a tree, by id. */
function find(pages: readonly RevisionPage[] | undefined, id: string): RevisionPage | undefined {
  for (const page of pages ?? []) {
    if (idOf(page) === id) return page;
    const inner = find((page as { pages?: RevisionPage[] }).pages, id);
    if (inner) return inner;
  }
  return undefined;
}

/** The tree as `path` strings, depth first. */
function paths(pages: readonly RevisionPage[] | undefined): string[] {
  return (pages ?? []).flatMap((page) => {
    const {
      path,
      pages: children,
      type,
      title,
    } = page as {
      path?: string;
      pages?: RevisionPage[];
      type?: string;
      title?: string;
    };
    // A link page has no path of its own (the document's RevisionPageLink).
    return [type === 'link' ? `link: ${title}` : (path ?? '?'), ...paths(children)];
  });
}

const markdownOf = (page: unknown) => (page as { markdown?: string }).markdown;

/** The created page ids of an answer, by ref. */
function created(answer: unknown): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const change of (answer as { changes: Array<{ object: string; ref?: string; page: { id: string } }> })
    .changes) {
    if (change.object === 'created_page' && change.ref) ids[change.ref] = change.page.id;
  }
  return ids;
}

describe('createSpace', () => {
  it('creates a space in the organization, readable and listed, with an empty content revision', async () => {
    const { sandbox, client } = setup();
    const space = await client.spaces.create(ORG, { title: 'Runbooks', emoji: '📓', language: 'fr' });
    expect(space).toMatchObject({
      object: 'space',
      title: 'Runbooks',
      emoji: '📓',
      language: 'fr',
      organization: ORG,
      visibility: 'private',
      editMode: 'live',
      createdAt: expect.any(String) as unknown,
      urls: { location: `http://sandbox.test/v1/spaces/${space.id}` },
    });
    expect((await client.spaces.get(space.id)).title).toBe('Runbooks');
    const listed = await client.spaces.list(ORG).toArray({ max: 100 });
    expect(listed.map((item) => item.id)).toContain(space.id);
    expect(listed.at(-1)?.id).toBe(space.id);
    const revision = sandbox.store.revisions.get(space.revision ?? '');
    expect(revision).toMatchObject({ space: space.id, pages: [], files: [] });
    expect(await client.spaces.content.listPages(space.id)).toEqual({ pages: [] });
  });

  it('places a space in a collection of the organization; refuses another, and a reader', async () => {
    const { client } = setup();
    const space = await client.spaces.create(ORG, { title: 'In a collection', parent: 'col_internal' });
    expect(space.parent).toBe('col_internal');
    expect(await issuePaths(client.spaces.create(ORG, { title: 'X', parent: 'col_nope' }))).toEqual([
      'body.parent',
    ]);
    // user_ada only reads org_beta.
    expect(await failure(client.spaces.create('org_beta', { title: 'X' }), PermissionDeniedError)).toContain(
      'create or admin role',
    );
    await failure(client.spaces.create('org_gamma', {}), NotFoundError);
  });
});

describe('pages: a batch of content changes, then reads of the change request, the live content and revisions', () => {
  it('inserts nested pages from markdown with front matter; reads them by id and by path, as markdown and as a document', async () => {
    const { client } = setup();
    const { space, request } = await spaceWithRequest(client);
    const answer = await apply(client, space, request, [
      {
        operation: 'insert_page',
        ref: 'home',
        document: { markdown: '---\ndescription: Start here\nlayout: wide\n---\n\n# Home\n\nWelcome.\n' },
      },
      {
        operation: 'insert_page',
        ref: 'guides',
        title: 'Guides',
        document: { markdown: 'All the guides.\n' },
      },
    ]);
    const ids = created(answer);
    expect(Object.keys(ids)).toEqual(['home', 'guides']);
    expect(answer).toMatchObject({
      changeRequest: { object: 'change-request', id: request },
      changes: [
        {
          object: 'created_page',
          ref: 'home',
          page: {
            object: 'page',
            id: ids.home,
            urls: {
              location: `http://sandbox.test/v1/spaces/${space}/change-requests/${request}/content/page/${ids.home}`,
            },
          },
        },
        { object: 'created_page', ref: 'guides' },
      ],
    });
    // A second batch puts a page under Guides, with its slug.
    await apply(client, space, request, [
      {
        operation: 'insert_page',
        into: ids.guides,
        slug: 'setup',
        title: 'Set up',
        description: 'Install and configure',
        document: { markdown: 'Run the installer.\n' },
      },
    ]);

    const { pages } = await client.changeRequests.content.listPages(space, request);
    expect(paths(pages)).toEqual(['home', 'guides', 'guides/setup']);
    const home = find(pages, ids.home ?? '');
    expect(home).toMatchObject({ type: 'document', title: 'Home', description: 'Start here', slug: 'home' });
    // The heading is the title, the front matter the options: the body is what is left.
    expect(markdownOf(home)).toBe('Welcome.\n');

    const setupPage = await client.changeRequests.content.getPageByPath(space, request, 'guides/setup', {
      format: 'markdown',
    });
    expect(setupPage).toMatchObject({
      type: 'document',
      title: 'Set up',
      path: 'guides/setup',
      description: 'Install and configure',
      markdown: 'Run the installer.\n',
    });
    const asDocument = await client.changeRequests.content.getPage(space, request, idOf(setupPage), {
      format: 'document',
    });
    expect(asDocument).toMatchObject({
      document: {
        object: 'document',
        nodes: [
          {
            object: 'block',
            type: 'paragraph',
            nodes: [{ object: 'text', leaves: [{ text: 'Run the installer.' }] }],
          },
        ],
      },
    });
    expect(markdownOf(asDocument)).toBeUndefined();

    // Not live until merged.
    expect((await client.spaces.content.listPages(space)).pages).toEqual([]);
    await failure(client.spaces.content.getPageByPath(space, 'guides/setup'), NotFoundError);
  });

  it('makes the content live on merge: listPages, getPageById, getPageByPath, and the revision reads', async () => {
    const { client } = setup();
    const { space, request } = await spaceWithRequest(client);
    const ids = created(
      await apply(client, space, request, [
        { operation: 'insert_page', ref: 'guides', title: 'Guides', document: { markdown: 'Guides.\n' } },
      ]),
    );
    await apply(client, space, request, [
      {
        operation: 'insert_page',
        into: ids.guides,
        title: 'Setup',
        document: { markdown: '# Setup\n\nSteps.\n' },
      },
    ]);
    const merged = await client.changeRequests.merge(space, request);
    const live = await client.spaces.content.listPages(space);
    expect(paths(live.pages)).toEqual(['guides', 'guides/setup']);
    const setupId = find(live.pages, ids.guides ?? '') as { pages?: RevisionPage[] };
    const setupPage = setupId.pages?.[0];
    expect(setupPage).toBeDefined();

    const byPath = await client.spaces.content.getPageByPath(space, 'guides/setup', { format: 'markdown' });
    expect(byPath).toMatchObject({ id: idOf(setupPage), title: 'Setup', markdown: 'Steps.\n' });
    const byId = await client.spaces.content.getPage(space, idOf(setupPage), { format: 'markdown' });
    expect(byId).toMatchObject({ id: idOf(setupPage), path: 'guides/setup', markdown: 'Steps.\n' });
    await failure(client.spaces.content.getPage(space, 'page_nope'), NotFoundError);
    await failure(client.spaces.content.getPageByPath(space, 'guides/nope'), NotFoundError);

    const revision = merged.revision ?? '';
    expect((await client.spaces.get(space)).revision).toBe(revision);
    expect(paths((await client.revisions.listPages(space, revision)).pages)).toEqual([
      'guides',
      'guides/setup',
    ]);
    expect(
      await client.revisions.getPageByPath(space, revision, 'guides/setup', { format: 'markdown' }),
    ).toMatchObject({
      markdown: 'Steps.\n',
    });
    expect(await client.revisions.getPage(space, revision, ids.guides ?? '')).toMatchObject({
      title: 'Guides',
    });
    // A revision of another space is not found in this one.
    await failure(client.revisions.listPages('space_handbook', revision), NotFoundError);
  });

  it('answers the change request by default (compat=true), as the published document does', async () => {
    const { client } = setup();
    const { space, request, number } = await spaceWithRequest(client);
    const answer = await client.changeRequests.content.update(space, request, {
      changes: [{ operation: 'insert_page', title: 'One', document: { markdown: 'One.\n' } }],
    });
    expect(answer).toMatchObject({ object: 'change-request', id: request, number });
    const contributors = await client.changeRequests.listContributors(space, request);
    expect(contributors.items.map((item) => [item.user?.id, item.count])).toEqual([['user_ada', 1]]);
  });

  it('stores markdown normalized: list markers, trailing spaces, blank-line runs, one final newline', async () => {
    const { client } = setup();
    const { space, request } = await spaceWithRequest(client);
    const ids = created(
      await apply(client, space, request, [
        {
          operation: 'insert_page',
          ref: 'p',
          title: 'Lists',
          document: { markdown: 'Intro   \r\n\n\n\n- one\n+ two\n\n```\n- kept  \n\n\n```\n\n\n' },
        },
      ]),
    );
    const page = await client.changeRequests.content.getPage(space, request, ids.p ?? '', {
      format: 'markdown',
    });
    expect(markdownOf(page)).toBe('Intro\n\n* one\n* two\n\n```\n- kept  \n\n\n```\n');
  });
});

describe('links between pages, resolved when a page is written', () => {
  it('resolves every form the document lists; keeps external URLs and code; turns an unknown page into text', async () => {
    const { client } = setup();
    const { space, request } = await spaceWithRequest(client);
    const first = await apply(client, space, request, [
      { operation: 'insert_page', ref: 'intro', title: 'Intro', document: { markdown: 'Intro.\n' } },
      { operation: 'insert_page', ref: 'guides', title: 'Guides', document: { markdown: 'Guides.\n' } },
      {
        operation: 'insert_files',
        files: [{ name: 'logo.png', contentType: 'image/png', base64: 'iVBORw0KGgo=' }],
      },
    ]);
    const ids = created(first);
    const file = first.insertedFiles?.[0];
    expect(file).toMatchObject({ name: 'logo.png', contentType: 'image/png', size: 8 });
    const answer = await apply(client, space, request, [
      {
        operation: 'insert_page',
        into: ids.guides,
        ref: 'setup',
        title: 'Setup',
        document: {
          markdown: [
            'By slug path: [guides](/pages/guides), by Git path: [intro](/pages/intro.md) and [root](/pages/README.md).',
            `By id: [intro](/pages/${ids.intro}#top). Root: [up](../README.md), parent: [guides](./README.md).`,
            'Sibling by ref: [deploy](./deploy.md). Folder style: [guides](../guides).',
            `File: ![logo](/files/${file?.id})`,
            'External: [site](https://example.com). Gone: [nowhere](/pages/nope/page). `[code](/pages/guides)`',
          ].join('\n\n'),
        },
      },
      {
        operation: 'insert_page',
        into: ids.guides,
        ref: 'deploy',
        title: 'Deploy',
        document: { markdown: 'Back to [setup](./setup.md).\n' },
      },
    ]);
    const { setup: setupId, deploy } = created(answer);
    const G = ids.guides ?? '';
    const I = ids.intro ?? '';
    const stable = await client.changeRequests.content.getPage(space, request, setupId ?? '', {
      format: 'markdown',
      'format.markdown.refs': 'stable',
    });
    expect(markdownOf(stable)).toBe(
      [
        `By slug path: [guides](/pages/${G}), by Git path: [intro](/pages/${I}) and [root](/pages/${I}).`,
        `By id: [intro](/pages/${I}#top). Root: [up](/pages/${I}), parent: [guides](/pages/${G}).`,
        `Sibling by ref: [deploy](/pages/${deploy}). Folder style: [guides](/pages/${G}).`,
        `File: ![logo](/files/${file?.id})`,
        'External: [site](https://example.com). Gone: nowhere. `[code](/pages/guides)`',
      ].join('\n\n') + '\n',
    );
    // Read as relative links between the files of the Git Sync layout (the default).
    const relative = await client.changeRequests.content.getPageByPath(space, request, 'guides/setup');
    expect(markdownOf(relative)).toBe(
      [
        'By slug path: [guides](./), by Git path: [intro](../) and [root](../).',
        'By id: [intro](../#top). Root: [up](../), parent: [guides](./).',
        'Sibling by ref: [deploy](deploy.md). Folder style: [guides](./).',
        'File: ![logo](../.gitbook/assets/logo.png)',
        'External: [site](https://example.com). Gone: nowhere. `[code](/pages/guides)`',
      ].join('\n\n') + '\n',
    );
    const back = await client.changeRequests.content.getPage(space, request, deploy ?? '', {
      format: 'markdown',
    });
    expect(markdownOf(back)).toBe('Back to [setup](setup.md).\n');

    // The links follow the pages: a renamed parent changes nothing in the stored text.
    await apply(client, space, request, [{ operation: 'update_page', page: G, slug: 'handbook' }]);
    expect(paths((await client.changeRequests.content.listPages(space, request)).pages)).toEqual([
      'intro',
      'handbook',
      'handbook/setup',
      'handbook/deploy',
    ]);
    const again = await client.changeRequests.content.getPage(space, request, setupId ?? '', {
      format: 'markdown',
      'format.markdown.refs': 'stable',
    });
    expect(markdownOf(again)).toBe(markdownOf(stable));
    // The page's links, as link lists show them.
    const links = await client.changeRequests.content.listPageLinks(space, request, setupId ?? '');
    expect(links.items.map((link) => link.targetReference)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'page', page: G }),
        expect.objectContaining({ kind: 'page', page: I }),
        expect.objectContaining({ kind: 'file', file: file?.id }),
        expect.objectContaining({ kind: 'url', url: 'https://example.com' }),
      ]),
    );
  });
});

describe('updateChangeRequestContent: an ordered, atomic batch', () => {
  /** A request with pages a, b (with b/c under it) in a new space. */
  async function tree(client: DocsClient) {
    const { space, request, number } = await spaceWithRequest(client);
    const first = created(
      await apply(client, space, request, [
        { operation: 'insert_page', ref: 'a', title: 'A', document: { markdown: 'A.\n' } },
        { operation: 'insert_page', ref: 'b', title: 'B', document: { markdown: 'B.\n' } },
      ]),
    );
    const second = created(
      await apply(client, space, request, [
        { operation: 'insert_page', ref: 'c', into: first.b, title: 'C', document: { markdown: 'C.\n' } },
      ]),
    );
    return { space, request, number, a: first.a ?? '', b: first.b ?? '', c: second.c ?? '' };
  }

  const listed = async (client: DocsClient, space: string, request: string) =>
    paths((await client.changeRequests.content.listPages(space, request)).pages);

  it('refuses the whole batch when one change fails, naming its index; nothing changes', async () => {
    const { sandbox, client } = setup();
    const { space, request, a } = await tree(client);
    const before = sandbox.store.changeRequests.get(request)?.revision;
    const sequence = sandbox.store.sequence;
    const refused = (changes: Change[]) => issuePaths(apply(client, space, request, changes));
    const good: Change = { operation: 'insert_page', title: 'New', document: { markdown: 'New.\n' } };
    expect(await refused([good, { operation: 'update_page', page: 'page_nope', title: 'X' }])).toEqual([
      'body.changes[1].page',
    ]);
    expect(
      await refused([good, good, { operation: 'insert_page', slug: 'a', document: { markdown: '' } }]),
    ).toEqual(['body.changes[2].slug']);
    expect(await refused([{ operation: 'insert_page', at: 3, document: { markdown: '' } }])).toEqual([
      'body.changes[0].at',
    ]);
    expect(await refused([good, { operation: 'delete_page', page: 'page_nope' }])).toEqual([
      'body.changes[1].page',
    ]);
    expect(await refused([{ operation: 'update_page', page: a, slug: 'b' }])).toEqual([
      'body.changes[0].slug',
    ]);
    expect(await refused([{ operation: 'update_page', page: a, slug: 'x/y' }])).toEqual([
      'body.changes[0].slug',
    ]);
    const message = await failure(
      apply(client, space, request, [good, { operation: 'update_page', page: 'page_nope', title: 'X' }]),
      BadRequestError,
    );
    expect(message).toBe(
      'Invalid request: change 1 of the batch cannot be applied, so none was: body.changes[1].page: page "page_nope" is not in the change request',
    );
    expect(sandbox.store.changeRequests.get(request)?.revision).toBe(before);
    expect(sandbox.store.sequence).toBe(sequence);
    expect(await listed(client, space, request)).toEqual(['a', 'b', 'b/c']);
  });

  it('renames, moves (into, at, to the root), and refuses a move under itself', async () => {
    const { client } = setup();
    const { space, request, a, b, c } = await tree(client);
    const answer = await apply(client, space, request, [
      { operation: 'update_page', page: c, slug: 'see', title: 'See' },
      { operation: 'update_page', page: c, into: null, at: 0 },
      { operation: 'update_page', page: a, into: b },
      { operation: 'update_page', page: b, at: 0 },
    ]);
    expect(
      answer.changes.map((change) => [change.object, (change as { page: { id: string } }).page.id]),
    ).toEqual([
      ['updated_page', c],
      ['updated_page', a],
      ['updated_page', b],
    ]);
    expect(await listed(client, space, request)).toEqual(['b', 'b/a', 'see']);
    const page = await client.changeRequests.content.getPageByPath(space, request, 'see');
    expect(page).toMatchObject({ title: 'See', slug: 'see' });
    expect(
      await issuePaths(apply(client, space, request, [{ operation: 'update_page', page: b, into: a }])),
    ).toEqual(['body.changes[0].into']);
    expect(
      await issuePaths(apply(client, space, request, [{ operation: 'update_page', page: b, at: 2 }])),
    ).toEqual(['body.changes[0].at']);
  });

  it('leaves each earlier revision as it was, and shares with it the pages a batch did not change', async () => {
    const { sandbox, client } = setup();
    const { space, request, a, b, c } = await tree(client);
    const revisionOf = () =>
      sandbox.store.revisions.get(sandbox.store.changeRequests.get(request)?.revision ?? '');
    const before = revisionOf();
    const snapshot = structuredClone(before?.pages);
    await apply(client, space, request, [
      { operation: 'update_page', page: c, title: 'C again', document: { markdown: 'Changed.\n' } },
      { operation: 'update_page', page: a, into: b, at: 0 },
    ]);
    const after = revisionOf();
    expect(after?.id).not.toBe(before?.id);
    // The earlier revision reads as it did, to the last field.
    expect(before?.pages).toEqual(snapshot);
    const byId = (pages: readonly { id: string; pages: unknown[] }[] | undefined, id: string) => {
      for (const page of pages ?? []) {
        if (page.id === id) return page;
        const inner: unknown = byId(page.pages as { id: string; pages: unknown[] }[], id);
        if (inner) return inner;
      }
      return undefined;
    };
    expect(byId(after?.pages, c)).not.toBe(byId(before?.pages, c));
    // A batch that changes one page copies that page and the ones above it: the others are shared.
    await apply(client, space, request, [
      { operation: 'insert_page', title: 'D', document: { markdown: 'D.\n' } },
    ]);
    const third = revisionOf();
    expect(byId(third?.pages, c)).toBe(byId(after?.pages, c));
    expect(byId(third?.pages, b)).toBe(byId(after?.pages, b));
  });

  it('deletes a page with its subpages; reverts pages to the base revision', async () => {
    const { client } = setup();
    const { space, request, a, b, c } = await tree(client);
    // Merged, then a new request: its base holds a, b, b/c.
    await client.changeRequests.merge(space, request);
    const next = (await client.changeRequests.create(space, { subject: 'Edits' })).id;
    const deleted = await apply(client, space, next, [
      { operation: 'delete_page', page: b },
      { operation: 'update_page', page: a, title: 'A, renamed', document: { markdown: 'Changed.\n' } },
      { operation: 'insert_page', ref: 'd', title: 'D', document: { markdown: 'D.\n' } },
    ]);
    expect(deleted.changes.map((change) => change.object)).toEqual([
      'deleted_page',
      'deleted_page',
      'updated_page',
      'created_page',
    ]);
    expect(deleted.changes.slice(0, 2)).toEqual([
      { object: 'deleted_page', page: b },
      { object: 'deleted_page', page: c },
    ]);
    const d = created(deleted).d ?? '';
    expect(await listed(client, space, next)).toEqual(['a', 'd']);
    const reverted = await apply(client, space, next, [
      { operation: 'revert_page', page: b },
      { operation: 'revert_page', page: a },
      { operation: 'revert_page', page: d },
    ]);
    expect(reverted.changes.map((change) => change.object)).toEqual([
      'created_page',
      'created_page',
      'updated_page',
      'deleted_page',
    ]);
    expect(await listed(client, space, next)).toEqual(['a', 'b', 'b/c']);
    const page = await client.changeRequests.content.getPage(space, next, a, { format: 'markdown' });
    expect(page).toMatchObject({ title: 'A', markdown: 'A.\n' });
    expect(
      await issuePaths(
        apply(client, space, next, [{ operation: 'revert_page', page: a, block: ['block_1'] }]),
      ),
    ).toEqual(['body.changes[0].block']);
    expect(
      await issuePaths(
        apply(client, space, next, [{ operation: 'revert_page', page: a, revision: 'rev_handbook_1' }]),
      ),
    ).toEqual(['body.changes[0].revision']);
  });

  it('refuses a merged request', async () => {
    const { client } = setup();
    const { space, request, number } = await tree(client);
    await client.changeRequests.merge(space, request);
    expect(
      await failure(apply(client, space, request, [{ operation: 'delete_page', page: 'x' }]), ConflictError),
    ).toBe(`Change request #${number} is merged: its content can no longer change`);
  });
});

describe('insert_files, and the body limit a batch of files needs', () => {
  const bytes = (size: number, fill = 7) => Buffer.alloc(size, fill).toString('base64');

  it('stores files of up to 1,000,000 bytes; a batch of them is over 1 MiB and is taken', async () => {
    const { sandbox, client } = setup();
    const { space, request } = await spaceWithRequest(client);
    const changes: Change[] = [1, 2, 3].map((n) => ({
      operation: 'insert_files',
      files: [
        {
          ref: `f${n}`,
          name: `file-${n}.bin`,
          contentType: 'application/octet-stream',
          base64: bytes(1_000_000, n),
        },
      ],
    }));
    changes.push({
      operation: 'insert_page',
      title: 'Downloads',
      document: { markdown: '[One](./f1) and ![two](./f2)\n' },
    });
    const answer = await apply(client, space, request, changes);
    expect(answer.insertedFiles?.map((file) => [file.name, file.size])).toEqual([
      ['file-1.bin', 1_000_000],
      ['file-2.bin', 1_000_000],
      ['file-3.bin', 1_000_000],
    ]);
    const [one, two] = answer.insertedFiles ?? [];
    const page = answer.changes.find((change) => change.object === 'created_page') as {
      page: { id: string };
    };
    const read = await client.changeRequests.content.getPage(space, request, page.page.id, {
      format: 'markdown',
      'format.markdown.refs': 'stable',
    });
    expect(markdownOf(read)).toBe(`[One](/files/${one?.id}) and ![two](/files/${two?.id})\n`);
    // The bytes are kept once, by their hash, for a Git export.
    const stored =
      sandbox.store.revisions.get(sandbox.store.changeRequests.get(request)?.revision ?? '')?.files ?? [];
    expect(
      stored.map((file) => Buffer.from(sandbox.store.blobs.get(file.blob ?? '') ?? '', 'base64').length),
    ).toEqual([1_000_000, 1_000_000, 1_000_000]);
    const files = await client.changeRequests.content.listFiles(space, request);
    expect(files.items.map((file) => file.name)).toEqual(['file-1.bin', 'file-2.bin', 'file-3.bin']);
  });

  it('lists the files of the live content once merged, and serves the bytes at downloadURL with no token', async () => {
    const { sandbox, client } = setup();
    const { space, request } = await spaceWithRequest(client);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await apply(client, space, request, [
      { operation: 'insert_page', title: 'Logo', document: { markdown: '![logo](./logo)\n' } },
      {
        operation: 'insert_files',
        files: [
          { ref: 'logo', name: 'logo image.png', contentType: 'image/png', base64: png.toString('base64') },
        ],
      },
    ]);
    expect((await client.spaces.content.listFiles(space)).items).toEqual([]);
    await client.changeRequests.merge(space, request);
    const listed = await client.spaces.content.listFiles(space);
    expect(listed.items).toEqual([
      expect.objectContaining({ name: 'logo image.png', contentType: 'image/png', size: png.length }),
    ]);
    const [file] = listed.items;
    expect(await client.spaces.content.getFile(space, file?.id ?? '')).toEqual(file);
    expect(file?.git).toEqual(expect.objectContaining({ path: '.gitbook/assets/logo image.png' }));
    // `metadata=false` (the document's name; the sandbox's old `gitMetadata` too) leaves git out.
    expect((await client.spaces.content.listFiles(space, { metadata: false })).items[0]?.git).toBeUndefined();
    // At the origin the request reached, outside /v1, with no Authorization header.
    const url = new URL(file?.downloadURL ?? '');
    expect(url.pathname).toMatch(/^\/_files\/[0-9a-f]{64}\/logo%20image\.png$/);
    const answer = await sandbox.fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(png);
    expect((await sandbox.fetch(new URL(`/_files/${'0'.repeat(64)}/x.png`, url))).status).toBe(404);
    await expect(client.spaces.content.getFile(space, 'file_none')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a file over 1,000,000 bytes, base64 without contentType, and text that is not base64', async () => {
    const { client } = setup();
    const { space, request } = await spaceWithRequest(client);
    const files = (file: { name: string; contentType?: string; base64: string }): Change[] => [
      { operation: 'insert_page', title: 'P', document: { markdown: '' } },
      { operation: 'insert_files', files: [file] },
    ];
    const big = files({ name: 'big.bin', contentType: 'application/octet-stream', base64: bytes(1_000_001) });
    expect(await issuePaths(apply(client, space, request, big))).toEqual(['body.changes[1].files[0].base64']);
    expect(await failure(apply(client, space, request, big), BadRequestError)).toContain(
      '"big.bin" is 1,000,001 bytes: a file sent as base64 is at most 1,000,000',
    );
    expect(await issuePaths(apply(client, space, request, files({ name: 'a.png', base64: 'AAAA' })))).toEqual(
      ['body.changes[1].files[0].contentType'],
    );
    expect(
      await issuePaths(
        apply(client, space, request, files({ name: 'a.png', contentType: 'image/png', base64: '**' })),
      ),
    ).toEqual(['body.changes[1].files[0]']);
    expect((await client.changeRequests.content.listPages(space, request)).pages).toEqual([]);
  });

  it('keeps the 1 MiB limit for every other operation', async () => {
    const { sandbox } = setup();
    const response = await sandbox.fetch('http://sandbox.test/v1/orgs/org_acme/spaces', {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });
});

describe('searchSpaceContent', () => {
  it('finds pages of the live content whose title or text holds the query, ranked', async () => {
    const { client } = setup();
    const { space, request } = await spaceWithRequest(client);
    await apply(client, space, request, [
      { operation: 'insert_page', title: 'Install', document: { markdown: 'Download the installer.\n' } },
      {
        operation: 'insert_page',
        title: 'Deploy',
        document: { markdown: '## Rollback\n\nInstall the previous release.\n' },
      },
      { operation: 'insert_page', title: 'Other', document: { markdown: 'Nothing here.\n' } },
    ]);
    // Not live yet.
    expect((await client.spaces.content.search(space, { query: 'install' })).items).toEqual([]);
    await client.changeRequests.merge(space, request);
    const found = await client.spaces.content.search(space, { query: 'INSTALL' });
    expect(found.items.map((item) => [item.title, item.rank, item.resultType])).toEqual([
      ['Install', 1, 'page'],
      ['Deploy', 2, 'section'],
    ]);
    expect(found.items[1]?.sections?.[0]).toMatchObject({
      title: 'Rollback',
      body: 'Install the previous release.',
    });
    expect((await client.spaces.content.search(space, { query: '  ' })).items).toEqual([]);
    await failure(client.spaces.content.search('space_nope', { query: 'x' }), NotFoundError);
  });
});

describe('group and link pages (from fixtures or a Git import)', () => {
  const fixtures = {
    version: 1 as const,
    spaces: [{ id: 'space_kb', title: 'Knowledge base', organization: ORG, revision: 'rev_kb_1' }],
    revisions: [
      {
        id: 'rev_kb_1',
        space: 'space_kb',
        pages: [
          { id: 'page_home', title: 'Home', slug: 'home', markdown: 'Welcome.\n' },
          {
            id: 'page_group',
            type: 'group',
            title: 'Guides',
            slug: 'guides',
            pages: [
              { id: 'page_setup', title: 'Setup', slug: 'setup', markdown: 'Setup.\n' },
              {
                id: 'page_status',
                type: 'link',
                title: 'Status',
                slug: 'status',
                target: { kind: 'url', url: 'https://status.acme.test' },
              },
            ],
          },
        ],
      },
    ],
  };

  it('lists and reads them as the document shapes them', async () => {
    const { client } = setup({ fixtures });
    const { pages } = await client.spaces.content.listPages('space_kb');
    expect(pages.map((page) => [(page as { type: string }).type, idOf(page)])).toEqual([
      ['document', 'page_home'],
      ['group', 'page_group'],
    ]);
    expect(pages[1]).toMatchObject({
      type: 'group',
      kind: 'group',
      title: 'Guides',
      path: 'guides',
      pages: [
        { type: 'document', id: 'page_setup', path: 'guides/setup' },
        {
          type: 'link',
          id: 'page_status',
          href: 'https://status.acme.test',
          target: { kind: 'url', url: 'https://status.acme.test' },
        },
      ],
    });
    expect(await client.spaces.content.getPageByPath('space_kb', 'guides')).toMatchObject({
      type: 'group',
      id: 'page_group',
    });
    expect(await client.spaces.content.getPage('space_kb', 'page_status')).toMatchObject({ type: 'link' });
    await failure(client.spaces.content.getPageByPath('space_kb', 'guides/status'), NotFoundError);
  });

  it('takes pages into a group; refuses a document for a group or link, a group below the root, a page into a link', async () => {
    const { client } = setup({ fixtures });
    const request = (await client.changeRequests.create('space_kb', { subject: 'More' })).id;
    const answer = await apply(client, 'space_kb', request, [
      { operation: 'insert_page', into: 'page_group', title: 'Deploy', document: { markdown: 'Deploy.\n' } },
      { operation: 'update_page', page: 'page_group', title: 'All guides', slug: 'all-guides' },
    ]);
    expect(answer.changes.map((change) => change.object)).toEqual(['created_page', 'updated_page']);
    expect(paths((await client.changeRequests.content.listPages('space_kb', request)).pages)).toEqual([
      'home',
      'all-guides',
      'all-guides/setup',
      'link: Status',
      'all-guides/deploy',
    ]);
    const refused = (change: Change) => issuePaths(apply(client, 'space_kb', request, [change]));
    expect(
      await refused({ operation: 'update_page', page: 'page_group', document: { markdown: 'x' } }),
    ).toEqual(['body.changes[0].document']);
    expect(
      await refused({ operation: 'update_page', page: 'page_status', document: { markdown: 'x' } }),
    ).toEqual(['body.changes[0].document']);
    expect(await refused({ operation: 'update_page', page: 'page_group', into: 'page_home' })).toEqual([
      'body.changes[0].into',
    ]);
    expect(
      await refused({
        operation: 'insert_page',
        into: 'page_status',
        title: 'X',
        document: { markdown: '' },
      }),
    ).toEqual(['body.changes[0].into']);
  });
});

describe('the content as fixtures: export, load, persistence', () => {
  /** A space with a page and a file on it, merged. */
  async function content(client: DocsClient) {
    const { space, request } = await spaceWithRequest(client);
    const answer = await apply(client, space, request, [
      {
        operation: 'insert_files',
        files: [{ ref: 'img', name: 'a.png', contentType: 'image/png', base64: 'iVBORw0KGgo=' }],
      },
      { operation: 'insert_page', title: 'Page', document: { markdown: '![a](./img)\n' } },
    ]);
    await client.changeRequests.merge(space, request);
    return { space, file: answer.insertedFiles?.[0]?.id ?? '' };
  }

  const clientOf = (sandbox: ReturnType<typeof createSandbox>) =>
    new DocsClient({
      token: sandbox.token,
      baseUrl: 'http://sandbox.test/v1',
      fetch: sandbox.fetch,
      maxRetries: 0,
    });

  it('exports pages, files and their bytes, and loads them back', async () => {
    const { sandbox, client } = setup();
    const { space, file } = await content(client);
    const exported = sandbox.export();
    // The demo's own files have their bytes too.
    expect(exported.blobs).toContainEqual({
      id: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      base64: 'iVBORw0KGgo=',
    });
    const again = createSandbox({ fixtures: exported, checkResponses: true });
    const page = await clientOf(again).spaces.content.getPageByPath(space, 'page', { format: 'markdown' });
    expect(markdownOf(page)).toBe('![a](.gitbook/assets/a.png)\n');
    expect(again.export()).toEqual(exported);
    const revision = again.store.revisions.get(again.store.spaces.get(space)?.revision ?? '');
    expect(revision?.files.map((row) => row.id)).toEqual([file]);
  });

  it('keeps them in a data directory across restarts', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sandbox-content-')), 'data');
    const first = createSandbox({ data: dir, checkResponses: true });
    const { space } = await content(clientOf(first));
    await first.close();
    const second = createSandbox({ data: dir, checkResponses: true });
    const { pages } = await clientOf(second).spaces.content.listPages(space);
    expect(pages.map((page) => idOf(page))).toHaveLength(1);
    expect([...second.store.blobs.values()]).toContain('iVBORw0KGgo=');
    await second.close();
  });

  it('checks page trees, blobs and Git Sync rows on load', () => {
    const issues = (fixture: Fixture) => {
      try {
        createSandbox({ fixtures: fixture });
      } catch (error) {
        expect(error).toBeInstanceOf(FixtureError);
        return (error as FixtureError).issues.map((issue) => issue.path);
      }
      throw new Error('expected a FixtureError');
    };
    const space = { id: 'space_x', title: 'X', organization: ORG, revision: 'rev_x' };
    const revision = (pages: unknown[], files: unknown[] = []) => ({
      id: 'rev_x',
      space: 'space_x',
      pages,
      files,
    });
    const group = { id: 'p_g', type: 'group', title: 'G', slug: 'g' };
    expect(
      issues({
        version: 1,
        spaces: [space],
        revisions: [revision([{ id: 'p', title: 'P', slug: 'p', pages: [group] }])],
      }),
    ).toEqual(['revisions[0].pages[0].pages[0].type']);
    expect(
      issues({
        version: 1,
        spaces: [space],
        revisions: [revision([{ id: 'l', type: 'link', title: 'L', slug: 'l' }])],
      }),
    ).toEqual(['revisions[0].pages[0].target']);
    const file = { id: 'f', name: 'a.png', contentType: 'image/png', size: 8, blob: 'a'.repeat(64) };
    expect(issues({ version: 1, spaces: [space], revisions: [revision([], [file])] })).toEqual([
      'revisions[0].files[0].blob',
    ]);
    expect(issues({ version: 1, blobs: [{ id: 'a'.repeat(64), base64: 'iVBORw0KGgo=' }] })).toEqual([
      'blobs[0].id',
    ]);
    const git = {
      space: 'space_api',
      installationId: 'gs_1',
      provider: 'github',
      repoName: 'docs',
      updatedAt: '2026-01-05T09:00:00.000Z',
    };
    expect(
      issues({ version: 1, gitSync: [{ ...git, url: 'https://me:secret@github.com/acme/docs' }] }),
    ).toEqual(['gitSync[0].url']);
    expect(
      issues({ version: 1, gitSync: [{ ...git, space: 'space_nope', url: 'https://github.com/acme/docs' }] }),
    ).toEqual(['gitSync[0].space']);
  });
});
