import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { revisionHandlers } from './revisions.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

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

describe('coverage', () => {
  it('implements the revision reads beyond the extract (change-request-reviews.test.ts serves them)', () => {
    const beyond = revisionHandlers
      .map((implementation) => implementation.operation)
      .filter((operation) => operation.inExtract === false)
      .map((operation) => operation.id);
    expect(beyond.sort()).toEqual(['getCurrentRevision', 'getPageInRevisionById', 'getRevisionById']);
  });
});
