import type { PageKind } from './model.js';

/*
 * Where each page lives in the folder, as the service's Git Sync exports a space:
 *
 *   - the space's first page (the first entry, a document at the root): README.md
 *     (`structure.readme`);
 *   - a document with children: `<path>/README.md`, its children beside it;
 *   - any other document: `<path>.md`;
 *   - a group: a folder `<path>/` with no file of its own, holding its pages;
 *   - a link page: an entry of SUMMARY.md only.
 *
 * The same rule gives a page's "Git path", the form `updateChangeRequestContent` resolves in
 * links between pages (`/pages/<slug>.md`, `/pages/<slug>/README.md`, `/pages/README.md`).
 */

export interface PlacedShape {
  kind: PageKind;
  path: string;
  children: readonly unknown[];
}

/** The file of a document page, relative to the content root. */
export function documentFile(page: PlacedShape, isFirst: boolean, readme = 'README.md'): string {
  if (isFirst) return readme;
  return page.children.length > 0 ? `${page.path}/README.md` : `${page.path}.md`;
}

/** The page's Git path as links in `updateChangeRequestContent` bodies name it. */
export function gitPath(page: PlacedShape, isFirst: boolean): string {
  return `/pages/${documentFile(page, isFirst)}`;
}

/** Whether `index` at the root holds the space's first page (written to README.md). */
export const isFirstPage = (pages: readonly { kind: PageKind }[], page: { kind: PageKind }): boolean =>
  pages[0] === page && page.kind === 'document';

/** The folder of a group: its pages' files are under it. */
export const groupKey = (path: string): string => `${path}/`;

/** The mapping key of a link page. */
export const linkKey = (href: string): string => `link:${href}`;

/** The mapping key of a computed page: its parent's path and its place among the computed pages there. */
export const computedKey = (parentPath: string, nth: number): string =>
  `computed:${parentPath}${nth > 1 ? `#${nth}` : ''}`;

/**
 * What a link entry points at: a URL of the service's app naming a space
 * (`https://app.gitbook.com/s/<space>/...`) is another space; any other URL a URL.
 */
export function urlTarget(
  url: string,
): { kind: 'url'; url: string } | { kind: 'space'; space: string; url: string } {
  const space = /^https?:\/\/app\.[^/]+\/(?:o\/[^/]+\/)?s\/([A-Za-z0-9_-]+)(?:[/?#]|$)/.exec(url)?.[1];
  return space ? { kind: 'space', space, url } : { kind: 'url', url };
}

/** A computed page's title when SUMMARY.md gives none: the spec it is built from, else its type. */
export function computedTitle(data: Record<string, unknown>, type: string): string {
  const dependencies = data['dependencies'] as { spec?: { ref?: { spec?: unknown } } } | undefined;
  const spec = dependencies?.spec?.ref?.spec;
  return typeof spec === 'string' && spec ? spec : type;
}

/** A slug made from a title: lowercase letters, digits and hyphens. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'page';
}

/** A title made from a file or folder name: `getting-started.md` -> `Getting started`. */
export function titleFromName(name: string): string {
  const base = name.replace(/\.md$/i, '').replace(/[-_]+/g, ' ').trim();
  return base ? base.charAt(0).toUpperCase() + base.slice(1) : name;
}

/**
 * Whether a slug can be sent as the page's `slug`. File names that are not slugs (spaces,
 * capitals, ...) are not sent: the service then derives the slug from the title.
 */
export const isSendableSlug = (slug: string): boolean =>
  slug.length > 0 && slug.length <= 100 && /^[\p{Ll}\p{Lo}\p{N}]+(?:[-_.][\p{Ll}\p{Lo}\p{N}]+)*$/u.test(slug);

/**
 * The slug a push sends for a file's name: the name when it is a slug, else the name made into
 * one (`My Page` -> `my-page`), so that the page's path is known before the service answers (a
 * push run again finds it there). `undefined` when no slug can be made.
 */
export function wireSlug(name: string): string | undefined {
  if (isSendableSlug(name)) return name;
  const made = slugify(name).slice(0, 100).replace(/-+$/, '');
  return isSendableSlug(made) ? made : undefined;
}

/** A slug path with each slug as a push sends it. */
export const wirePath = (path: string): string =>
  path
    .split('/')
    .map((slug) => wireSlug(slug) ?? slug)
    .join('/');
