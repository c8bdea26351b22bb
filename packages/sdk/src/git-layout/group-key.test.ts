import { describe, expect, it } from 'vitest';
import { MemoryFs } from './fs.js';
import type { PageNode } from './model.js';
import { readLayout } from './read.js';
import { writeTree } from './write.js';

const page = (path: string, id: string): PageNode => ({
  kind: 'document',
  title: 'Getting',
  path,
  markdown: '',
  files: [],
  children: [],
  id,
});
const link = (path: string, id: string, url: string): PageNode => ({
  kind: 'link',
  title: 'Link',
  path,
  markdown: '',
  files: [],
  children: [],
  id,
  href: url,
  target: { kind: 'url', url },
});
const group = (title: string, path: string, id: string, children: PageNode[]): PageNode => ({
  kind: 'group',
  title,
  path,
  markdown: '',
  files: [],
  children,
  id,
});

/** The folder as `writeTree` writes it, then SUMMARY.md replaced by `summary`. */
async function folder(tree: PageNode[], summary: (written: string) => string): Promise<MemoryFs> {
  const fs = new MemoryFs();
  await writeTree(fs, tree);
  const written = new TextDecoder().decode(await fs.read('SUMMARY.md'));
  await fs.write('SUMMARY.md', summary(written));
  return fs;
}

const groupsOf = async (fs: MemoryFs) =>
  (await readLayout(fs)).pages.filter((each) => each.kind === 'group').map((each) => each.key);

describe('the key of a group that holds only links', () => {
  const tree = [
    page('getting', 'p1'),
    page('getting-2', 'p2'),
    group('Getting', 'getting-3', 'g1', [link('getting-3/link', 'l1', 'https://example.com/a')]),
  ];

  it('stays the mapping’s when a page before it goes away', async () => {
    const fs = await folder(tree, (text) => text.replace('* [Getting](getting-2.md)\n', ''));
    expect(await groupsOf(fs)).toEqual(['getting-3/']);
  });

  it('follows its links when the group is renamed', async () => {
    const fs = await folder(tree, (text) => text.replace('## Getting', '## Renamed'));
    expect(await groupsOf(fs)).toEqual(['getting-3/']);
  });

  it('stays the mapping’s when a link at the root took its slug (a link page’s slug is nominal)', async () => {
    const withLink = [
      page('getting', 'p1'),
      group('Guides', 'guides', 'g2', [
        page('guides/intro', 'p3'),
        link('guides/x', 'l2', 'https://example.com/x'),
      ]),
      group('Getting', 'getting-2', 'g1', [link('getting-2/link', 'l1', 'https://example.com/a')]),
    ];
    const fs = await folder(withLink, (text) =>
      text
        .replace('* [Link](https://example.com/x)\n', '')
        .replace(
          '* [Getting](README.md)\n',
          '* [Getting](README.md)\n* [Getting 2](https://example.com/x)\n',
        ),
    );
    const layout = await readLayout(fs);
    expect(layout.pages.map((each) => [each.kind, each.path])).toEqual([
      ['document', 'getting'],
      ['link', 'getting-2'],
      ['group', 'guides'],
      ['group', 'getting-2'],
    ]);
  });

  it('keeps the order of two groups of one title when a link moved from the second to the first', async () => {
    const twoGroups = [
      page('getting', 'p1'),
      group('Getting', 'getting-2', 'g1', [page('getting-2/cafe', 'p2')]),
      group('Getting', 'getting-3', 'g2', [link('getting-3/link', 'l1', 'https://example.com/a')]),
    ];
    const fs = await folder(twoGroups, () =>
      [
        '# Table of contents',
        '',
        '* [Getting](README.md)',
        '* [café](getting-2/cafe.md)',
        '',
        '## Getting',
        '',
        '* [Link](https://example.com/a)',
        '',
        '## Getting',
        '',
      ].join('\n'),
    );
    expect(await groupsOf(fs)).toEqual(['getting-2/', 'getting-3/']);
  });

  it('gives groups of one title their keys in the order the slugs were given (v2, then v2-2)', async () => {
    const twoGroups = [
      page('getting', 'p1'),
      group('V2', 'v2', 'g1', [link('v2/a', 'l1', 'https://example.com/a')]),
      group('V2', 'v2-2', 'g2', [link('v2-2/b', 'l2', 'https://example.com/b')]),
    ];
    // The mapping file lists `v2-2/` before `v2/` (it is sorted); the first group lost its link.
    const fs = await folder(twoGroups, (text) => text.replace('* [Link](https://example.com/a)\n', ''));
    expect(await groupsOf(fs)).toEqual(['v2/', 'v2-2/']);
  });

  it('is a new key, not another group’s, for a new group', async () => {
    const withPages = [page('getting', 'p1'), group('Guides', 'guides', 'g2', [page('guides/intro', 'p3')])];
    const fs = await folder(
      withPages,
      (text) => `${text}\n## Guides\n\n* [Elsewhere](https://example.com/b)\n`,
    );
    expect(await groupsOf(fs)).toEqual(['guides/', 'guides-2/']);
  });
});
