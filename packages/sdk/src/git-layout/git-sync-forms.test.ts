import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';
import { MemoryFs } from './fs.js';
import { eachPage, readLayout, readTree } from './read.js';
import { parseSummary } from './summary.js';
import { writeTree } from './write.js';

/*
 * The forms the service's Git Sync writes into SUMMARY.md, .gitbook.yaml and pages, read as the
 * service reads them (issue 30, item 1).
 */

const SUMMARY = [
  '# Table of contents',
  '',
  '* [Welcome](README.md)',
  '',
  '## Getting started <a href="#getting-started" id="getting-started"></a>',
  '',
  '* [Install](start/install.md)',
  '* [Buttons](start/install.md#buttons)',
  '* [Status](https://status.example.com)',
  '* [Other space](https://app.gitbook.com/s/Xy12Ab/)',
  '',
  '***',
  '',
  '## API',
  '',
  '* [API reference](api/README.md)',
  '  * ```yaml',
  '    type: builtin:openapi',
  '    props:',
  '      models: true',
  '    dependencies:',
  '      spec:',
  '        ref:',
  '          kind: openapi',
  '          spec: petstore',
  '    ```',
  '* ',
  '* [Install again](start/install.md)',
  '',
].join('\n');

const files = {
  '.gitbook.yaml': 'root: ./\n\u200Bstructure:\n  readme: README.md\nredirects:\n  old: start/install.md\n',
  'SUMMARY.md': SUMMARY,
  'README.md': '# Welcome\n\n{% include ".gitbook/includes/hint.md" %}\n',
  'start/install.md': '# Install\n\n## Buttons\n\nPress.\n',
  'api/README.md': '# API reference\n\nThe API.\n',
  '.gitbook/includes/hint.md': '---\ntitle: A hint\n---\n\n{% hint style="info" %}\nNote.\n{% endhint %}\n',
};

describe('SUMMARY.md as Git Sync writes it', () => {
  it('reads a group heading without its HTML anchor, and keeps the anchor', () => {
    const { sections, problems } = parseSummary(SUMMARY);
    expect(problems).toEqual([]);
    expect(sections.map((section) => [section.group, section.anchor])).toEqual([
      [undefined, undefined],
      ['Getting started', 'getting-started'],
      ['API', undefined],
    ]);
  });

  it('reads a fenced ```yaml child as one computed entry (no warning per line)', () => {
    const { sections, problems } = parseSummary(SUMMARY);
    expect(problems).toEqual([]);
    const api = sections[2]?.entries[0];
    expect(api?.children).toHaveLength(1);
    expect(api?.children[0]?.computed?.type).toBe('builtin:openapi');
    expect(api?.children[0]?.computed?.definition).toBe(
      'type: builtin:openapi\nprops:\n  models: true\ndependencies:\n  spec:\n    ref:\n      kind: openapi\n      spec: petstore',
    );
  });

  it('reads the tree: groups, link pages (URL, another space, an anchor), computed pages, a file listed twice', async () => {
    const layout = await readLayout(new MemoryFs(files));
    expect(layout.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const kinds = [...eachPage(layout.pages)].map((page) => [
      page.kind,
      page.title,
      page.target ?? page.computed?.type,
    ]);
    expect(kinds).toEqual([
      ['document', 'Welcome', undefined],
      ['group', 'Getting started', undefined],
      ['document', 'Install', undefined],
      ['link', 'Buttons', { kind: 'page', file: 'start/install.md', anchor: 'buttons' }],
      ['link', 'Status', { kind: 'url', url: 'https://status.example.com' }],
      ['link', 'Other space', { kind: 'space', space: 'Xy12Ab', url: 'https://app.gitbook.com/s/Xy12Ab/' }],
      ['group', 'API', undefined],
      ['document', 'API reference', undefined],
      ['computed', 'petstore', 'builtin:openapi'],
      ['link', 'Install again', { kind: 'page', file: 'start/install.md' }],
    ]);
    const twice = layout.problems.find((problem) => problem.message.includes('listed twice'));
    expect(twice).toMatchObject({ severity: 'warning', file: 'SUMMARY.md', line: 28 });
    expect(layout.pages[1]?.anchor).toBe('getting-started');
  });

  it('reads the reusable contents and which pages include them', async () => {
    const layout = await readLayout(new MemoryFs(files));
    expect(layout.includes.map(({ file, title }) => ({ file, title }))).toEqual([
      { file: '.gitbook/includes/hint.md', title: 'A hint' },
    ]);
    expect(layout.includes[0]?.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(layout.pages[0]?.includes).toEqual(['.gitbook/includes/hint.md']);
  });

  it('reads .gitbook.yaml with a zero-width space before a key', () => {
    const config = parseConfig('\u200Bstructure:\n  \u200Breadme: intro.md\nredirects:\n  a: b.md\n');
    expect(config.readme).toBe('intro.md');
    expect(config.redirects).toEqual({ a: 'b.md' });
  });

  it('keeps a file over 1 MB without a word (Git Sync imports files of any size; a push judges its cap)', async () => {
    const files = { 'README.md': '# A\n', '.gitbook/assets/big.png': new Uint8Array(1_500_000) };
    const layout = await readLayout(new MemoryFs(files));
    expect(layout.assets).toEqual([
      expect.objectContaining({ path: '.gitbook/assets/big.png', size: 1_500_000 }),
    ]);
    expect(layout.problems).toEqual([]);
  });

  it('writes the same SUMMARY.md back: anchors, link pages to an anchor, computed blocks', async () => {
    const { pages } = await readTree(new MemoryFs(files));
    const out = new MemoryFs();
    await writeTree(out, pages);
    const expected = SUMMARY.replace('\n* \n', '\n')
      .replace('\n***\n\n', '\n')
      .replace('## API\n', '## API\n');
    expect(out.text('SUMMARY.md')).toBe(expected);
  });

  it("takes a page's title from its SUMMARY.md entry; a first heading of another text stays in the body", async () => {
    // As aviator-co/gitbook-docs has them, both written by Git Sync (MIT).
    const summary =
      '# Table of contents\n\n* [How to Set Up Pre-Queue Conditions](mergequeue/set-up-pre-queue-conditions.md)\n* [Same](same.md)\n';
    const page = '# Set up Pre-Queue Conditions\n\nYou can set up pre-queue conditions.\n';
    const same = '# Same\n\nText.\n';
    const { pages } = await readTree(
      new MemoryFs({
        'SUMMARY.md': summary,
        'mergequeue/set-up-pre-queue-conditions.md': page,
        'same.md': same,
      }),
    );
    expect(pages[0]).toMatchObject({ title: 'How to Set Up Pre-Queue Conditions', markdown: page });
    expect(pages[0]?.linkTitle).toBeUndefined();
    expect(pages[1]).toMatchObject({ title: 'Same', markdown: 'Text.\n' });
    const out = new MemoryFs();
    await writeTree(out, pages);
    expect(out.text('SUMMARY.md')).toBe(summary);
    expect(out.text('mergequeue/set-up-pre-queue-conditions.md')).toBe(page);
    expect(out.text('same.md')).toBe(same);
  });
});
