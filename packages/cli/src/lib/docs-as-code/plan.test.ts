import { describe, expect, it } from 'vitest';
import { pushFolder } from '../../../test-support/docs-push.js';
import { FakeSpace } from '../../../test-support/fake-space.js';
import { accountEntries } from './accounting.js';
import { BatchError, batches, pushMarkdown, PushState } from './batch.js';
import { MAX_FILE_BYTES } from './changes.js';
import { MemoryFs } from './fs.js';
import { MAPPING_FILE } from './mapping.js';
import { planPush } from './plan.js';
import { loadPage, readLayout } from './read.js';

const SUMMARY = [
  '# Table of contents',
  '',
  '* [Home](README.md)',
  '* [Guides](guides/README.md)',
  '  * [Setup](guides/setup.md)',
  '  * [Deploy](guides/deploy.md)',
  '* [FAQ](faq.md)',
  '',
].join('\n');

const folder = (extra: Record<string, string | Uint8Array> = {}) =>
  new MemoryFs({
    'SUMMARY.md': SUMMARY,
    'README.md': '# Home\n\nSee [setup](guides/setup.md#install).\n',
    'guides/README.md': '---\ndescription: How to\n---\n\n# Guides\n\n- one\n- two\n',
    'guides/setup.md': '# Setup\n\n{% hint style="info" %}\nRead [deploy](deploy.md).\n{% endhint %}\n',
    'guides/deploy.md': '# Deploy\n\nBack to [home](../README.md).\n',
    'faq.md': '# FAQ\n\nNone yet.\n',
    ...extra,
  });

/** A folder pushed once into a fresh space: the state every later test starts from. */
async function pushed(extra: Record<string, string | Uint8Array> = {}) {
  const fs = folder(extra);
  const space = new FakeSpace();
  const first = await pushFolder(fs, space);
  return { fs, space, first };
}

function* walk<T extends { children: T[] }>(pages: readonly T[]): Generator<T> {
  for (const page of pages) {
    yield page;
    yield* walk(page.children);
  }
}

const ops = (plan: { changes: { op: string }[] }) => plan.changes.map((change) => change.op);

describe('planPush and batches against a space', () => {
  it('inserts a new folder parents first, a change needing an id the open batch makes in the next, with the bodies the document shapes', async () => {
    const { space, first } = await pushed();
    expect(ops(first.plan)).toEqual([
      ...['insert_page', 'insert_page', 'insert_page', 'insert_page', 'insert_page'],
      ...['update_page', 'update_page'],
    ]);
    expect(first.batches.map((batch) => batch.body.changes.map((change) => change.operation))).toEqual([
      ['insert_page', 'insert_page'],
      ['insert_page', 'insert_page', 'insert_page', 'update_page'],
      // Setup was inserted in the batch before: its id comes from that batch's answer.
      ['update_page'],
    ]);
    const [home, guides] = first.batches[0]?.body.changes ?? [];
    expect(home).toEqual({
      operation: 'insert_page',
      title: 'Home',
      slug: 'home',
      at: 0,
      ref: 'docs-sync-ref-1',
      document: { markdown: 'See [setup](/pages/guides/setup#install).\n' },
    });
    expect(guides).toEqual({
      operation: 'insert_page',
      title: 'Guides',
      slug: 'guides',
      description: 'How to',
      at: 1,
      ref: 'docs-sync-ref-2',
      document: { markdown: '- one\n- two\n' },
    });
    const setup = first.batches[1]?.body.changes[0];
    expect(setup).toMatchObject({
      operation: 'insert_page',
      into: space.list()[1]?.id,
      at: 0,
      slug: 'setup',
    });
    // Pages that link to a page inserted after them: written again at the end, once it resolves.
    expect(first.plan.changes.slice(-2)).toMatchObject([
      { op: 'update_page', key: 'README.md', reasons: ['relink'] },
      { op: 'update_page', key: 'guides/setup.md', reasons: ['relink'] },
    ]);
    expect([...space.unresolved]).toEqual([]);
    expect(space.list().map((page) => page.path)).toEqual(['home', 'guides', 'faq']);
  });

  it('sends nothing for an unchanged folder, though the space normalized what it stored', async () => {
    const { fs, space } = await pushed();
    const requests = space.requests;
    const again = await pushFolder(fs, space);
    expect(again.plan.changes).toEqual([]);
    expect(space.requests).toBe(requests);
  });

  it('sends exactly one change for one edited file', async () => {
    const { fs, space } = await pushed();
    await fs.write('faq.md', '# FAQ\n\nOne answer.\n');
    const { plan, batches: sent } = await pushFolder(fs, space);
    expect(plan.changes).toMatchObject([{ op: 'update_page', key: 'faq.md', reasons: ['content'] }]);
    expect(sent[0]?.body.changes).toEqual([
      {
        operation: 'update_page',
        page: space.list()[2]?.id,
        title: 'FAQ',
        description: '',
        document: { markdown: 'One answer.\n' },
      },
    ]);
  });

  it('moves a page the table of contents moved, with into and at, and no document', async () => {
    const { fs, space } = await pushed();
    const ids = Object.fromEntries(space.list().map((page) => [page.path, page.id]));
    await fs.write(
      'SUMMARY.md',
      '# Table of contents\n\n* [Home](README.md)\n* [FAQ](faq.md)\n  * [Deploy](guides/deploy.md)\n* [Guides](guides/README.md)\n  * [Setup](guides/setup.md)\n',
    );
    const deploy = space.list()[1]?.children[1]?.id;
    const { plan, batches: sent } = await pushFolder(fs, space);
    expect(ops(plan)).toEqual(['update_page', 'update_page']);
    expect(sent[0]?.body.changes).toEqual([
      { operation: 'update_page', page: ids['faq'], into: null, at: 1 },
      { operation: 'update_page', page: deploy, into: ids['faq'], at: 0 },
    ]);
    expect(space.list().map((page) => [page.path, page.children.map((child) => child.path)])).toEqual([
      ['home', []],
      ['faq', ['faq/deploy']],
      ['guides', ['guides/setup']],
    ]);
  });

  it('sees a renamed file as the same page (its content), renamed: not deleted and made again', async () => {
    const { fs, space } = await pushed();
    const before = space.list()[2]?.id;
    await fs.write('questions.md', (await fs.read('faq.md')) ?? '');
    await fs.remove('faq.md');
    await fs.write('SUMMARY.md', SUMMARY.replace('(faq.md)', '(questions.md)'));
    const { plan } = await pushFolder(fs, space, { prune: true });
    expect(plan.changes).toMatchObject([
      { op: 'update_page', page: { id: before }, slug: 'questions', reasons: ['rename'] },
    ]);
    expect(space.list()[2]).toMatchObject({ id: before, path: 'questions' });
  });

  it('keeps a page whose file changed form at its path, when a twin with the same content moved', async () => {
    const twin = '# Twin\n\nThe same words.\n';
    const fs = new MemoryFs({
      'SUMMARY.md': [
        '# Table of contents',
        '',
        '* [Home](README.md)',
        '* [A](a/README.md)',
        '  * [Twin](a/twin/README.md)',
        '    * [Child](a/twin/child.md)',
        '* [B](b/README.md)',
        '  * [Twin](b/twin.md)',
        '* [C](c/README.md)',
        '',
      ].join('\n'),
      'README.md': '# Home\n',
      'a/README.md': '# A\n',
      'a/twin/README.md': twin,
      'a/twin/child.md': '# Child\n',
      'b/README.md': '# B\n',
      'b/twin.md': twin,
      'c/README.md': '# C\n',
    });
    const space = new FakeSpace();
    await pushFolder(fs, space);
    const idAt = (path: string) => [...walk(space.list())].find((page) => page.path === path)?.id;
    const [stayed, moved] = [idAt('a/twin'), idAt('b/twin')];
    // The child leaves a/twin (now a/twin.md), and b's twin moves under C, listed before A.
    await fs.write(
      'SUMMARY.md',
      [
        '# Table of contents',
        '',
        '* [Home](README.md)',
        '* [C](c/README.md)',
        '  * [Twin](c/twin.md)',
        '* [A](a/README.md)',
        '  * [Twin](a/twin.md)',
        '* [Child](child.md)',
        '* [B](b/README.md)',
        '',
      ].join('\n'),
    );
    await fs.write('c/twin.md', twin);
    await fs.write('a/twin.md', twin);
    await fs.write('child.md', '# Child\n');
    for (const gone of ['a/twin/README.md', 'a/twin/child.md', 'b/twin.md']) await fs.remove(gone);
    const { plan } = await pushFolder(fs, space, { prune: true });
    expect(plan.changes.filter((change) => change.op !== 'update_page')).toEqual([]);
    expect([idAt('a/twin'), idAt('c/twin')]).toEqual([stayed, moved]);
  });

  it('swaps two slugs through a temporary one (the space refuses two siblings with one slug)', async () => {
    const { fs, space } = await pushed();
    const idOf = (path: string) =>
      space.list()[1]?.children.find((page) => page.path === path)?.id ?? `no page at ${path}`;
    const [setupId, deployId] = [idOf('guides/setup'), idOf('guides/deploy')];
    const setup = await fs.read('guides/setup.md');
    const deploy = await fs.read('guides/deploy.md');
    await fs.write('guides/setup.md', deploy ?? '');
    await fs.write('guides/deploy.md', setup ?? '');
    const { plan } = await pushFolder(fs, space);
    expect(plan.changes.map((change) => (change.op === 'update_page' ? change.reasons : []))).toEqual([
      ['make-room'],
      ['move', 'rename', 'title'],
      ['rename', 'title'],
    ]);
    // setup.md now holds the page that was Deploy: that page takes the slug of its new file, and
    // the title SUMMARY.md gives that file (its heading, Deploy, stays the body's first block).
    expect(space.list()[1]?.children.map((page) => [page.id, page.title, page.path])).toEqual([
      [deployId, 'Setup', 'guides/setup'],
      [setupId, 'Deploy', 'guides/deploy'],
    ]);
    expect((await pushFolder(fs, space)).plan.changes).toEqual([]);
  });

  it('deletes pages missing from the folder only with prune, the top-most of each subtree', async () => {
    const { fs, space } = await pushed();
    await fs.write('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [FAQ](faq.md)\n');
    const kept = await pushFolder(fs, space);
    expect(kept.plan.changes.filter((change) => change.op === 'delete_page')).toEqual([]);
    expect(kept.plan.missing.map((page) => page.path)).toEqual(['guides', 'guides/setup', 'guides/deploy']);
    const pruned = await pushFolder(fs, space, { prune: true });
    expect(pruned.plan.changes).toMatchObject([{ op: 'delete_page', path: 'guides' }]);
    expect(space.list().map((page) => page.path)).toEqual(['home', 'faq']);
  });

  it('finds the pages from a clone without the mapping by their paths: no duplicate', async () => {
    const { fs, space } = await pushed();
    await fs.remove(MAPPING_FILE);
    const ids = space.list().map((page) => page.id);
    const { plan } = await pushFolder(fs, space);
    expect(ops(plan).every((op) => op === 'update_page')).toBe(true);
    expect(space.list().map((page) => page.id)).toEqual(ids);
    expect((await pushFolder(fs, space)).plan.changes).toEqual([]);
  });

  it('finds a link page of the space by its URL, without the mapping', async () => {
    const fs = new MemoryFs({
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Status page](https://status.test)\n',
      'README.md': '# Home\n',
    });
    const space = FakeSpace.from([
      { id: 'p1', kind: 'document', title: 'Home', path: 'home', markdown: '', files: [], children: [] },
      {
        id: 'l1',
        kind: 'link',
        title: 'Status',
        path: 'l1',
        href: 'https://status.test',
        markdown: '',
        files: [],
        children: [],
      },
    ]);
    const plan = planPush({ layout: await readLayout(fs), remote: space.list(), prune: true });
    expect(plan.ids.get('link:https://status.test')).toBe('l1');
    expect(plan.changes.filter((change) => change.op === 'delete_page')).toEqual([]);
  });

  it('sends a slug made of a file name that is not one, so that a push run again finds the page', async () => {
    const fs = new MemoryFs({
      'SUMMARY.md':
        '# Table of contents\n\n* [Home](README.md)\n* [My Page](My%20Page/README.md)\n  * [Child](My%20Page/%C3%9Cber%20Uns.md)\n',
      'README.md': '# Home\n\nSee [my page](My%20Page/README.md) and [child](<My Page/Über Uns.md>).\n',
      'My Page/README.md': '# My Page\n',
      'My Page/Über Uns.md': '# Child\n',
    });
    const space = new FakeSpace();
    const cut = await pushFolder(fs, space, { stopAfter: 1 });
    expect(cut.batches[0]?.body.changes[1]).toMatchObject({ operation: 'insert_page', slug: 'my-page' });
    await pushFolder(fs, space);
    expect(space.list().map((page) => [page.path, page.children.map((child) => child.path)])).toEqual([
      ['home', []],
      ['my-page', ['my-page/uber-uns']],
    ]);
    expect([...space.unresolved]).toEqual([]);
    expect((await pushFolder(fs, space)).plan.changes).toEqual([]);
  });

  it('converges when a push is interrupted after any batch and run again', async () => {
    for (let stop = 0; stop <= 2; stop++) {
      const fs = folder();
      const space = new FakeSpace();
      const cut = await pushFolder(fs, space, { stopAfter: stop });
      expect(cut.interrupted).toBe(true);
      await pushFolder(fs, space);
      expect(space.list().map((page) => [page.path, page.children.map((child) => child.path)])).toEqual([
        ['home', []],
        ['guides', ['guides/setup', 'guides/deploy']],
        ['faq', []],
      ]);
      expect((await pushFolder(fs, space)).plan.changes).toEqual([]);
    }
  });

  it('uploads files first and points pages at their ids; a changed file is uploaded again', async () => {
    const { fs, space, first } = await pushed({
      '.gitbook/assets/diagram.png': new Uint8Array([1, 2, 3]),
      'faq.md': '# FAQ\n\n![](.gitbook/assets/diagram.png)\n',
    });
    expect(first.batches[0]?.body.changes[0]).toEqual({
      operation: 'insert_files',
      files: [{ name: 'diagram.png', contentType: 'image/png', base64: 'AQID' }],
    });
    const faq = first.batches
      .flatMap((batch) => batch.body.changes)
      .find((change) => 'title' in change && change.title === 'FAQ');
    expect(faq).toMatchObject({ document: { markdown: '![](/files/fl_1)\n' } });
    await fs.write('.gitbook/assets/diagram.png', new Uint8Array([4, 5]));
    const { plan } = await pushFolder(fs, space);
    expect(plan.changes).toMatchObject([
      { op: 'insert_files', files: ['.gitbook/assets/diagram.png'] },
      { op: 'update_page', key: 'faq.md', reasons: ['files'] },
    ]);
  });

  it('reports what no change of the document can apply: new groups, redirects, link titles', async () => {
    const fs = new MemoryFs({
      '.gitbook.yaml': 'redirects:\n  old: README.md\n',
      'SUMMARY.md':
        '# Table of contents\n\n* [Home](README.md "Start here")\n\n## Guides\n\n* [Setup](guides/setup.md)\n',
      'README.md': '# Home\n',
      'guides/setup.md': '# Setup\n',
    });
    const plan = planPush({ layout: await readLayout(fs), remote: new FakeSpace().list() });
    expect(ops(plan)).toEqual(['insert_page']);
    expect(plan.notApplied).toEqual([
      {
        key: 'README.md',
        what: 'linkTitle',
        file: 'README.md',
        message:
          'its title in the table of contents ("Start here") is set in the app: the document\'s changes cannot set a link title',
      },
      {
        key: 'guides/',
        what: 'group',
        file: 'guides/',
        message:
          'group "Guides" is new: the API\'s changes cannot create a group; create the group in the app (at the root of the table of contents, with this title), or import the repository with Git Sync (docs spaces git import), then push again',
      },
      {
        key: 'guides/setup.md',
        what: 'document',
        file: 'guides/setup.md',
        message:
          'is under group "Guides" (guides/), which this push could not make: not sent; create the group in the app (at the root of the table of contents, with this title), or import the repository with Git Sync (docs spaces git import), then push again',
      },
      {
        what: 'redirects',
        file: '.gitbook.yaml',
        message:
          '1 redirect(s): the document has no space-level redirects (set them on the site: docs sites redirects)',
      },
    ]);
    const { entries, complete } = accountEntries(await readLayout(fs), plan);
    expect(complete).toBe(false);
    expect(entries.map(({ entry, kind, status }) => [entry, kind, status])).toEqual([
      ['README.md', 'document', 'applied'],
      ['guides/', 'group', 'not applied'],
      ['guides/setup.md', 'document', 'not applied'],
    ]);
    expect(entries[0]?.reasons).toEqual([expect.stringContaining('cannot set a link title')]);
  });

  it('names every page under a new group, however deep, each not applied', async () => {
    const fs = new MemoryFs({
      'SUMMARY.md':
        '# Table of contents\n\n* [Home](README.md)\n\n## Guides\n\n* [Setup](guides/setup/README.md)\n  * [Linux](guides/setup/linux.md)\n* [Use](guides/use.md)\n',
      'README.md': '# Home\n',
      'guides/setup/README.md': '# Setup\n',
      'guides/setup/linux.md': '# Linux\n',
      'guides/use.md': '# Use\n',
    });
    const layout = await readLayout(fs);
    const plan = planPush({ layout, remote: [] });
    expect(ops(plan)).toEqual(['insert_page']);
    const { entries } = accountEntries(layout, plan);
    expect(entries.filter((entry) => entry.status === 'not applied').map((entry) => entry.entry)).toEqual([
      'guides/',
      'guides/setup/README.md',
      'guides/setup/linux.md',
      'guides/use.md',
    ]);
  });

  it('sends a link to a page it cannot make (under a new group) as written, not as the space root', async () => {
    const fs = new MemoryFs({
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n\n## Guides\n\n* [Use](guides/use.md)\n',
      'README.md': '# Home\n\nRead [Use](guides/use.md#start) first.\n',
      'guides/use.md': '# Use\n',
    });
    const layout = await readLayout(fs);
    const plan = planPush({ layout, remote: [] });
    expect([...plan.targets]).toEqual([['README.md', '/pages/home']]);
    const home = layout.pages[0]!;
    const markdown = pushMarkdown(await loadPage(fs, layout, home), 'README.md', {
      plan,
      state: new PushState(plan),
    });
    // Before: `[Use](/pages/#start)`, which the service resolves to the space's first page.
    expect(markdown).toContain('Read [Use](guides/use.md#start) first.');
  });

  it('names a new computed page and each reusable content as not applied, and sends the page that includes it', async () => {
    const fs = new MemoryFs({
      'SUMMARY.md': [
        '# Table of contents',
        '',
        '* [Home](README.md)',
        '* ```yaml',
        '  type: builtin:openapi',
        '  props:',
        '    models: true',
        '  dependencies:',
        '    spec:',
        '      ref:',
        '        kind: openapi',
        '        spec: petstore',
        '  ```',
        '',
      ].join('\n'),
      'README.md': '# Home\n\n{% include ".gitbook/includes/hint.md" %}\n',
      '.gitbook/includes/hint.md': '---\ntitle: Hint\n---\n\nA hint.\n',
    });
    const layout = await readLayout(fs);
    const plan = planPush({ layout, remote: [] });
    expect(ops(plan)).toEqual(['insert_page']);
    const { entries, complete } = accountEntries(layout, plan);
    expect(complete).toBe(false);
    expect(entries.map(({ entry, kind, status }) => [entry, kind, status])).toEqual([
      ['README.md', 'document', 'applied'],
      [expect.any(String), 'computed', 'not applied'],
      ['.gitbook/includes/hint.md', 'include', 'not applied'],
    ]);
    expect(plan.notApplied.find((note) => note.what === 'include')?.message).toContain(
      'included by README.md, sent with the include as written',
    );
  });

  it('sends a file over the inline cap by URL with filesUrl, else names it; the rest goes on', async () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    const files = {
      'README.md': '# Home\n\n![](.gitbook/assets/big%20one.png) ![](.gitbook/assets/small.png)\n',
      '.gitbook/assets/big one.png': big,
      '.gitbook/assets/small.png': new Uint8Array([1, 2, 3]),
    };
    const layout = await readLayout(new MemoryFs(files));
    expect(layout.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const without = planPush({ layout, remote: [] });
    expect(ops(without)).toEqual(['insert_files', 'insert_page']);
    expect(without.notApplied).toEqual([
      expect.objectContaining({
        key: '.gitbook/assets/big one.png',
        what: 'file',
        message: expect.stringMatching(
          /is 1000001 bytes: .*--files-url <base>.*; shown by README\.md$/,
        ) as string,
      }),
    ]);
    expect(accountEntries(layout, without).entries.map((entry) => entry.status)).toEqual([
      'applied',
      'not applied',
      'applied',
    ]);

    const fs = new MemoryFs(files);
    const withUrl = planPush({ layout, remote: [], filesUrl: 'https://raw.example.test/acme/docs/main/' });
    expect(withUrl.notApplied).toEqual([]);
    const state = new PushState(withUrl);
    const sent = [];
    // The first batch (the files): the page, which needs their ids, goes in the next.
    for await (const batch of batches({ fs, layout, plan: withUrl, state })) {
      sent.push(batch);
      break;
    }
    expect(sent[0]?.body.changes[0]).toEqual({
      operation: 'insert_files',
      files: [
        {
          name: 'big one.png',
          contentType: 'image/png',
          url: 'https://raw.example.test/acme/docs/main/.gitbook/assets/big%20one.png',
        },
        { name: 'small.png', contentType: 'image/png', base64: 'AQID' },
      ],
    });
    expect(accountEntries(layout, withUrl).complete).toBe(true);
  });

  it('refuses a change over the request size, naming its file, before sending anything', async () => {
    const fs = folder({ 'README.md': `# Home\n\n${'x'.repeat(5000)}\n` });
    const layout = await readLayout(fs);
    const plan = planPush({ layout, remote: [] });
    const run = async () => {
      const state = new PushState(plan);
      for await (const batch of batches({ fs, layout, plan, state }, { maxChanges: 50, maxBytes: 4096 })) {
        expect(batch).toBeDefined();
      }
    };
    await expect(run()).rejects.toThrow(BatchError);
    await expect(run()).rejects.toThrow(/^README\.md: its change is \d+ bytes of JSON, over the 4096 bytes/);
  });
});

describe('memory', () => {
  it('reads each page file once to plan, and again one batch at a time while sending', async () => {
    const files: Record<string, string> = { 'SUMMARY.md': '' };
    const entries: string[] = ['# Table of contents', ''];
    for (let index = 0; index < 200; index++) {
      entries.push(`* [Page ${index}](page-${index}.md)`);
      files[`page-${index}.md`] = `# Page ${index}\n\n${'Some text. '.repeat(20)}\n`;
    }
    files['SUMMARY.md'] = `${entries.join('\n')}\n`;
    const fs = new MemoryFs(files);
    const reads: string[] = [];
    const read = fs.read.bind(fs);
    fs.read = (path: string) => {
      reads.push(path);
      return read(path);
    };
    const layout = await readLayout(fs);
    expect(layout.pages[5]).not.toHaveProperty('markdown');
    expect(reads.filter((path) => path.startsWith('page-'))).toHaveLength(200);
    reads.length = 0;
    const plan = planPush({ layout, remote: [] });
    const state = new PushState(plan);
    let batch = 0;
    for await (const sent of batches({ fs, layout, plan, state })) {
      batch++;
      // Read so far: this batch's pages, the ones before it, and the next one (made to see that
      // it does not fit), never more.
      expect(reads.filter((path) => path.startsWith('page-')).length).toBe(Math.min(200, batch * 50 + 1));
      for (const [ref, key] of sent.refs) state.pageIds.set(key, `id-${ref}`);
    }
    expect(batch).toBe(4);
  });
});
