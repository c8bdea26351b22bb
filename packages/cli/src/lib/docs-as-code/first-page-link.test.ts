import { DocsClient } from '@docs-api/sdk';
import { createSandbox } from '@docs-api/sandbox';
import { describe, expect, it } from 'vitest';
import { MemoryFs } from './fs.js';
import { applyPush, preparePush, pull, SpaceContent } from './docs-sync.js';

/*
 * Links to the space's first page as the service's Git Sync writes them (`./` from the root,
 * `../` from a folder: GitbookIO/public-docs has both): a push sends them as links to that page,
 * not as text, and a pull writes them back in the same form.
 */

const FOLDER = {
  'README.md': '# Home\n\nWelcome.\n',
  'SUMMARY.md':
    '# Table of contents\n\n* [Home](README.md)\n* [Intro](intro.md)\n* [Guides](guides/README.md)\n  * [Setup](guides/setup.md)\n',
  'intro.md': '# Intro\n\nBack [Home](./).\n',
  'guides/README.md': '# Guides\n\nAll guides.\n',
  'guides/setup.md': '# Setup\n\nBack [Home](../#welcome), or [the guides](./).\n',
};

describe('links to the space first page', () => {
  it('are pushed as links to the page and pulled back as ./ and ../', async () => {
    const sandbox = createSandbox();
    const client = new DocsClient({
      baseUrl: 'http://sandbox.test/v1',
      token: sandbox.token,
      fetch: async (input, init) => sandbox.fetch(new Request(input, init)),
    });
    const space = await client.spaces.create('org_acme', { title: 'First page links' });
    const cr = await client.changeRequests.create(space.id, { subject: 'push' });
    const content = Object.assign(new SpaceContent(client, space.id, cr.id), { changeRequest: cr.id });
    const prepared = await preparePush(new MemoryFs({ ...FOLDER }), content);
    expect(prepared.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    await applyPush(new MemoryFs({ ...FOLDER }), content, prepared, { id: cr.id, number: cr.number });

    // Stored as links to the page (by id), not as text.
    const { pages } = await client.changeRequests.content.listPages(space.id, cr.id);
    const home = pages.find((page) => page.title === 'Home');
    const intro = pages.find((page) => page.title === 'Intro');
    const stored = await client.changeRequests.content.getPage(space.id, cr.id, intro?.id ?? '', {
      format: 'markdown',
      'format.markdown.refs': 'stable',
    });
    expect((stored as { markdown?: string }).markdown).toContain(`[Home](/pages/${home?.id})`);

    await client.changeRequests.merge(space.id, cr.id);
    const pulled = new MemoryFs();
    await pull(pulled, new SpaceContent(client, space.id));
    const text = async (path: string) => new TextDecoder().decode(await pulled.read(path));
    expect(await text('intro.md')).toContain('Back [Home](./).');
    expect(await text('guides/setup.md')).toContain('Back [Home](../#welcome), or [the guides](./).');
  });
});
