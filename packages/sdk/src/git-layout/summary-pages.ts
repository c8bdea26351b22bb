/// <reference types="node" />
import { posix } from 'node:path';
import type { FolderReader } from './folder-reader.js';
import { groupKeyFor, reservedFolders, uniqueSlug } from './group-key.js';
import { resolveRelative, splitAnchor } from './links.js';
import type { LocalPage } from './local-page.js';
import { childPath, slugOf, type LinkTarget } from './model.js';
import { computedKey, computedTitle, linkKey, slugify, urlTarget } from './placement.js';
import { parseSummary, type SummaryEntry } from './summary.js';

/*
 * The tree of a folder with a SUMMARY.md: its sections (a `## Group` heading is a group), its
 * entries (a page file; a URL, another space or a page's anchor is a link page; a fenced
 * definition is a computed page), each file once (listed again, the entry is a link to it).
 */

export async function pagesFromSummary(reader: FolderReader, text: string): Promise<LocalPage[]> {
  return new SummaryPages(reader).pages(text);
}

class SummaryPages {
  readonly summaryFile: string;
  readonly shownSummary: string;
  /** The line each page file was first listed at. */
  readonly listed = new Map<string, number>();
  /** Link and computed pages seen, by key (a second entry to one URL gets `#2`). */
  readonly linkKeys = new Map<string, number>();

  constructor(readonly reader: FolderReader) {
    this.summaryFile = reader.config.summary;
    this.shownSummary = reader.shown(this.summaryFile);
  }

  /** The tree of SUMMARY.md's text. */
  async pages(text: string): Promise<LocalPage[]> {
    const { summaryFile } = this;
    const { sections, problems } = parseSummary(text);
    for (const problem of problems) this.reader.warn(this.shownSummary, problem.message, problem.line);
    const pages: LocalPage[] = [];
    let first = true;
    const rootSlugs = new Set<string>();
    const reserved = reservedFolders(sections, summaryFile);
    // Root slugs only link pages hold: a link page's slug is nominal (never sent; the service's
    // link pages have none), so a group of the mapping may still take its own.
    const linkOnly = new Set<string>();
    const entries = async (
      list: SummaryEntry[],
      parentPath: string,
      root: boolean,
      taken: Set<string>,
    ): Promise<LocalPage[]> => {
      const out: LocalPage[] = [];
      for (const entry of list) {
        out.push(...(await this.fromEntries(entry, parentPath, root && first, taken)));
        first = false;
      }
      return out;
    };
    for (const section of sections) {
      if (section.group === undefined) {
        const read = await entries(section.entries, '', true, rootSlugs);
        pages.push(...read);
        for (const page of read) if (page.kind === 'link') linkOnly.add(slugOf(page.path).toLowerCase());
        continue;
      }
      first = false;
      const key = groupKeyFor({
        title: section.group,
        entries: section.entries,
        summaryFile,
        mapping: this.reader.mapping,
        taken: rootSlugs,
        linkOnly,
        reserved,
      });
      const slug = key.slice(0, -1);
      rootSlugs.add(slug.toLowerCase());
      linkOnly.delete(slug.toLowerCase());
      const children = await entries(section.entries, slug, false, new Set());
      pages.push({
        key,
        kind: 'group',
        title: section.group,
        path: slug,
        ...(section.anchor === undefined ? {} : { anchor: section.anchor }),
        links: [],
        files: [],
        children,
      });
    }
    return pages;
  }

  /**
   * The pages of an entry: its page, then (a link page holding entries, which a link page
   * cannot) the pages of the entries under it, as its siblings.
   */
  async fromEntries(
    entry: SummaryEntry,
    parentPath: string,
    isReadmeSlot: boolean,
    taken: Set<string>,
  ): Promise<LocalPage[]> {
    const page = await this.fromEntry(entry, parentPath, isReadmeSlot, taken);
    if (page?.kind !== 'link' || entry.children.length === 0) return page ? [page] : [];
    const pages = [page];
    for (const child of entry.children)
      pages.push(...(await this.fromEntries(child, parentPath, false, taken)));
    return pages;
  }

  async fromEntry(
    entry: SummaryEntry,
    parentPath: string,
    isReadmeSlot: boolean,
    taken: Set<string>,
  ): Promise<LocalPage | undefined> {
    const { summaryFile, shownSummary, listed } = this;
    if (entry.computed) return this.computedPage(entry, parentPath, taken);
    if (/^[a-z][a-z0-9+.-]*:/i.test(entry.target))
      return this.linkPage(entry, parentPath, taken, entry.target, urlTarget(entry.target));
    const file = resolveRelative(summaryFile, entry.target);
    if (file === undefined || !/\.md$/i.test(file)) {
      this.reader.error(
        shownSummary,
        `entry "${entry.title}" does not name a .md file: ${entry.target}`,
        entry.line,
      );
      return undefined;
    }
    // An entry to a heading of a page is a link page (the service writes its link pages to a
    // page's anchor so): `* [Buttons](formatting/inline.md#buttons)`.
    const anchor = splitAnchor(entry.target).anchor.slice(1);
    if (anchor) {
      if ((await this.reader.fs.size(this.reader.shown(file))) === undefined)
        this.reader.warn(
          shownSummary,
          `entry "${entry.title}" links to ${file}, which does not exist`,
          entry.line,
        );
      return this.linkPage(entry, parentPath, taken, `${file}#${anchor}`, { kind: 'page', file, anchor });
    }
    const again = listed.get(file);
    if (again !== undefined) {
      // Where the service's documentation is silent: the page once, this entry a link to it.
      this.reader.warn(
        shownSummary,
        `${file} is listed twice (lines ${again} and ${entry.line}): the second entry is a link to the page`,
        entry.line,
      );
      return this.linkPage(entry, parentPath, taken, file, { kind: 'page', file });
    }
    listed.set(file, entry.line);
    if ((await this.reader.fs.size(this.reader.shown(file))) === undefined) {
      this.reader.error(
        shownSummary,
        `entry "${entry.title}" names ${file}, which does not exist`,
        entry.line,
      );
      return undefined;
    }
    const isReadme = file === this.reader.config.readme && isReadmeSlot;
    const base = posix.basename(file);
    const nameSlug = /^readme\.md$/i.test(base)
      ? posix.basename(posix.dirname(file))
      : base.replace(/\.md$/i, '');
    const slugFallback = () => {
      if (isReadme || nameSlug === '.' || nameSlug === '') {
        const folders = new Set(
          entry.children
            .map((child) => resolveRelative(summaryFile, child.target))
            .filter((child): child is string => child !== undefined && child.includes('/'))
            .map((child) => child.slice(0, child.indexOf('/'))),
        );
        return folders.size === 1 ? ([...folders][0] ?? 'readme') : slugify(entry.title);
      }
      return nameSlug;
    };
    const slug = this.reader.slugFor(file, slugFallback());
    taken.add(slug.toLowerCase());
    const path = childPath(parentPath, slug);
    const children: LocalPage[] = [];
    const childSlugs = new Set<string>();
    for (const child of entry.children)
      children.push(...(await this.fromEntries(child, path, false, childSlugs)));
    const page = await this.reader.documentPage(file, parentPath, entry.title, children, () => slug);
    if (page && entry.linkTitle !== undefined) page.linkTitle = entry.linkTitle;
    return page;
  }

  /** A link page: to a URL, another space, or a page of the folder (at an anchor). */
  linkPage(
    entry: SummaryEntry,
    parentPath: string,
    taken: Set<string>,
    href: string,
    target: LinkTarget,
  ): LocalPage {
    const slug = uniqueSlug(slugify(entry.title), taken);
    taken.add(slug.toLowerCase());
    const base = linkKey(href);
    const seen = (this.linkKeys.get(base) ?? 0) + 1;
    this.linkKeys.set(base, seen);
    if (entry.children.length > 0)
      this.reader.warn(
        this.shownSummary,
        `entry "${entry.title}" is a link page: the ${entry.children.length} entries under it are read as its siblings`,
        entry.line,
      );
    return {
      key: seen === 1 ? base : `${base}#${seen}`,
      kind: 'link',
      title: entry.title,
      path: childPath(parentPath, slug),
      href,
      target,
      ...(entry.linkTitle === undefined ? {} : { linkTitle: entry.linkTitle }),
      links: [],
      files: [],
      children: [],
    };
  }

  /** A computed page: its definition as written; its content is the service's to generate. */
  async computedPage(entry: SummaryEntry, parentPath: string, taken: Set<string>): Promise<LocalPage> {
    const computed = entry.computed as NonNullable<SummaryEntry['computed']>;
    const title = entry.title || computedTitle(computed.data, computed.type);
    const slug = uniqueSlug(slugify(title), taken);
    taken.add(slug.toLowerCase());
    const base = computedKey(parentPath, 1).replace(/#.*$/, '');
    const seen = (this.linkKeys.get(base) ?? 0) + 1;
    this.linkKeys.set(base, seen);
    const props = computed.data['props'];
    const dependencies = computed.data['dependencies'];
    const path = childPath(parentPath, slug);
    const children: LocalPage[] = [];
    const childSlugs = new Set<string>();
    for (const child of entry.children)
      children.push(...(await this.fromEntries(child, path, false, childSlugs)));
    return {
      key: computedKey(parentPath, seen),
      kind: 'computed',
      title,
      path,
      computed: {
        type: computed.type,
        definition: computed.definition,
        ...(isRecord(props) ? { props } : {}),
        ...(isRecord(dependencies) ? { dependencies } : {}),
      },
      links: [],
      files: [],
      children,
    };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
