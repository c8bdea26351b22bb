import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

const SPACE = 'space_handbook';
/** The demo's Petstore spec of org_acme, by its slug. */
const dependencies = { spec: { ref: { kind: 'openapi' as const, spec: 'petstore' } } };

/** The text of a document's blocks, one string a block. */
const blocks = (document: unknown) =>
  (
    document as { nodes: Array<{ type: string; nodes: Array<{ leaves?: Array<{ text: string }> }> }> }
  ).nodes.map(
    (node) =>
      `${node.type}: ${node.nodes
        .flatMap((child) => child.leaves ?? [])
        .map((leaf) => leaf.text)
        .join('')}`,
  );

describe('computed content from an OpenAPI spec', () => {
  it("computes a document from the organization's spec; an operation or spec it lacks is a 404", async () => {
    const { client } = setup();
    const { data, response } = await client.spaces.content
      .getComputedDocument(SPACE, {
        seed: 's1',
        source: {
          type: 'builtin:openapi',
          dependencies,
          props: { doc: 'operation', page: '/pets', method: 'get' },
        },
      })
      .withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(blocks(data)).toEqual(['heading-1: GET /pets', 'paragraph: List all pets']);
    const models = await client.spaces.content.getComputedDocument(SPACE, {
      seed: 's1',
      source: { type: 'builtin:openapi', dependencies, props: { doc: 'models' } },
    });
    expect(blocks(models)).toEqual(['heading-1: Models', 'heading-2: Pet']);
    await failure(
      client.spaces.content.getComputedDocument(SPACE, {
        seed: 's1',
        source: {
          type: 'builtin:openapi',
          dependencies,
          props: { doc: 'operation', page: '/pets', method: 'delete' },
        },
      }),
      NotFoundError,
    );
    const missing = { spec: { ref: { kind: 'openapi' as const, spec: 'nope' } } };
    expect(
      await failure(
        client.spaces.content.getComputedDocument(SPACE, {
          seed: 's1',
          source: { type: 'builtin:openapi', dependencies: missing, props: { doc: 'models' } },
        }),
        NotFoundError,
      ),
    ).toContain('nope');
    await failure(
      client.spaces.content.getComputedDocument('space_missing', {
        seed: 's1',
        source: { type: 'builtin:openapi', dependencies, props: { doc: 'models' } },
      }),
      NotFoundError,
    );
  });

  it("computes a revision's pages from the spec, ids from the caller's seed", async () => {
    const { client } = setup();
    const revision = await client.spaces.content.getComputedRevision(SPACE, {
      seed: 'gen',
      source: { type: 'builtin:openapi', dependencies, props: { models: true } },
    });
    expect(revision.files).toEqual([]);
    expect(revision.pages.map((page) => [page.id, page.title])).toEqual([
      ['gen-1', 'Petstore'],
      ['gen-2', 'Models'],
    ]);
    expect((revision.pages[0] as { markdown?: string }).markdown).toBe('## GET /pets\n\nList all pets\n');
    const byOperation = await client.spaces.content.getComputedRevision(SPACE, {
      seed: 'op',
      source: { type: 'builtin:openapi', dependencies, props: { models: false, grouping: 'by-operation' } },
    });
    expect(byOperation.pages.map((page) => page.title)).toEqual(['List all pets']);
    expect(
      await failure(
        client.spaces.content.getComputedRevision(SPACE, {
          seed: 'x',
          source: { type: 'integration:acme:pages', props: {} },
        }),
        BadRequestError,
      ),
    ).toContain('body.source.type');
  });
});

describe('PDF exports and what needs the service', () => {
  it("a space's PDF 404s for what it names; a content template answers an error saying so", async () => {
    const { client } = setup();
    // A PDF the sandbox renders itself (downloads.test.ts).
    expect((await client.spaces.content.getPdf(SPACE)).url).toMatch(/^http:\/\/sandbox\.test\/_pdf\//);
    await failure(client.spaces.content.getPdf(SPACE, { page: 'page_missing' }), NotFoundError);
    await failure(client.spaces.content.getPdf('space_missing'), NotFoundError);
    expect(
      await failure(client.spaces.content.applyTemplate(SPACE, { id: 'tpl_docs' }), NotFoundError),
    ).toContain('tpl_docs');
    await failure(
      client.spaces.content.applyTemplate(SPACE, { id: 'tpl_docs', changeRequestId: '999' }),
      NotFoundError,
    );
    // Nothing changed.
    expect((await client.spaces.content.listPages(SPACE)).pages.map((page) => page.id)).toContain(
      'page_getting_started',
    );
  });
});
