import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeStoredMarkdown } from '@docs-api/sandbox';
import { docsFolder } from '../../../../test/fixtures/docs-folder.mjs';
import { useDocsSync } from '../../test-support/docs-sync-cli.js';
import { useInProcessCli } from '../../test-support/run-command.js';
import PagesList from './pages/list.js';
import PagesView from './pages/view.js';
import Pull from './pull.js';
import Push, { type PushOutput } from './push.js';
import SpacesCreate from './spaces/create.js';

/*
 * `docs spaces create`, `docs pages list|view`, `docs pull` and `docs push` in-process, against
 * the sandbox (its content operations keep state), in a pipeline (no terminal) unless said.
 */

const cli = useInProcessCli();
const sync = useDocsSync(cli);

const SMALL: Record<string, string> = {
  'SUMMARY.md': [
    '# Table of contents',
    '',
    '* [Welcome](README.md)',
    '* [Getting started](getting-started/README.md)',
    '  * [Install](getting-started/install.md)',
    '* [FAQ](faq.md)',
    '',
  ].join('\n'),
  'README.md':
    '---\ndescription: Start here\n---\n\n# Welcome\n\nRead [the install guide](getting-started/install.md).\n',
  'getting-started/README.md': '# Getting started\n\n{% hint style="info" %}\nTwo steps.\n{% endhint %}\n',
  'getting-started/install.md': '# Install\n\n- one\n- two\n\nBack to [the FAQ](../faq.md#top).\n',
  'faq.md': '# FAQ\n\n{% tabs %}\n{% tab title="A" %}\nAnswer.\n{% endtab %}\n{% endtabs %}\n',
};

async function newSpace(): Promise<string> {
  cli.canPrompt.mockReturnValue(false);
  const made = await cli.run(SpacesCreate, ['--title', 'Docs as code', '--json']);
  expect(made.code, made.stderr).toBe(0);
  return (JSON.parse(made.stdout) as { id: string }).id;
}

const push = async (argv: string[]) => {
  const result = await cli.run(Push, [...argv, '--json']);
  return { ...result, out: result.code === 0 ? (JSON.parse(result.stdout) as PushOutput) : undefined };
};

/** The folder's page files as the sandbox stores them: list markers `*`, one blank line. */
const normalized = (files: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(files).map(([path, text]) => [
      path,
      path.endsWith('.md') && path !== 'SUMMARY.md' ? normalizeStoredMarkdown(text) : text,
    ]),
  );

describe('docs spaces create, docs push, docs pull, docs pages', () => {
  it('pushes a folder to a new space, merges it, pulls it back the same, and an unchanged push sends nothing', async () => {
    const space = await newSpace();
    const dir = await sync.folder(SMALL);

    const pushed = await push([space, dir, '--subject', 'First import', '--yes', '--merge']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.out?.counts).toMatchObject({ inserted: 4, deleted: 0 });
    expect(pushed.out?.changeRequest).toMatchObject({ created: true });
    expect(pushed.out?.merged).toMatchObject({ result: 'merge' });
    const sent = sync.sent('updateChangeRequestContent');

    const listed = await cli.run(PagesList, [space]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.split('\n').map((line) => line.split('\t').slice(0, 3).join(' | '))).toEqual([
      'Welcome | welcome | document',
      'Getting started | getting-started | document',
      'Install | getting-started/install | document',
      'FAQ | faq | document',
      '',
    ]);

    const viewed = await cli.run(PagesView, [space, 'getting-started/install']);
    expect(viewed.code, viewed.stderr).toBe(0);
    expect(viewed.stdout).toContain('* one\n* two');

    const copy = await sync.folder();
    const pulled = await cli.run(Pull, [space, copy, '--json']);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(await sync.read(copy)).toEqual(normalized(SMALL));

    // Pull then push with no edit, and the original folder pushed again: no change.
    for (const folder of [copy, dir]) {
      const again = await push([space, folder, '--yes']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.out?.changes, again.stderr).toEqual([]);
    }
    expect(sync.sent('updateChangeRequestContent')).toBe(sent);
  });

  it('sends exactly the one page that was edited', async () => {
    const space = await newSpace();
    const dir = await sync.folder(SMALL);
    expect((await push([space, dir, '--yes', '--merge'])).code).toBe(0);
    await writeFile(join(dir, 'faq.md'), '# FAQ\n\nA new answer.\n');
    const edited = await push([space, dir, '--yes']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.out?.changes).toEqual([
      { op: 'update_page', path: 'faq', title: 'FAQ', file: 'faq.md', reasons: ['content'] },
    ]);
  });

  it('shows the plan and sends nothing with --dry-run, and needs --yes in a pipeline', async () => {
    const space = await newSpace();
    const dir = await sync.folder(SMALL);
    const dry = await cli.run(Push, [space, dir, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('+ page  getting-started/install (Install)');
    expect(dry.stderr).toContain('Dry run: nothing was sent.');
    const refused = await cli.run(Push, [space, dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    expect(sync.sent('updateChangeRequestContent')).toBe(0);
  });

  it.each([
    [
      'a file that is not UTF-8',
      { 'faq.md': Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]) },
      'faq.md: is not UTF-8 text',
    ],
    [
      'a SUMMARY.md entry whose file is missing',
      { 'faq.md': undefined },
      'SUMMARY.md:6: entry "FAQ" names faq.md, which does not exist',
    ],
    [
      'two files that are one page',
      {
        'SUMMARY.md': `${SMALL['SUMMARY.md']}* [FAQ again](faq/README.md)\n`,
        'faq/README.md': '# FAQ again\n',
      },
      'is the same page as',
    ],
    [
      'a file over the size limit',
      { '.gitbook/assets/big.bin': Buffer.alloc(1_000_001) },
      '.gitbook/assets/big.bin: is 1000001 bytes',
    ],
  ])('refuses %s: exit 2 naming the file, nothing sent', async (_what, change, message) => {
    const space = await newSpace();
    const files: Record<string, string | Uint8Array> = { ...SMALL };
    for (const [path, data] of Object.entries(change as Record<string, string | Uint8Array | undefined>)) {
      if (data === undefined) delete files[path];
      else files[path] = data;
    }
    const result = await cli.run(Push, [space, await sync.folder(files), '--yes']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('nothing was sent');
    expect(sync.sent('updateChangeRequestContent')).toBe(0);
    expect([...cli.sandbox.store.changeRequests.values()].filter((cr) => cr.space === space)).toEqual([]);
  });

  it('warns of a link to a missing page and reports redirects as not applied', async () => {
    const space = await newSpace();
    const dir = await sync.folder({
      ...SMALL,
      'faq.md': '# FAQ\n\nSee [the old page](old.md).\n',
      '.gitbook.yaml': 'redirects:\n  old/page: faq.md\n',
    });
    const result = await push([space, dir, '--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('faq.md:3: links to old.md, which is not a page of the folder');
    expect(result.out?.notApplied).toEqual([expect.objectContaining({ file: '.gitbook.yaml' })]);
  });

  it('deletes pages missing from the folder only with --prune, listed first', async () => {
    const space = await newSpace();
    const dir = await sync.folder(SMALL);
    expect((await push([space, dir, '--yes', '--merge'])).code).toBe(0);
    const { 'faq.md': _faq, ...rest } = SMALL;
    const smaller = await sync.folder({
      ...rest,
      'SUMMARY.md': SMALL['SUMMARY.md']!.replace('* [FAQ](faq.md)\n', ''),
      '.gitbook/docs-sync.json': await readFile(join(dir, '.gitbook/docs-sync.json')),
    });

    const kept = await cli.run(Push, [space, smaller, '--dry-run']);
    expect(kept.stderr).toContain('kept  faq (FAQ): not in the folder');
    expect(kept.stderr).toContain('Nothing to push');

    const pruned = await cli.run(Push, [space, smaller, '--prune', '--yes']);
    expect(pruned.code, pruned.stderr).toBe(0);
    const lines = pruned.stderr.split('\n').filter((line) => /^ {2}[-+~>] /.test(line));
    expect(lines[0]).toBe('  - page  faq (FAQ)');
  });

  it('is run again after a server error mid-way and converges in the same change request, no page twice', async () => {
    const space = await newSpace();
    const { files } = docsFolder(120, { groups: false, images: 0 });
    const dir = await sync.folder(files);
    // The third batch fails with a 500.
    let batches = 0;
    const fetch = sync.fetch;
    sync.fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (
        request.method === 'POST' &&
        /\/change-requests\/[^/]+\/content$/.test(new URL(request.url).pathname) &&
        ++batches === 3
      ) {
        return new Response(JSON.stringify({ error: { code: 500, message: 'boom' } }), { status: 500 });
      }
      return fetch(request);
    };
    const first = await cli.run(Push, [space, dir, '--yes']);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('run the same command again');
    const again = await push([space, dir, '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.out?.changeRequest).toMatchObject({ created: false });
    expect(again.out?.counts.inserted).toBeLessThan(120);
    const crs = [...cli.sandbox.store.changeRequests.values()].filter((cr) => cr.space === space);
    expect(crs).toHaveLength(1);
    const listed = await cli.run(PagesList, [space, '--cr', String(crs[0]?.number)]);
    const paths = listed.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[1]);
    expect(paths).toHaveLength(120);
    expect(new Set(paths).size).toBe(120);
    const third = await push([space, dir, '--yes']);
    expect(third.out?.changes).toEqual([]);
  });
});
