import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NotFoundError, type DocsClient } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

/** A space imported by Git Sync from a folder whose page declares meta links in its front matter. */
async function importedSpace(client: DocsClient): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-meta-links-'));
  const files: Record<string, string> = {
    'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Setup](setup.md)\n',
    'README.md': '# Home\n\nWelcome.\n',
    'setup.md': [
      '---',
      'metaLinks:',
      '  canonical: ./',
      '  alternates:',
      '    - >-',
      '      https://app.gitbook.com/s/space_handbook/getting-started/installation',
      '    - https://app.gitbook.com/s/space_unknown/somewhere',
      '    - https://example.org/setup',
      '---',
      '',
      '# Setup',
      '',
      'Steps.',
      '',
    ].join('\n'),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const space = (await client.spaces.create('org_acme', { title: 'Imported' })).id;
  await client.spaces.git.importRepository(space, { url: pathToFileURL(dir).href, ref: 'refs/heads/main' });
  // The import is over on the second read of its state.
  await client.spaces.git.getInfo(space);
  await client.spaces.git.getInfo(space);
  return space;
}

describe("a page's meta links", () => {
  it("are the page's front matter: a page of this space, of another space, and URLs as written", async () => {
    const { client } = setup();
    const space = await importedSpace(client);
    const { pages } = await client.spaces.content.listPages(space);
    const [home, setupPage] = pages.map((page) => page.id);
    const expected = {
      canonical: { kind: 'page', page: home },
      alternates: [
        { kind: 'page', page: 'page_installation', space: 'space_handbook' },
        { kind: 'url', url: 'https://app.gitbook.com/s/space_unknown/somewhere' },
        { kind: 'url', url: 'https://example.org/setup' },
      ],
    };
    const { data, response } = await client.spaces.content
      .listMetaLinks(space, setupPage ?? '')
      .withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(data).toEqual(expected);
    // The same page in a revision and in a change request.
    const revision = (await client.spaces.get(space)).revision ?? '';
    expect(await client.revisions.listPageMetaLinks(space, revision, setupPage ?? '')).toEqual(expected);
    const request = await client.changeRequests.create(space, { subject: 'Edit' });
    expect(await client.changeRequests.content.listPageMetaLinks(space, request.id, setupPage ?? '')).toEqual(
      expected,
    );
    // A page without any has none.
    expect(await client.spaces.content.listMetaLinks(space, home ?? '')).toEqual({ alternates: [] });
    await failure(client.spaces.content.listMetaLinks(space, 'page_missing'), NotFoundError);
    await failure(client.revisions.listPageMetaLinks(space, 'rev_missing', home ?? ''), NotFoundError);
    await failure(client.changeRequests.content.listPageMetaLinks(space, '999', home ?? ''), NotFoundError);
  });
});
