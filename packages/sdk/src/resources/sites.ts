import { extraFields } from '../core/fields.js';
import type { PublishedContentSite, SiteSection, SiteSpace } from '../generated/types.js';

/** One published site space and the section it is in (none when the site has no sections). */
export interface PublishedSiteSpace {
  section?: SiteSection;
  siteSpace: SiteSpace;
}

const isObject = (value: unknown, object: string): boolean =>
  typeof value === 'object' && value !== null && (value as { object?: unknown }).object === object;

/**
 * The site spaces of a published site (`client.sites.getPublished()`), in order, from whichever
 * structure it has: sections (nested in section groups or not) or site spaces directly. Entries of
 * kinds this version does not know (external links, new forms) are skipped.
 */
export function publishedSiteSpaces(published: PublishedContentSite): PublishedSiteSpace[] {
  // Read as data: under the `warn` policy an answer may not fit its type.
  const { structure } = extraFields(published.structure);
  if (!Array.isArray(structure)) return [];
  const rows: PublishedSiteSpace[] = [];
  const visit = (entries: readonly unknown[], depth: number): void => {
    for (const entry of entries) {
      if (isObject(entry, 'site-space')) rows.push({ siteSpace: entry as SiteSpace });
      else if (isObject(entry, 'site-section')) {
        const section = entry as SiteSection;
        for (const siteSpace of section.siteSpaces ?? []) rows.push({ section, siteSpace });
      } else if (isObject(entry, 'site-section-group') && depth < 8) {
        const { children } = entry as { children?: unknown };
        if (Array.isArray(children)) visit(children, depth + 1);
      }
    }
  };
  visit(structure, 0);
  return rows;
}
