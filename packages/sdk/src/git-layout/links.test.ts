import { describe, expect, it } from 'vitest';
import { pageLink, resolveRelative } from './links.js';

/*
 * Links to pages as the service's Git Sync writes them in pages (GitbookIO/public-docs:
 * `[Embedding](../publish/embedding/)`, `<a href="docs-as-code/git-sync/">`, `[Home](./)`).
 */

describe('pageLink', () => {
  it('links a page with pages as its folder, and the first page as ./ or ../', () => {
    expect(pageLink('ai/assistant.md', 'publish/embedding/README.md')).toBe('../publish/embedding/');
    expect(pageLink('README.md', 'docs-as-code/git-sync/README.md')).toBe('docs-as-code/git-sync/');
    expect(pageLink('guides/setup.md', 'guides/README.md')).toBe('./');
    expect(pageLink('guides/setup.md', 'README.md')).toBe('../');
    expect(pageLink('README.md', 'README.md')).toBe('./');
  });

  it('links any other page as its file, with the name as it is', () => {
    expect(pageLink('guides/README.md', 'guides/setup.md')).toBe('setup.md');
    expect(pageLink('README.md', 'guides/Docs sites.md')).toBe('guides/Docs sites.md');
    expect(pageLink('a/b.md', 'c/100%.md')).toBe('../c/100%25.md');
  });

  it("reads a link to the root folder as the space's first page, and none above it", () => {
    expect(resolveRelative('guides/setup.md', '../')).toBe('README.md');
    expect(resolveRelative('guides/setup.md', '..#top')).toBe('README.md');
    expect(resolveRelative('intro.md', './')).toBe('README.md');
    expect(resolveRelative('guides/setup.md', './')).toBe('guides');
    expect(resolveRelative('guides/setup.md', '../../')).toBeUndefined();
  });
});
