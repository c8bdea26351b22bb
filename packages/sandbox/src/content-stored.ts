import type { PageRow, RevisionContent } from './content-rows.js';
import { isDocument, linkIndex, linksOf, resolveLinks } from './content-links.js';
import { normalizeStoredMarkdown } from './content-normalize.js';

/*
 * Page content in the one form the sandbox stores, whatever its source: the body alone (the
 * title is the page's field, not a `# ` heading of its markdown), links to content in their
 * stable form (`/pages/<id>`, `/files/<id>`), and the markdown normalized (content-normalize.ts).
 * An edit (content-edit.ts) and a Git import (git-layout.ts) store pages so; a fixture (the demo
 * seed among them) may be written as a page's file is, and is brought to that form when loaded,
 * so that the first push of a pulled seeded space differs only where the folder was edited.
 */

/** The page ids the links a page holds name (broken ones too): sent again, they stay links. */
export function linkedPageIds(page: Pick<PageRow, 'links'>): Set<string> {
  const ids = new Set<string>();
  for (const { target } of page.links ?? []) if (target.kind === 'page') ids.add(target.page);
  return ids;
}

/** The markdown without a first `# ` heading that is the page's title (the file's form of it). */
export function withoutTitleHeading(markdown: string, title: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let index = 0;
  while (index < lines.length && lines[index]?.trim() === '') index++;
  const heading = /^# +(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(lines[index] ?? '')?.[1];
  return heading !== undefined && heading.trim() === title.trim()
    ? lines.slice(index + 1).join('\n')
    : markdown;
}

/** Brings every document page of `content` to the stored form, in place; links re-derived. */
export function normalizeStoredPages(content: Pick<RevisionContent, 'pages' | 'files'>): void {
  const index = linkIndex(content);
  const pageIds = new Set(index.paths.keys());
  const walk = (list: readonly PageRow[]) => {
    for (const page of list) {
      if (isDocument(page) && !page.computed && page.markdown !== undefined) {
        const markdown = normalizeStoredMarkdown(
          resolveLinks(withoutTitleHeading(page.markdown, page.title), {
            index,
            pageIds: new Set([...pageIds, ...linkedPageIds(page)]),
            from: index.files.get(page.id) ?? `${page.slug}.md`,
            refs: new Map(),
          }),
        );
        page.markdown = markdown;
        page.links = linksOf(markdown);
      }
      walk(page.pages ?? []);
    }
  };
  walk(content.pages ?? []);
}
