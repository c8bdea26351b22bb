import { describe, expect, it } from 'vitest';
import { NotFoundError, type DocsClient } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { revisionHandlers } from './revisions.js';

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

/** What these checks read of a revision. */
type Shown = { id: string; pages: { id: string }[] };

describe('revisions', () => {
  it('answers the current revision and a revision by id from the content model; a missing id is a 404', async () => {
    const { client } = setup();
    const space = await client.spaces.get('space_handbook');
    const current = (await client.spaces.content.getCurrentRevision('space_handbook')) as Shown;
    expect(current.id).toBe(space.revision);
    const { pages } = await client.spaces.content.listPages('space_handbook');
    const ids = (list: readonly { id: string }[]) => list.map((page) => page.id);
    expect(ids(current.pages)).toEqual(ids(pages as unknown as { id: string }[]));
    const byId = (await client.revisions.get('space_handbook', current.id)) as Shown;
    expect(byId).toEqual(current);
    expect(await failure(client.revisions.get('space_handbook', 'rev_missing'), NotFoundError)).toMatch(
      /rev_missing/,
    );
    // A revision of another space is not found in this one.
    const other = (await client.spaces.content.getCurrentRevision('space_api')) as Shown;
    await failure(client.revisions.get('space_handbook', other.id), NotFoundError);
  });
});

const ORG = 'org_acme';

/** A new space whose content a merged change request made: one page and one file. */
async function spaceWithMergedContent(client: DocsClient) {
  const space = (await client.spaces.create(ORG, { title: 'Runbooks' })).id;
  const before = (await client.spaces.get(space)).revision ?? '';
  const request = await client.changeRequests.create(space, { subject: 'First content' });
  const answer = await client.changeRequests.content.update(
    space,
    request.id,
    {
      changes: [
        { operation: 'insert_page', title: 'Intro', document: { markdown: 'Intro.\n' } },
        {
          operation: 'insert_files',
          files: [{ name: 'logo.png', contentType: 'image/png', base64: 'iVBORw0KGgo=' }],
        },
      ],
    },
    { compat: false },
  );
  if (!('insertedFiles' in answer)) throw new Error('expected the answer of compat=false');
  await client.changeRequests.merge(space, request.id);
  const after = (await client.spaces.get(space)).revision ?? '';
  return { space, before, after, request, file: answer.insertedFiles?.[0]?.id ?? '' };
}

describe("a revision's files", () => {
  it('lists and reads the files the revision holds; a file it lacks is a 404', async () => {
    const { client } = setup();
    const { space, before, after, file } = await spaceWithMergedContent(client);
    const { data: listed, response } = await client.revisions.listFiles(space, after).withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('state');
    expect(listed.count).toBe(1);
    expect(listed.items).toEqual([expect.objectContaining({ id: file, name: 'logo.png', size: 8 })]);
    // The sandbox has the bytes: the download URL is the sandbox's, and it serves them.
    const read = await client.revisions.getFile(space, after, file);
    expect(read).toEqual(listed.items[0]);
    expect(read.downloadURL).toMatch(/^http:\/\/sandbox\.test\/_files\//);
    // The revision before the merge holds no file.
    expect((await client.revisions.listFiles(space, before)).items).toEqual([]);
    expect(await failure(client.revisions.getFile(space, before, file), NotFoundError)).toContain(file);
    await failure(client.revisions.getFile(space, after, 'file_missing'), NotFoundError);
    await failure(client.revisions.listFiles(space, 'rev_missing'), NotFoundError);
    await failure(client.revisions.listFiles('space_missing', after), NotFoundError);
  });
});

describe("a revision's semantic changes", () => {
  it('are what the revision changed against its parent; a merge names its change request', async () => {
    const { client } = setup();
    const { space, before, after, request, file } = await spaceWithMergedContent(client);
    const { data, response } = await client.revisions.getSemanticChanges(space, after).withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(data.mergedFrom).toMatchObject({ id: request.id, number: request.number, status: 'merged' });
    expect(data.changes.map((change) => change.type)).toEqual(['page_created', 'file_created']);
    expect(data.changes).toMatchObject([
      { type: 'page_created', page: { title: 'Intro' } },
      { type: 'file_created', file: { id: file, name: 'logo.png' } },
    ]);
    const limited = await client.revisions.getSemanticChanges(space, after, { limit: 1 });
    expect(limited).toMatchObject({ changes: [{ type: 'page_created' }], more: 1 });
    // The space's first revision: empty, so it changed nothing.
    const first = await client.revisions.getSemanticChanges(space, before);
    expect(first).toEqual({ changes: [] });
    await failure(client.revisions.getSemanticChanges(space, 'rev_missing'), NotFoundError);
    // A page of the revision, and its meta links (none: the API's pages have no front matter).
    const [page] = (await client.revisions.get(space, after)).pages;
    expect(await client.revisions.getPage(space, after, page?.id ?? '')).toMatchObject({ title: 'Intro' });
    expect(await client.revisions.listPageMetaLinks(space, after, page?.id ?? '')).toEqual({
      alternates: [],
    });
    await failure(client.revisions.listPageMetaLinks(space, before, page?.id ?? ''), NotFoundError);
  });
});

describe('coverage', () => {
  it("served every operation of the revisions' handlers through the SDK in this file", () => {
    const served = servedOperationIds();
    expect(revisionHandlers.map(({ operation }) => operation.id).filter((id) => !served.has(id))).toEqual([]);
  });
});
