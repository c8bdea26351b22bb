/*
 * The bodies a docs-as-code push sends (packages/cli/src/lib/docs-as-code), checked against the
 * published document's `updateChangeRequestContent` request body: every change of every batch of
 * pushes that insert, update, move, rename, delete pages and upload files.
 */
import { describe, expect, it } from 'vitest';
import { pushFolder } from '../../packages/cli/test-support/docs-push.js';
import { FakeSpace } from '../../packages/cli/test-support/fake-space.js';
import { MemoryFs } from '../../packages/cli/src/lib/docs-as-code/fs.js';
import { documentEntryById, validateRequest } from './document.js';

const entry = documentEntryById('updateChangeRequestContent');

function findings(body: unknown) {
  if (!entry) throw new Error('updateChangeRequestContent is not in the document');
  return validateRequest(entry, {
    method: 'POST',
    url: new URL('https://api.test/v1/spaces/spc_1/change-requests/cr_1/content?compat=false'),
    headers: new Headers({ 'content-type': 'application/json' }),
    body,
  });
}

describe('docs-as-code push bodies', () => {
  it('are valid updateChangeRequestContent bodies', async () => {
    const fs = new MemoryFs({
      'SUMMARY.md':
        '# Table of contents\n\n* [Home](README.md)\n* [Guides](guides/README.md)\n  * [Setup](guides/setup.md)\n* [FAQ](faq.md)\n',
      'README.md': '---\nicon: house\n---\n\n# Home\n\nSee [setup](guides/setup.md).\n',
      'guides/README.md': '---\ndescription: How to\n---\n\n# Guides\n\n![](../.gitbook/assets/a.png)\n',
      'guides/setup.md': '# Setup\n\n{% hint style="info" %}\nHi\n{% endhint %}\n',
      'faq.md': '# FAQ\n',
      '.gitbook/assets/a.png': new Uint8Array([137, 80, 78, 71]),
    });
    const space = new FakeSpace();
    const bodies: unknown[] = [];
    const collect = async (options: { prune?: boolean } = {}) => {
      const { batches } = await pushFolder(fs, space, options);
      bodies.push(...batches.map((batch) => batch.body));
    };
    await collect();
    // Edit, move, rename, delete.
    await fs.write('faq.md', '# FAQ\n\nAn answer.\n');
    await fs.write('guides/install.md', (await fs.read('guides/setup.md')) ?? '');
    await fs.remove('guides/setup.md');
    await fs.write(
      'SUMMARY.md',
      '# Table of contents\n\n* [Home](README.md)\n* [FAQ](faq.md)\n  * [Setup](guides/install.md)\n',
    );
    await collect({ prune: true });
    const operations = bodies.flatMap((body) =>
      (body as { changes: { operation: string }[] }).changes.map((change) => change.operation),
    );
    expect(new Set(operations)).toEqual(
      new Set(['insert_files', 'insert_page', 'update_page', 'delete_page']),
    );
    for (const body of bodies) expect(findings(body)).toEqual([]);
    // The check sees a body that is not the document's.
    expect(findings({ changes: [{ operation: 'update_page', page: 'pg_1', into: 3 }] })).not.toEqual([]);
    expect(
      findings({ changes: [{ operation: 'insert_files', files: [{ name: 'a.png', data: 'AQID' }] }] }),
    ).not.toEqual([]);
  });
});
