import type { SiteSearchScope, Space } from '@docs-api/sdk/contract';
import { notFound } from '../errors.js';
import type { SiteRow, SiteSpaceRow, Store } from '../store.js';

/*
 * What a site's visitors read: the spaces of its published site spaces (drafts are left out, as
 * the published view leaves them out), in the site's order. Site search, site ask and the site's
 * recommended questions read the content through here.
 */

/** The site's published site spaces whose space still exists. */
export function publishedSiteSpaces(store: Store, row: SiteRow): SiteSpaceRow[] {
  return row.siteSpaces.filter((siteSpace) => !siteSpace.draft && store.spaces.has(siteSpace.space));
}

/** A published site space of the site, or a 404 naming it. */
export function requirePublishedSiteSpace(store: Store, row: SiteRow, siteSpaceId: string): SiteSpaceRow {
  const found = publishedSiteSpaces(store, row).find((siteSpace) => siteSpace.id === siteSpaceId);
  if (!found) throw notFound('site space', siteSpaceId);
  return found;
}

const spacesOf = (store: Store, siteSpaces: readonly SiteSpaceRow[]): Space[] =>
  siteSpaces.flatMap((siteSpace) => {
    const space = store.spaces.get(siteSpace.space);
    return space ? [space] : [];
  });

/** The default content of each section: its first published site space, in the sections' order. */
function sectionDefaults(row: SiteRow, published: readonly SiteSpaceRow[]): SiteSpaceRow[] {
  return row.sections.flatMap((section) => {
    const first = published.find((siteSpace) => siteSpace.section === section.id);
    return first ? [first] : [];
  });
}

/**
 * The spaces a search scope reaches: `all` every published site space; `specific` those listed;
 * `default` the default content of each section, with the current site space always in (or
 * alone, or left out, as `restrictTo` says).
 */
export function spacesInScope(store: Store, row: SiteRow, scope: SiteSearchScope): Space[] {
  const published = publishedSiteSpaces(store, row);
  if (scope.mode === 'all') return spacesOf(store, published);
  if (scope.mode === 'specific')
    return spacesOf(
      store,
      scope.siteSpaceIds.map((id) => requirePublishedSiteSpace(store, row, id)),
    );
  const defaults = sectionDefaults(row, published);
  if (scope.currentSiteSpace === undefined) return spacesOf(store, defaults);
  const current = requirePublishedSiteSpace(store, row, scope.currentSiteSpace);
  const others = defaults.filter((siteSpace) => siteSpace.id !== current.id);
  if (scope.restrictTo === 'currentSiteSpace') return spacesOf(store, [current]);
  if (scope.restrictTo === 'otherSiteSpaces') return spacesOf(store, others);
  return spacesOf(store, [current, ...others]);
}
