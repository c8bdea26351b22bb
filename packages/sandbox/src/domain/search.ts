import type { SearchPageResult, SearchSectionResult, SearchSpaceResult, Space } from '@docs-api/sdk/contract';
import { APP_HOST, flattenPages, primaryRevision } from '../content.js';
import type { Store } from '../store.js';
// ---------------------------------------------------------------------------------------------
// Search: page titles and markdown of the primary revision of each space.

interface MarkdownSection {
  anchor: string;
  title: string;
  body: string;
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Splits markdown at its headings; text before the first heading is a section titled after the page. */
function markdownSections(pageTitle: string, markdown: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  let current: MarkdownSection = { anchor: slugify(pageTitle), title: pageTitle, body: '' };
  let fromHeading = false;
  const close = () => {
    if (fromHeading || current.body.trim()) sections.push({ ...current, body: current.body.trim() });
  };
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading) {
      close();
      current = { anchor: slugify(heading), title: heading, body: '' };
      fromHeading = true;
    } else {
      current.body += `${line}\n`;
    }
  }
  close();
  return sections;
}

const occurrences = (text: string, needle: string) => text.toLowerCase().split(needle).length - 1;

/**
 * The matching pages of a space, unranked. A page's score: 2 per occurrence in its title, 1 per
 * occurrence in a matching section; `resultType` says whether its own fields matched.
 */
export function searchSpace(store: Store, space: Space, needle: string): SearchPageResult[] {
  const revision = primaryRevision(store, space);
  const flat = flattenPages(revision.pages);
  const byId = new Map(flat.map((entry) => [entry.page.id, entry]));
  const pages: SearchPageResult[] = [];
  for (const entry of flat) {
    const { page, path } = entry;
    // Groups and link pages have no text of their own.
    if (page.type === 'group' || page.type === 'link') continue;
    const pageUrl = `https://${APP_HOST}/s/${space.id}/${path}`;
    const sections: SearchSectionResult[] = markdownSections(page.title, page.markdown ?? '')
      .map((section) => ({
        section,
        score: occurrences(section.title, needle) + occurrences(section.body, needle),
      }))
      .filter(({ score }) => score > 0)
      .map(({ section, score }) => ({
        id: section.anchor,
        title: section.title,
        path: `${path}#${section.anchor}`,
        score,
        resultType: 'section',
        body: section.body,
        urls: { app: `${pageUrl}#${section.anchor}` },
      }));
    const ownScore = 2 * (occurrences(page.title, needle) + occurrences(page.description ?? '', needle));
    if (ownScore === 0 && sections.length === 0) continue;
    const ancestors: Array<{ title: string }> = [];
    for (let parent = entry.parent; parent; parent = byId.get(parent)?.parent ?? null) {
      const title = byId.get(parent)?.page.title;
      if (title !== undefined) ancestors.unshift({ title });
    }
    pages.push({
      id: page.id,
      title: page.title,
      description: page.description ?? '',
      path,
      score: ownScore + sections.reduce((sum, section) => sum + (section.score ?? 0), 0),
      rank: 0,
      resultType: ownScore > 0 ? 'page' : 'section',
      sections,
      ancestors,
      urls: { app: pageUrl },
    });
  }
  return pages;
}

/**
 * The organization's search results: pages ranked over every space (highest score first, ties
 * in space and page order; `rank` is that one-based position), grouped by space, spaces in the
 * order of their best page. A space's score is its best page's.
 */
export function searchSpaces(store: Store, spaces: readonly Space[], needle: string): SearchSpaceResult[] {
  const found = spaces.flatMap((space) => searchSpace(store, space, needle).map((page) => ({ space, page })));
  const ranked = found
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => (b.page.score ?? 0) - (a.page.score ?? 0) || a.index - b.index);
  const items = new Map<string, SearchSpaceResult & { pages: SearchPageResult[] }>();
  ranked.forEach(({ space, page }, index) => {
    page.rank = index + 1;
    const item = items.get(space.id) ?? {
      type: 'space',
      id: space.id,
      title: space.title ?? space.id,
      score: page.score ?? 0,
      pages: [],
    };
    item.pages.push(page);
    items.set(space.id, item);
  });
  return [...items.values()];
}
