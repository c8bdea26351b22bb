import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';
import { MemoryFs } from './fs.js';
import { findLinks, relativeLink, resolveRelative, rewriteLinks } from './links.js';
import { MappingError, parseMapping, renderMapping } from './mapping.js';
import { bodyOfServiceMarkdown, PageFileError, parsePageFile, renderPageFile } from './page-file.js';
import { readLayout, readTree } from './read.js';
import { keptPages, remotePages } from './remote.js';
import { parseSummary, renderSummary } from './summary.js';
import { placePages } from './write.js';

describe('page files', () => {
  it('reads front matter, the title heading and the body; CRLF as LF', () => {
    const text =
      '---\r\ndescription: "Über: it"\r\nicon: book\r\nlayout:\r\n  width: wide\r\n---\r\n\r\n# Title  \r\n\r\n\r\nBody\r\n\r\n\r\n';
    expect(parsePageFile(text)).toEqual({
      title: 'Title',
      description: 'Über: it',
      meta: { icon: 'book', layout: { width: 'wide' } },
      body: 'Body\n',
    });
    expect(renderPageFile(parsePageFile(text))).toBe(
      "---\ndescription: 'Über: it'\nicon: book\nlayout:\n  width: wide\n---\n\n# Title\n\nBody\n",
    );
  });

  it('keeps a body that starts with another heading or a thematic break', () => {
    expect(parsePageFile('# A\n\n# B\n\n---\n\ntext\n')).toEqual({
      title: 'A',
      meta: {},
      body: '# B\n\n---\n\ntext\n',
    });
    expect(parsePageFile('No heading\n')).toEqual({ meta: {}, body: 'No heading\n' });
  });

  it('refuses front matter that is not YAML, naming the line', () => {
    expect(() => parsePageFile('---\ndescription: [unclosed\n---\n# A\n')).toThrow(PageFileError);
  });

  it('takes the body out of the markdown the service sends', () => {
    expect(bodyOfServiceMarkdown('---\ndescription: d\n---\n\n# Setup\n\nSteps.\n', 'Setup')).toBe(
      'Steps.\n',
    );
    expect(bodyOfServiceMarkdown('# Other\n\nSteps.\n', 'Setup')).toBe('# Other\n\nSteps.\n');
  });
});

describe('SUMMARY.md', () => {
  it('reads 4-space and tab nesting, + and - bullets, link titles, escapes, encoded paths', () => {
    const { sections, problems } = parseSummary(
      [
        '# Summary',
        '',
        '* [A \\[1\\]](a.md)',
        '    + [B](a/b%20c.md "Short \\"B\\"")',
        '\t- [C](<a/c d.md>)',
        '* just text',
        '',
        '## Group \\#1',
        '',
        '* [D](g/d.md)',
      ].join('\n'),
    );
    expect(problems).toEqual([{ line: 6, message: 'a table of contents entry is not a link' }]);
    expect(sections).toEqual([
      {
        line: 1,
        entries: [
          {
            title: 'A [1]',
            target: 'a.md',
            line: 3,
            children: [
              { title: 'B', target: 'a/b c.md', linkTitle: 'Short "B"', line: 4, children: [] },
              { title: 'C', target: 'a/c d.md', line: 5, children: [] },
            ],
          },
        ],
      },
      { group: 'Group #1', line: 8, entries: [{ title: 'D', target: 'g/d.md', line: 10, children: [] }] },
    ]);
    const again = parseSummary(renderSummary(sections)).sections;
    const strip = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'line' ? undefined : v)));
    expect(strip(again)).toEqual(strip(sections));
  });
});

describe('.gitbook.yaml', () => {
  it('reads root, structure and redirects as written', () => {
    expect(
      parseConfig(
        'root: ./docs/\nstructure:\n  readme: ./intro.md\n  summary: toc/SUMMARY.md\nredirects:\n  help: support.md\n',
      ),
    ).toEqual({
      root: 'docs',
      readme: 'intro.md',
      summary: 'toc/SUMMARY.md',
      redirects: { help: 'support.md' },
      present: true,
    });
    expect(() => parseConfig('root: ../elsewhere')).toThrow(
      new ConfigError('root leaves the folder: ../elsewhere'),
    );
    expect(() => parseConfig('redirects: [a]')).toThrow('redirects is not a mapping');
  });

  it('reads a folder whose content is under root', async () => {
    const fs = new MemoryFs({
      '.gitbook.yaml': 'root: ./docs/\n',
      'docs/SUMMARY.md': '# Summary\n\n* [Intro](README.md)\n* [Use](use.md)\n',
      'docs/README.md': '# Intro\n\nSee [use](use.md).\n',
      'docs/use.md': '# Use\n',
      'docs/.gitbook/assets/a.png': new Uint8Array([1]),
      'README.md': '# The repository, not a page\n',
    });
    const { layout, pages } = await readTree(fs);
    expect(layout.problems).toEqual([]);
    expect(pages.map((page) => [page.title, page.path])).toEqual([
      ['Intro', 'intro'],
      ['Use', 'use'],
    ]);
    expect(layout.assets.map(({ path, size }) => ({ path, size }))).toEqual([
      { path: '.gitbook/assets/a.png', size: 1 },
    ]);
    expect(layout.assets[0]?.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('names .gitbook.yaml when it is wrong', async () => {
    const { problems } = await readLayout(new MemoryFs({ '.gitbook.yaml': 'structure: 3\n' }));
    expect(problems).toEqual([
      { severity: 'error', file: '.gitbook.yaml', message: 'structure is not a mapping' },
    ]);
  });
});

describe('the mapping file', () => {
  it('round-trips, sorted, one entry a line', () => {
    const text = renderMapping({
      version: 1,
      space: 'spc_1',
      pages: { 'b.md': { id: 'p2', path: 'b', stored: 'sha256:2' }, 'a/': { id: 'p1', path: 'a' } },
      files: {},
    });
    expect(text).toBe(
      '{\n  "version": 1,\n  "space": "spc_1",\n  "pages": {\n    "a/": {"id":"p1","path":"a"},\n    "b.md": {"id":"p2","path":"b","stored":"sha256:2"}\n  },\n  "files": {}\n}\n',
    );
    expect(renderMapping(parseMapping(text))).toBe(text);
  });

  it('names the entry that is wrong', () => {
    expect(() => parseMapping('{"version":2}')).toThrow(MappingError);
    expect(() => parseMapping('{"version":1,"pages":{"a.md":{"id":1}}}')).toThrow(
      'pages["a.md"] needs a string id and path',
    );
  });
});

describe('links', () => {
  it('finds links outside code, in the forms the service writes', () => {
    const markdown = [
      'See [a](a.md#x "t") and ![](../.gitbook/assets/i%20j.png).',
      '<img src="../.gitbook/assets/k.png" alt="">',
      '{% content-ref url="b/README.md" %}',
      '`[not](code.md)`',
      '```',
      '[not](fenced.md)',
      '```',
      '{% embed url="https://example.com" %}',
    ].join('\n');
    expect(findLinks(markdown).map((link) => link.target)).toEqual([
      'a.md#x',
      '../.gitbook/assets/i%20j.png',
      '../.gitbook/assets/k.png',
      'b/README.md',
      'https://example.com',
    ]);
    expect(rewriteLinks(markdown, (target) => (target === 'a.md#x' ? '/pages/a#x' : undefined))).toContain(
      '[a](/pages/a#x "t")',
    );
  });

  it('resolves and writes relative paths', () => {
    expect(resolveRelative('guides/setup.md', '../.gitbook/assets/i%20j.png')).toBe(
      '.gitbook/assets/i j.png',
    );
    expect(resolveRelative('guides/setup.md', '../../outside.md')).toBeUndefined();
    // Names as they are, as Git Sync writes them (`rewriteLinks` puts them in `<...>`).
    expect(relativeLink('guides/setup.md', '.gitbook/assets/i j.png')).toBe('../.gitbook/assets/i j.png');
    expect(relativeLink('README.md', 'Über uns.md')).toBe('Über uns.md');
    expect(relativeLink('README.md', '100% #1.md')).toBe('100%25 %231.md');
  });
});

describe('the listPages answer', () => {
  it('reads the tree tolerantly and places what a pull writes, generated pages left out', () => {
    const pages = remotePages([
      {
        id: 'p1',
        type: 'document',
        kind: 'sheet',
        title: 'Intro',
        path: 'intro',
        slug: 'intro',
        pages: [],
        extra: 1,
      },
      {
        id: 'g1',
        type: 'group',
        title: 'Guides',
        path: 'guides',
        pages: [
          { id: 'p2', type: 'document', title: 'Setup', path: 'guides/setup', updatedAt: 't2', pages: [] },
          { id: 'c1', type: 'computed', title: 'Index', path: 'guides/index', computed: {} },
          {
            id: 'c3',
            type: 'computed',
            title: 'API',
            path: 'guides/api',
            computed: {
              dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' } } },
              type: 'builtin:openapi',
            },
          },
          {
            id: 'c2',
            type: 'document',
            title: 'All pages',
            path: 'guides/all-pages',
            computed: { type: 'integration:page-index:all-pages', props: {} },
            markdown: '# All pages\n',
          },
          { id: 'l1', type: 'link', title: 'Status', href: 'https://status.test', target: {} },
        ],
      },
      'not a page',
    ]);
    expect(
      pages.map((page) => [
        page.id,
        page.kind,
        page.children.map((child) => [child.id, child.kind, child.path]),
      ]),
    ).toEqual([
      ['p1', 'document', []],
      [
        'g1',
        'group',
        [
          ['p2', 'document', 'guides/setup'],
          ['c1', 'other', 'guides/index'],
          ['c3', 'computed', 'guides/api'],
          ['c2', 'other', 'guides/all-pages'],
          ['l1', 'link', 'l1'],
        ],
      ],
    ]);
    const kept = keptPages(pages);
    const { placements } = placePages(kept);
    expect([...placements.values()].map((placement) => placement.key)).toEqual([
      'README.md',
      'guides/',
      'guides/setup.md',
      'computed:guides',
      'link:https://status.test',
    ]);
    // Its definition as the service's Git Sync writes it: `type` first.
    expect(pages[1]?.children[2]?.computed?.definition).toBe(
      'type: builtin:openapi\ndependencies:\n  spec:\n    ref:\n      kind: openapi\n      spec: pets',
    );
  });
});
