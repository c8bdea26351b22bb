import type { Space } from '@docs-api/sdk/contract';
import { APP_HOST, flattenPages, type PageRow, type RevisionContent } from '../content.js';
import type { Store } from '../store.js';

/*
 * "Translating" content: the organization's glossary applied to pages, the measure of content a
 * run reports, and the space a first run writes to. The translations handler and the seed use
 * it. A domain module: it imports no handler.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The organization's glossary as `source term -> target term`, for the entries that have both. */
export function glossaryTerms(
  store: Store,
  organizationId: string,
  from: string,
  to: string,
): Map<string, string> {
  const terms = new Map<string, string>();
  for (const entry of store.glossary.values()) {
    const source = entry.translations[from];
    const target = entry.translations[to];
    if (entry.organization === organizationId && source && target) terms.set(source.toLowerCase(), target);
  }
  return terms;
}

/** Replaces whole-word glossary terms, case-insensitively; a capitalised term stays capitalised. */
export function applyGlossary(text: string, terms: ReadonlyMap<string, string>): string {
  if (terms.size === 0) return text;
  const alternatives = [...terms.keys()].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return text.replace(pattern, (match) => {
    const target = terms.get(match.toLowerCase()) ?? match;
    const first = match.charAt(0);
    return first !== first.toLowerCase() ? target.charAt(0).toUpperCase() + target.slice(1) : target;
  });
}

function translatePages(pages: readonly PageRow[], terms: ReadonlyMap<string, string>): PageRow[] {
  return pages.map((page) => ({
    ...structuredClone(page),
    title: applyGlossary(page.title, terms),
    ...(page.markdown !== undefined ? { markdown: applyGlossary(page.markdown, terms) } : {}),
    pages: translatePages(page.pages, terms),
  }));
}

export function translateContent(
  content: RevisionContent,
  terms: ReadonlyMap<string, string>,
): RevisionContent {
  return {
    pages: translatePages(content.pages, terms),
    files: structuredClone(content.files),
    reusableContents: structuredClone(content.reusableContents),
    variables: structuredClone(content.variables),
  };
}

/**
 * Pages and words of content: a page's words are its title's and its body's (the title is not
 * in the stored markdown); computed pages count as pages with no words.
 */
export function measureContent(content: RevisionContent): { pages: number; words: number } {
  const pages = flattenPages(content.pages);
  const count = (text: string) => text.split(/\s+/).filter(Boolean).length;
  const words = pages.reduce(
    (sum, { page }) => sum + (page.markdown === undefined ? 0 : count(page.title) + count(page.markdown)),
    0,
  );
  return { pages: pages.length, words };
}

/** The space a translation's first run writes to: the source's look, in the target language. */
export function translatedSpace(source: Space, id: string, language: string, now: string): Space {
  // Stored without what spaceView computes from the store (counts, revision, urls, permissions).
  return {
    object: 'space',
    id,
    title: `${source.title ?? source.id} (${language})`,
    ...(source.emoji ? { emoji: source.emoji } : {}),
    visibility: source.visibility ?? 'private',
    createdAt: now,
    updatedAt: now,
    editMode: 'live',
    ...(source.organization ? { organization: source.organization } : {}),
    ...(source.defaultLevel ? { defaultLevel: source.defaultLevel } : {}),
    language,
    urls: { app: `https://${APP_HOST}/s/${id}` },
  } as Space;
}
