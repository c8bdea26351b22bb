import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });
const ORG = 'org_acme';
const SPACE = 'space_kb';
const REVISION = 'rev_kb_1';

const fixtures = {
  version: 1 as const,
  spaces: [{ id: SPACE, title: 'Knowledge base', organization: ORG, revision: REVISION }],
  revisions: [
    {
      id: REVISION,
      space: SPACE,
      pages: [
        {
          id: 'page_home',
          title: 'Home',
          slug: 'home',
          markdown: '# Welcome\n\nRead {{ variables.product }}.\n',
        },
      ],
      reusableContents: [
        {
          id: 'reusable_contact',
          title: 'Contact',
          markdown: '## Support\n\nWrite to {{ variables.product }} support.\n',
        },
      ],
      variables: { product: 'Acme' },
    },
  ],
};

/** The text of a document's blocks, one per block. */
function texts(document: { nodes: unknown[] }): string[] {
  return document.nodes.map(
    (node) =>
      JSON.stringify(node)
        .match(/"text":"([^"]*)"/g)
        ?.join('') ?? '',
  );
}

describe('reusable contents and documents, read from the content model', () => {
  it('reads a reusable content and its document, in the current revision, a revision and a change request', async () => {
    const { client } = setup({ fixtures });
    const reusable = await client.spaces.content.getReusableContent(SPACE, 'reusable_contact');
    expect(reusable).toMatchObject({
      id: 'reusable_contact',
      title: 'Contact',
      document: 'doc_reusable_contact',
    });
    expect(reusable.git?.path).toBe('.gitbook/includes/reusable_contact.md');
    expect(await client.revisions.getReusableContent(SPACE, REVISION, 'reusable_contact')).toEqual(reusable);
    const current = await client.spaces.content.getCurrentRevision(SPACE);
    expect(current.reusableContents).toEqual([reusable]);

    const document = await client.spaces.content.getDocument(SPACE, reusable.document!);
    expect(document.object).toBe('document');
    expect(texts(document)).toEqual([
      '"text":"Support"',
      '"text":"Write to {{ variables.product }} support."',
    ]);
    const evaluated = await client.revisions.getReusableContentDocument(SPACE, REVISION, 'reusable_contact', {
      evaluated: true,
    });
    expect(texts(evaluated)[1]).toBe('"text":"Write to Acme support."');

    const request = await client.changeRequests.create(SPACE, { subject: 'Edit' });
    expect(
      await client.changeRequests.content.getReusableContent(SPACE, request.id, 'reusable_contact'),
    ).toEqual(reusable);

    await failure(client.spaces.content.getReusableContent(SPACE, 'reusable_missing'), NotFoundError);
    await failure(client.spaces.content.getDocument(SPACE, 'doc_missing'), NotFoundError);
    await failure(
      client.revisions.getReusableContent(SPACE, 'rev_missing', 'reusable_contact'),
      NotFoundError,
    );
  });

  it("reads a page's document in a revision, evaluated when asked", async () => {
    const { client } = setup({ fixtures });
    const document = await client.revisions.getPageDocument(SPACE, REVISION, 'page_home', {
      evaluated: true,
    });
    expect(texts(document)).toEqual(['"text":"Welcome"', '"text":"Read Acme."']);
    await failure(client.revisions.getPageDocument(SPACE, REVISION, 'page_missing'), NotFoundError);
  });
});
