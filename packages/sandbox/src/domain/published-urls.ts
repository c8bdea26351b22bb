import type { Space } from '@docs-api/sdk/contract';
import { primaryRevision, type RevisionRow } from '../content.js';
import { linkIndex } from '../content-links.js';
import { invalidField, SandboxError } from '../errors.js';
import type { SiteRow, SiteSectionRow, SiteSpaceRow, Store } from '../store.js';
import { publishedUrl, siteSpaceUrls } from './sites.js';

/*
 * What a published URL shows: the site whose published URL it is under (the URLs the sandbox
 * gives, domain/sites.ts), the section and site space its next segments name (the defaults
 * when they name none), and the page the rest is the path of, in the space's live content. Drafts
 * are not published; a URL that reaches nothing published is the document's 404.
 */

export interface PublishedContent {
  row: SiteRow;
  section: SiteSectionRow;
  siteSpace: SiteSpaceRow;
  space: Space;
  revision: RevisionRow;
  /** The page's slug path in the space ('' for the site space's first page). */
  pathname: string;
  /** The URL's path up to the site (`/docs/`), and up to the site space (`/docs/product/handbook/`). */
  siteBasePath: string;
  basePath: string;
  /** Whether the URL named the site space, so no more site segments can follow. */
  complete: boolean;
  canonicalUrl: string;
}

const noContent = (url: string) =>
  new SandboxError(404, `No published content was found for the URL "${url}"`);

/** The published content a URL shows; `field` names the URL in errors (`query.url`, `body.url`). */
export function resolvePublishedUrl(store: Store, raw: string, field: string): PublishedContent {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidField(field, `"${raw}" is not an absolute URL`);
  }
  const site = siteAt(store, url);
  if (!site) throw noContent(raw);
  const { row, base } = site;
  const segments = url.pathname.slice(base.pathname.length).split('/').filter(Boolean);
  const sections = row.sections.filter((section) => !section.draft);
  const published = (section: SiteSectionRow) =>
    row.siteSpaces.filter(
      (siteSpace) =>
        siteSpace.section === section.id &&
        !siteSpace.draft &&
        store.spaces.get(siteSpace.space)?.organization,
    );
  let section = sections.find((candidate) => candidate.path === segments[0]);
  const named: string[] = [];
  if (section) named.push(segments.shift() ?? '');
  else section = sections.find((candidate) => candidate.id === row.defaultSiteSection) ?? sections[0];
  if (!section) throw noContent(raw);
  const siteSpaces = published(section);
  let siteSpace = siteSpaces.find((candidate) => candidate.path === segments[0]);
  if (siteSpace) named.push(segments.shift() ?? '');
  else siteSpace = siteSpaces.find((candidate) => candidate.id === row.defaultSiteSpace) ?? siteSpaces[0];
  const space = siteSpace && store.spaces.get(siteSpace.space);
  if (!siteSpace || !space) throw noContent(raw);
  const revision = primaryRevision(store, space);
  const pathname = segments.map((segment) => decodeURIComponent(segment)).join('/');
  if (pathname !== '' && !linkIndex(revision).byPath.has(pathname)) throw noContent(raw);
  const siteBasePath = `${base.pathname}/`;
  const spaceUrl = siteSpaceUrls(store, row, siteSpace).published ?? '';
  return {
    row,
    section,
    siteSpace,
    space,
    revision,
    pathname,
    siteBasePath,
    basePath: `${siteBasePath}${named.map((segment) => `${segment}/`).join('')}`,
    complete: named.length === 2 || (sections.length === 1 && siteSpaces.length === 1),
    canonicalUrl: pathname ? `${spaceUrl}/${pathname}` : spaceUrl,
  };
}

/** The published site whose URL the given one is under (the longest such, as sites may nest). */
function siteAt(store: Store, url: URL): { row: SiteRow; base: URL } | undefined {
  let best: { row: SiteRow; base: URL } | undefined;
  for (const row of store.sites.values()) {
    if (!row.site.published) continue;
    const base = new URL(publishedUrl(store, row));
    const under = url.pathname === base.pathname || url.pathname.startsWith(`${base.pathname}/`);
    if (url.host !== base.host || !under) continue;
    if (!best || base.pathname.length > best.base.pathname.length) best = { row, base };
  }
  return best;
}
