import { extraFields } from '../core/fields.js';
import type { RevisionPage } from '../generated/types.js';

/** The child pages of a page: document and group pages have some; other pages none. */
export function childPages(page: RevisionPage): RevisionPage[] {
  // Any page may carry children, of a type this version does not know too.
  const { pages } = extraFields(page);
  return Array.isArray(pages) ? (pages as RevisionPage[]) : [];
}

/** A page's markdown, when it came with it (document pages read with the markdown format). */
export function pageMarkdown(page: RevisionPage): string | undefined {
  const { markdown } = extraFields(page);
  return typeof markdown === 'string' ? markdown : undefined;
}
