import { describe, expect, it } from 'vitest';
import { flattenPages, requireRevision } from './content.js';
import { trackSandboxes } from '../test-support/client.js';
import { createSandbox } from './sandbox.js';

/*
 * Page content is stored in one form whatever its source: a fixture written as page files are
 * (the demo seed) is stored as an edit stores it, and a link the page holds to a page that is
 * gone stays a link when the page is sent again.
 */

const { setup } = trackSandboxes();

describe('stored page content', () => {
  it('stores the seed as an edit stores it: no title heading, * bullets, stable links', () => {
    const sandbox = createSandbox();
    const space = sandbox.store.spaces.get('space_handbook');
    const pages = flattenPages(requireRevision(sandbox.store, space!.revision).pages);
    const page = (id: string) => pages.find((entry) => entry.page.id === id)!.page;
    expect(page('page_getting_started').markdown).toBe(
      [
        'Welcome to the {{ variables.product }} handbook, version {{ variables.version }}. Status checked {{ now }}.',
        '',
        '* [Installation](/pages/page_installation)',
        '* [Configuration](/pages/page_configuration)',
        '* [Frequently asked questions](/pages/page_faq)',
        '* The [API reference space](https://app.sandbox.docs-api.local/s/space_api) in the app',
        '* [Service status](https://status.acme.test)',
        '',
        '![Acme logo](/files/file_logo)',
        '',
      ].join('\n'),
    );
    expect(page('page_configuration').markdown).toBe(
      'Install first: see [Installation](/pages/page_installation).\n\n' +
        'Configuraton is read from `acme.json` in the working directory. The [PDF guide](/files/file_guide) lists every setting.\n',
    );
    // The links derived from the markdown, the broken one (page_faq) included.
    expect(page('page_getting_started').links.map((link) => link.target)).toEqual([
      { kind: 'page', page: 'page_installation' },
      { kind: 'page', page: 'page_configuration' },
      { kind: 'page', page: 'page_faq' },
      { kind: 'url', url: 'https://app.sandbox.docs-api.local/s/space_api' },
      { kind: 'url', url: 'https://status.acme.test' },
      { kind: 'file', file: 'file_logo' },
    ]);
  });

  it('keeps a link to a page that is gone when the page is sent again, and makes a new one text', async () => {
    const { client } = setup();
    const request = await client.changeRequests.create('space_handbook', { subject: 'Edit' });
    const markdown =
      'See [the FAQ](/pages/page_faq) and [the glossary](/pages/page_glossary).\n\n- [Installation](getting-started/installation.md)\n';
    await client.changeRequests.content.update(
      'space_handbook',
      request.id,
      { changes: [{ operation: 'update_page', page: 'page_getting_started', document: { markdown } }] },
      { compat: false },
    );
    const page = await client.changeRequests.content.getPage(
      'space_handbook',
      request.id,
      'page_getting_started',
      {
        format: 'markdown',
        'format.markdown.refs': 'stable',
      },
    );
    expect((page as { markdown?: string }).markdown).toBe(
      'See [the FAQ](/pages/page_faq) and the glossary.\n\n* [Installation](/pages/page_installation)\n',
    );
  });
});
