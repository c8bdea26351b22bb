import { describe, expect, it } from 'vitest';
import { MAX_PAGE_FILE_BYTES } from '../lib/docs-as-code/index.js';
import { useDocsSync } from '../../test-support/docs-sync-cli.js';
import { useInProcessCli } from '../../test-support/run-command.js';
import Push, { type PushOutput } from './push.js';
import SpacesCreate from './spaces/create.js';

/*
 * `docs push` of a folder holding a page over what a request holds, in-process against the
 * sandbox: everything else is sent, the page (and each page under it) is named with its reason and
 * way out, and the exit status is 5. (A file name over the document's 256 characters cannot be
 * made on a disk, whose names stop at 255 bytes: docs-as-code/limits.test.ts plans one in memory.)
 */

const cli = useInProcessCli();
const sync = useDocsSync(cli);

async function newSpace(): Promise<string> {
  cli.canPrompt.mockReturnValue(false);
  const made = await cli.run(SpacesCreate, ['--title', 'Limits', '--json']);
  expect(made.code, made.stderr).toBe(0);
  return (JSON.parse(made.stdout) as { id: string }).id;
}

describe('docs push and the API limits', () => {
  it('sends the rest of the folder and names a page over the request size and each page under it, exit 5', async () => {
    const space = await newSpace();
    const big = `# Big\n\n${'Lorem ipsum dolor sit amet. '.repeat(Math.ceil(MAX_PAGE_FILE_BYTES / 28) + 1)}\n`;
    const dir = await sync.folder({
      'SUMMARY.md': [
        '# Table of contents',
        '',
        '* [Welcome](README.md)',
        '* [Big](big/README.md)',
        '  * [Child](big/child.md)',
        '* [FAQ](faq.md)',
        '',
      ].join('\n'),
      'README.md': '# Welcome\n\n![](.gitbook/assets/small.png)\n',
      'big/README.md': big,
      'big/child.md': '# Child\n\nUnder the big page.\n',
      'faq.md': '# FAQ\n\nNone yet.\n',
      '.gitbook/assets/small.png': Buffer.from([4, 5, 6]),
    });

    const result = await cli.run(Push, [space, dir, '--yes', '--json']);
    expect(result.code, result.stderr).toBe(5);
    const out = JSON.parse(result.stdout) as PushOutput;
    expect(out.complete).toBe(false);
    const status = Object.fromEntries(out.entries.map((entry) => [entry.entry, entry.status]));
    expect(status).toEqual({
      'README.md': 'applied',
      'big/README.md': 'not applied',
      'big/child.md': 'not applied',
      'faq.md': 'applied',
      '.gitbook/assets/small.png': 'applied',
    });
    expect(out.notApplied).toEqual([
      {
        file: 'big/README.md',
        what: 'page',
        message: expect.stringMatching(
          /^is \d+ bytes: over the 2097152 bytes a request of a push holds, so its document is not sent; split it into smaller pages, then push again$/,
        ) as string,
      },
      {
        file: 'big/child.md',
        what: 'document',
        message: expect.stringContaining(
          'is under page "Big" (big/README.md), which this push could not make',
        ) as string,
      },
    ]);
    // At a terminal's width of words: each line names the entry, the reason and the way out.
    const human = await cli.run(Push, [space, dir, '--yes', '--dry-run']);
    expect(human.code).toBe(5);
    expect(human.stderr).toContain('not applied: big/README.md: is ');
    expect(human.stderr).toContain('not applied: big/child.md: is under page "Big"');
    expect(out.counts).toMatchObject({ inserted: 2, uploaded: 1 });

    // Run again: the same entries named, nothing else sent, exit 5 still.
    const again = await cli.run(Push, [space, dir, '--yes', '--json']);
    expect(again.code, again.stderr).toBe(5);
    const second = JSON.parse(again.stdout) as PushOutput;
    expect(second.changes).toEqual([]);
    expect(second.notApplied.map((note) => note.file)).toEqual(['big/README.md', 'big/child.md']);
  });
});
