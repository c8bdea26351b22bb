import { describe, expect, it } from 'vitest';
import { pushFolder } from '../../../test-support/docs-push.js';
import { FakeSpace } from '../../../test-support/fake-space.js';
import { accountEntries } from './accounting.js';
import { MAX_FILE_NAME_LENGTH } from './changes.js';
import { MemoryFs } from './fs.js';
import { planPush } from './plan.js';
import { MAX_PAGE_FILE_BYTES, readLayout } from './read.js';

/*
 * What the API cannot take never stops a push: a file whose name is over the document's 256
 * characters (`insert_files` `name` maxLength), a page over what a request holds. Each is named,
 * not applied, and everything else is planned and sent.
 */

const LONG_NAME = `${'a'.repeat(MAX_FILE_NAME_LENGTH)}.png`;

const folder = () =>
  new MemoryFs({
    'SUMMARY.md': [
      '# Table of contents',
      '',
      '* [Welcome](README.md)',
      '* [Big](big/README.md)',
      '  * [Child](big/child.md)',
      '* [FAQ](faq.md)',
      '',
    ].join('\n'),
    'README.md': `# Welcome\n\n![](.gitbook/assets/${LONG_NAME})\n\n![](.gitbook/assets/small.png)\n`,
    'big/README.md': `# Big\n\n${'x'.repeat(MAX_PAGE_FILE_BYTES)}\n`,
    'big/child.md': '# Child\n',
    'faq.md': '# FAQ\n',
    [`.gitbook/assets/${LONG_NAME}`]: new Uint8Array([1, 2, 3]),
    '.gitbook/assets/small.png': new Uint8Array([4, 5, 6]),
  });

describe('the API limits in a push', () => {
  it('reads the folder without an error, and plans everything else', async () => {
    const layout = await readLayout(folder());
    expect(layout.problems).toEqual([]);
    const plan = planPush({ layout, remote: [] });
    expect(plan.notApplied).toEqual([
      expect.objectContaining({
        key: `.gitbook/assets/${LONG_NAME}`,
        what: 'file',
        message: expect.stringMatching(
          /^its name is 260 characters: the API takes a file name of at most 256; rename it .*; shown by README\.md$/,
        ) as string,
      }),
      expect.objectContaining({
        key: 'big/README.md',
        what: 'page',
        message: expect.stringMatching(
          /^is \d+ bytes: over the 2097152 bytes .*; split it into smaller pages/,
        ) as string,
      }),
      expect.objectContaining({ key: 'big/child.md', what: 'document' }),
    ]);
    expect(accountEntries(layout, plan).entries.map(({ entry, status }) => [entry, status])).toEqual([
      ['README.md', 'applied'],
      ['big/README.md', 'not applied'],
      ['big/child.md', 'not applied'],
      ['faq.md', 'applied'],
      [`.gitbook/assets/${LONG_NAME}`, 'not applied'],
      ['.gitbook/assets/small.png', 'applied'],
    ]);
  });

  it('sends the rest, and keeps a page the space has when its file grows over the request size', async () => {
    const fs = folder();
    const space = new FakeSpace();
    const first = await pushFolder(fs, space);
    const sent = first.batches.flatMap((batch) => batch.body.changes);
    expect(sent.map((change) => change.operation)).toEqual(['insert_files', 'insert_page', 'insert_page']);
    const uploaded = sent.flatMap((change) => (change.operation === 'insert_files' ? change.files : []));
    expect(uploaded.map((file) => file.name)).toEqual(['small.png']);

    // Big made small, pushed; then grown over the limit again: its page is kept, not rewritten.
    await fs.write('big/README.md', '# Big\n\nSmall now.\n');
    await pushFolder(fs, space);
    await fs.write('big/README.md', `# Big\n\n${'y'.repeat(MAX_PAGE_FILE_BYTES)}\n`);
    const layout = await readLayout(fs);
    const plan = planPush({ layout, remote: space.list() });
    expect(plan.changes.filter((change) => change.op !== 'insert_files')).toEqual([]);
    expect(plan.notApplied.map((note) => [note.file, note.what])).toEqual([
      [`.gitbook/assets/${LONG_NAME}`, 'file'],
      ['big/README.md', 'page'],
    ]);
    expect(plan.notApplied[1]?.message).toContain('(the space keeps its page as it is)');
  });

  it('names a page under the file limit whose text is over it as JSON, and sends the rest', async () => {
    const fs = folder();
    // 1.2 MiB of quotes: 2.4 MiB once each is escaped in the change's JSON string.
    await fs.write('big/README.md', `# Big\n\n${'"'.repeat(1_200_000)}\n`);
    const space = new FakeSpace();
    const { plan, batches } = await pushFolder(fs, space);
    expect(plan.notApplied.find((note) => note.file === 'big/README.md')?.message).toMatch(
      /^is 1200008 bytes, 2400\d{3} as the JSON its change carries: with the rest of the change, over the 2097152 bytes a request of a push holds, so its document is not sent; split it/,
    );
    const sent = batches.flatMap((batch) => batch.body.changes);
    expect(sent.map((change) => change.operation)).toEqual(['insert_files', 'insert_page', 'insert_page']);
  });
});
