import { describe, expect, it } from 'vitest';
import { MemoryFs } from './fs.js';
import { parseMapping } from './mapping.js';
import type { PageNode } from './model.js';
import { readLayout, readTree } from './read.js';
import { writeTree } from './write.js';

const doc = (
  path: string,
  title: string,
  markdown: string,
  children: PageNode[] = [],
  extra: Partial<PageNode> = {},
): PageNode => ({
  kind: 'document',
  title,
  path,
  markdown,
  files: [],
  children,
  ...extra,
});

/** The tree without the files pages were read from (which `writeTree` chose). */
const withoutFiles = (pages: PageNode[]): PageNode[] =>
  pages.map(({ file: _file, ...page }) => ({ ...page, children: withoutFiles(page.children) }));

describe('write then read', () => {
  it('writes the layout the service exports and reads it back', async () => {
    const fs = new MemoryFs();
    const tree: PageNode[] = [
      doc('introduction', 'What is it?', 'Welcome.\n', [], { id: 'p1', description: 'The start' }),
      {
        kind: 'group',
        title: 'Guides',
        path: 'guides',
        markdown: '',
        files: [],
        id: 'g1',
        children: [
          doc(
            'guides/getting-started',
            'Getting started',
            '{% hint style="info" %}\nRead [setup](setup.md).\n{% endhint %}\n',
            [
              doc('guides/getting-started/setup', 'Setup', 'Steps.\n', [], {
                id: 'p3',
                linkTitle: 'Install',
              }),
            ],
            { id: 'p2' },
          ),
        ],
      },
    ];
    const { mapping } = await writeTree(fs, tree, { space: 'spc_1' });
    expect(fs.text('SUMMARY.md')).toBe(
      [
        '# Table of contents',
        '',
        '* [What is it?](README.md)',
        '',
        '## Guides',
        '',
        '* [Getting started](guides/getting-started/README.md)',
        '  * [Setup](guides/getting-started/setup.md "Install")',
        '',
      ].join('\n'),
    );
    expect(fs.text('README.md')).toBe('---\ndescription: The start\n---\n\n# What is it?\n\nWelcome.\n');
    expect(Object.keys(mapping.pages).sort()).toEqual([
      'README.md',
      'guides/',
      'guides/getting-started/README.md',
      'guides/getting-started/setup.md',
    ]);
    expect(parseMapping(fs.text('.gitbook/docs-sync.json') ?? '')).toEqual(mapping);
    const { layout, pages } = await readTree(fs);
    expect(layout.problems).toEqual([]);
    expect(withoutFiles(pages)).toEqual(tree);
  });
});

describe('readLayout', () => {
  it('infers the tree from folders when there is no SUMMARY.md', async () => {
    const fs = new MemoryFs({
      'README.md': '# Home\n',
      'b.md': '# B\n',
      'a.md': 'No heading\n',
      'guides/README.md': '# Guides page\n',
      'guides/one.md': '# One\n',
      'group/x.md': '# X\n',
      '.github/README.md': '# ignored\n',
      'img/logo.txt': 'not a page',
    });
    const layout = await readLayout(fs);
    const shape = (pages: typeof layout.pages): unknown =>
      pages.map((page) => [page.kind, page.title, page.path, shape(page.children)]);
    expect(shape(layout.pages)).toEqual([
      ['document', 'Home', 'home', []],
      ['document', 'A', 'a', []],
      ['document', 'B', 'b', []],
      ['group', 'Group', 'group', [['document', 'X', 'group/x', []]]],
      ['document', 'Guides page', 'guides', [['document', 'One', 'guides/one', []]]],
    ]);
  });

  it('names the file of each problem', async () => {
    const fs = new MemoryFs({
      'SUMMARY.md':
        '# Summary\n\n* [A](a.md)\n* [Missing](missing.md)\n* [A again](a.md)\n* [Bin](bin.md)\n* [Twin](a/README.md)\n',
      'a.md': '# A\n\n[gone](nowhere.md) and ![](.gitbook/assets/none.png)\n',
      'a/README.md': '# Twin\n',
      'bin.md': new Uint8Array([0xff, 0xfe, 0x00]),
      '.gitbook/assets/big.bin': new Uint8Array(1_000_001),
    });
    const { problems } = await readLayout(fs);
    expect(problems).toEqual([
      {
        severity: 'error',
        file: 'SUMMARY.md',
        line: 4,
        message: 'entry "Missing" names missing.md, which does not exist',
      },
      {
        severity: 'warning',
        file: 'SUMMARY.md',
        line: 5,
        message: 'a.md is listed twice (lines 3 and 5): the second entry is a link to the page',
      },
      { severity: 'error', file: 'bin.md', message: 'is not UTF-8 text' },
      {
        severity: 'error',
        file: '.gitbook/assets/big.bin',
        message: 'is 1000001 bytes: the service takes files of at most 1000000 bytes',
      },
      { severity: 'error', file: 'a/README.md', message: 'is the same page as a.md (both are "a")' },
      {
        severity: 'warning',
        file: 'a.md',
        line: 3,
        message: 'links to nowhere.md, which is not a page of the folder: the service keeps it as text',
      },
      {
        severity: 'warning',
        file: 'a.md',
        line: 3,
        message: 'refers to .gitbook/assets/none.png, which does not exist',
      },
    ]);
  });
});
