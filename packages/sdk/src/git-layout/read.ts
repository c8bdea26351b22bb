/// <reference types="node" />
import { posix } from 'node:path';
import {
  CONFIG_FILE,
  ConfigError,
  DEFAULT_CONFIG,
  inRoot,
  parseConfig,
  type ContentConfig,
} from './config.js';
import { compareNames, listFiles, type LayoutFs } from './fs.js';
import {
  ASSETS_DIR,
  INCLUDES_DIR,
  findLinks,
  isAssetPath,
  isExternal,
  resolveRelative,
  splitAnchor,
} from './links.js';
import { groupKeyFor, reservedFolders, uniqueSlug } from './group-key.js';
import { MAPPING_FILE, MappingError, parseMapping, type SyncMapping } from './mapping.js';
import {
  childPath,
  slugOf,
  type AssetFile,
  type ComputedSource,
  type IncludeFile,
  type LayoutProblem,
  type LinkTarget,
  type PageKind,
  type PageNode,
} from './model.js';
import {
  contentHash,
  decodeText,
  parsePageFile,
  PageFileError,
  renderPageFile,
  titledPageFile,
  type PageFile,
} from './page-file.js';
import {
  computedKey,
  computedTitle,
  groupKey,
  linkKey,
  slugify,
  titleFromName,
  urlTarget,
} from './placement.js';
import { parseSummary, type SummaryEntry } from './summary.js';

/*
 * Reading a folder in the Git Sync layout. `readLayout` walks it once and keeps, per page, only
 * what a comparison needs (title, path, hash, the pages and files it links to): memory holds no
 * page's markdown. `walkPages` then gives the pages with their markdown one at a time.
 *
 * The tree comes from SUMMARY.md when there is one (`structure.summary`); otherwise it is
 * inferred from the folders as Git Sync does: README.md first, then the other `.md` files and
 * the folders in name order; a folder with a README.md is that page, its other files its
 * children; a top-level folder without one is a group (as the service exports groups); a deeper
 * one an empty page.
 */

/** The largest page file read: a page larger than a request could hold cannot be sent. */
export const MAX_PAGE_FILE_BYTES = 2 * 1024 * 1024;

/**
 * Room a page's change needs beside its text (operation, title, slug, parent, the links a push
 * rewrites to ids): a text whose JSON leaves less than this under MAX_PAGE_FILE_BYTES cannot go.
 */
export const CHANGE_ROOM_BYTES = 4 * 1024;

/** A page of the folder, without its markdown. */
export interface LocalPage {
  /**
   * Its key in the mapping: the file (documents), `<path>/` (groups), `link:<target>` (links:
   * the URL, or the file and anchor), `computed:<parent path>` (computed pages).
   */
  key: string;
  kind: PageKind;
  title: string;
  /** Slug path: from the mapping for a file it knows, else from the file's name. */
  path: string;
  linkTitle?: string;
  description?: string;
  /** Link pages: the target as SUMMARY.md writes it. */
  href?: string;
  /** Link pages: what they point at. */
  target?: LinkTarget;
  /** Computed pages: their definition. */
  computed?: ComputedSource;
  /** Groups: the id of the HTML anchor after their heading in SUMMARY.md. */
  anchor?: string;
  /** Documents: the file, relative to the content root; absent for a folder without README.md. */
  file?: string;
  /** Documents: `contentHash` of the page's file as `renderPageFile` writes it. */
  hash?: string;
  /**
   * Documents too large to send: the file's size. Over MAX_PAGE_FILE_BYTES, not read (no hash, no
   * links); kept in the tree so that a push names it and sends everything else.
   */
  oversize?: number;
  /**
   * Of those, a file under MAX_PAGE_FILE_BYTES whose text grows past it as the JSON its change
   * carries (quotes, backslashes and line ends are escaped): that JSON's size.
   */
  oversizeAsJson?: number;
  /** Page files and folders its markdown links to, relative to the content root. */
  links: string[];
  /** Files under `.gitbook/assets/` its markdown refers to. */
  files: string[];
  /** Reusable contents its markdown includes (`{% include ".gitbook/includes/x.md" %}`). */
  includes?: string[];
  children: LocalPage[];
}

export interface LocalLayout {
  config: ContentConfig;
  mapping: SyncMapping | undefined;
  /** Whether the tree came from SUMMARY.md. */
  summary: boolean;
  pages: LocalPage[];
  assets: AssetFile[];
  /** The reusable contents under `.gitbook/includes/`. */
  includes: IncludeFile[];
  /** Errors (nothing may be sent) and warnings, each naming its file. */
  problems: LayoutProblem[];
}

/** The page of a document key, parsed; `undefined` with a problem recorded when it cannot be. */
interface ReadFile {
  parsed: PageFile;
  text: string;
}

class Reader {
  readonly problems: LayoutProblem[] = [];
  /** Link pages seen, by key (a second entry to one URL gets `#2`). */
  readonly linkKeys = new Map<string, number>();
  /** The line of each (file, link target) found, for warnings. */
  readonly linkLines = new Map<string, number | undefined>();
  config: ContentConfig = DEFAULT_CONFIG;
  mapping: SyncMapping | undefined;

  constructor(readonly fs: LayoutFs) {}

  error(file: string, message: string, line?: number) {
    this.problems.push({ severity: 'error', file, ...(line === undefined ? {} : { line }), message });
  }

  warn(file: string, message: string, line?: number) {
    this.problems.push({ severity: 'warning', file, ...(line === undefined ? {} : { line }), message });
  }

  shown = (path: string) => inRoot(this.config, path);

  async readText(path: string): Promise<string | undefined> {
    const size = await this.fs.size(path);
    if (size === undefined) return undefined;
    if (size > MAX_PAGE_FILE_BYTES) {
      this.error(path, `is ${size} bytes: over the ${MAX_PAGE_FILE_BYTES} bytes a page's request can hold`);
      return undefined;
    }
    const bytes = await this.fs.read(path);
    if (!bytes) return undefined;
    const text = decodeText(bytes);
    if (text === undefined) {
      this.error(path, 'is not UTF-8 text');
      return undefined;
    }
    return text;
  }

  async readPageFile(file: string): Promise<ReadFile | undefined> {
    const text = await this.readText(this.shown(file));
    if (text === undefined) return undefined;
    try {
      return { parsed: parsePageFile(text), text };
    } catch (error) {
      if (error instanceof PageFileError) {
        this.error(this.shown(file), error.message, error.line);
        return undefined;
      }
      throw error;
    }
  }

  /** The slug of a known file (the mapping's), else one from its name. */
  slugFor(file: string, fallback: string): string {
    const known = this.mapping?.pages[file];
    return known ? slugOf(known.path) : fallback;
  }

  /** A document page from its file; links and files found; its markdown dropped. */
  async documentPage(
    file: string,
    parentPath: string,
    summaryTitle: string | undefined,
    children: LocalPage[],
    slugFallback: (title: string) => string,
  ): Promise<LocalPage | undefined> {
    // Too large to send: the entry stays, unread or without its links, for the push to name.
    const oversized = (
      title: string,
      slug: string,
      sizes: Pick<LocalPage, 'oversize' | 'oversizeAsJson'>,
    ) => ({
      key: file,
      kind: 'document' as const,
      title,
      path: childPath(parentPath, slug),
      file,
      ...sizes,
      links: [],
      files: [],
      children,
    });
    const size = await this.fs.size(this.shown(file));
    if (size !== undefined && size > MAX_PAGE_FILE_BYTES) {
      const title = summaryTitle || titleFromName(posix.basename(nameOf(file)));
      return oversized(title, this.slugFor(file, slugFallback(title)), { oversize: size });
    }
    const read = await this.readPageFile(file);
    if (!read) return undefined;
    const { parsed } = read;
    // The entry's text is the page's title; the file's heading where there is no entry.
    const title = summaryTitle || parsed.title || titleFromName(posix.basename(nameOf(file)));
    const slug = this.slugFor(file, slugFallback(title));
    const asJson = Buffer.byteLength(JSON.stringify(read.text));
    if (asJson + CHANGE_ROOM_BYTES > MAX_PAGE_FILE_BYTES) {
      return oversized(title, slug, {
        oversize: size ?? Buffer.byteLength(read.text),
        oversizeAsJson: asJson,
      });
    }
    const page: LocalPage = {
      key: file,
      kind: 'document',
      title,
      path: childPath(parentPath, slug),
      ...(parsed.description === undefined ? {} : { description: parsed.description }),
      file,
      hash: contentHash(renderPageFile(titledPageFile(parsed, title))),
      links: [],
      files: [],
      children,
    };
    this.collectLinks(page, read);
    return page;
  }

  collectLinks(page: LocalPage, read: ReadFile) {
    const file = page.file ?? '';
    const lines = read.text.replace(/\r\n?/g, '\n').split('\n');
    const lineOf = (target: string) => {
      const at = lines.findIndex((line) => line.includes(target));
      return at < 0 ? undefined : at + 1;
    };
    for (const match of read.parsed.body.matchAll(INCLUDE)) {
      const resolved = resolveRelative(file, match[1] ?? '');
      if (resolved === undefined) continue;
      page.includes ??= [];
      if (!page.includes.includes(resolved)) page.includes.push(resolved);
    }
    for (const { target } of findLinks(read.parsed.body)) {
      if (isExternal(target)) continue;
      const resolved = resolveRelative(file, target);
      if (resolved === undefined) continue;
      if (isAssetPath(resolved)) {
        if (!page.files.includes(resolved)) page.files.push(resolved);
      } else if (/\.md$/i.test(resolved) || !posix.extname(resolved)) {
        if (!page.links.includes(resolved)) page.links.push(resolved);
      } else continue;
      if (!this.linkLines.has(`${file}\u0000${resolved}`))
        this.linkLines.set(`${file}\u0000${resolved}`, lineOf(target));
    }
  }

  async readConfig(): Promise<void> {
    const text = await this.readText(CONFIG_FILE);
    if (text === undefined) return;
    try {
      this.config = parseConfig(text);
    } catch (error) {
      if (error instanceof ConfigError) this.error(CONFIG_FILE, error.message);
      else throw error;
    }
  }

  async readMapping(): Promise<void> {
    const path = this.shown(MAPPING_FILE);
    const text = await this.readText(path);
    if (text === undefined) return;
    try {
      this.mapping = parseMapping(text);
    } catch (error) {
      if (error instanceof MappingError) this.error(path, error.message);
      else throw error;
    }
  }

  // -------------------------------------------------------------------------------------------
  // From SUMMARY.md

  async fromSummary(text: string): Promise<LocalPage[]> {
    const summaryFile = this.config.summary;
    const shownSummary = this.shown(summaryFile);
    const { sections, problems } = parseSummary(text);
    for (const problem of problems) this.warn(shownSummary, problem.message, problem.line);
    const listed = new Map<string, number>();
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
        out.push(...(await this.fromEntries(entry, parentPath, summaryFile, listed, root && first, taken)));
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
        mapping: this.mapping,
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
    summaryFile: string,
    listed: Map<string, number>,
    isReadmeSlot: boolean,
    taken: Set<string>,
  ): Promise<LocalPage[]> {
    const page = await this.fromEntry(entry, parentPath, summaryFile, listed, isReadmeSlot, taken);
    if (page?.kind !== 'link' || entry.children.length === 0) return page ? [page] : [];
    const pages = [page];
    for (const child of entry.children)
      pages.push(...(await this.fromEntries(child, parentPath, summaryFile, listed, false, taken)));
    return pages;
  }

  async fromEntry(
    entry: SummaryEntry,
    parentPath: string,
    summaryFile: string,
    listed: Map<string, number>,
    isReadmeSlot: boolean,
    taken: Set<string>,
  ): Promise<LocalPage | undefined> {
    const shownSummary = this.shown(summaryFile);
    if (entry.computed) return this.computedPage(entry, parentPath, summaryFile, listed, taken);
    if (/^[a-z][a-z0-9+.-]*:/i.test(entry.target))
      return this.linkPage(entry, parentPath, taken, entry.target, urlTarget(entry.target));
    const file = resolveRelative(summaryFile, entry.target);
    if (file === undefined || !/\.md$/i.test(file)) {
      this.error(
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
      if ((await this.fs.size(this.shown(file))) === undefined)
        this.warn(shownSummary, `entry "${entry.title}" links to ${file}, which does not exist`, entry.line);
      return this.linkPage(entry, parentPath, taken, `${file}#${anchor}`, { kind: 'page', file, anchor });
    }
    const again = listed.get(file);
    if (again !== undefined) {
      // Where the service's documentation is silent: the page once, this entry a link to it.
      this.warn(
        shownSummary,
        `${file} is listed twice (lines ${again} and ${entry.line}): the second entry is a link to the page`,
        entry.line,
      );
      return this.linkPage(entry, parentPath, taken, file, { kind: 'page', file });
    }
    listed.set(file, entry.line);
    if ((await this.fs.size(this.shown(file))) === undefined) {
      this.error(shownSummary, `entry "${entry.title}" names ${file}, which does not exist`, entry.line);
      return undefined;
    }
    const isReadme = file === this.config.readme && isReadmeSlot;
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
    const slug = this.slugFor(file, slugFallback());
    taken.add(slug.toLowerCase());
    const path = childPath(parentPath, slug);
    const children: LocalPage[] = [];
    const childSlugs = new Set<string>();
    for (const child of entry.children)
      children.push(...(await this.fromEntries(child, path, summaryFile, listed, false, childSlugs)));
    const page = await this.documentPage(file, parentPath, entry.title, children, () => slug);
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
      this.warn(
        this.shown(this.config.summary),
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
  async computedPage(
    entry: SummaryEntry,
    parentPath: string,
    summaryFile: string,
    listed: Map<string, number>,
    taken: Set<string>,
  ): Promise<LocalPage> {
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
      children.push(...(await this.fromEntries(child, path, summaryFile, listed, false, childSlugs)));
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

  // -------------------------------------------------------------------------------------------
  // Inferred from the folders

  async inferred(): Promise<LocalPage[]> {
    const pages: LocalPage[] = [];
    const readme = this.config.readme;
    if ((await this.fs.size(this.shown(readme))) !== undefined) {
      // The space's first page takes a slug made from its title, as the service gives it.
      const page = await this.documentPage(readme, '', undefined, [], (title) => slugify(title));
      if (page) pages.push(page);
    }
    pages.push(...(await this.inferDir('', '', true, new Set([readme, this.config.summary]))));
    return pages;
  }

  async inferDir(dir: string, parentPath: string, top: boolean, skip: Set<string>): Promise<LocalPage[]> {
    const entries = (await this.fs.list(this.shown(dir)))
      .filter((entry) => !entry.name.startsWith('.'))
      .sort((a, b) => compareNames(a.name, b.name));
    const pages: LocalPage[] = [];
    for (const entry of entries) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.kind === 'file') {
        if (!/\.md$/i.test(entry.name) || skip.has(path) || /^readme\.md$/i.test(entry.name)) continue;
        const slug = entry.name.replace(/\.md$/i, '');
        const page = await this.documentPage(path, parentPath, undefined, [], () => slug);
        if (page) pages.push(page);
        continue;
      }
      const readme = (await this.fs.list(this.shown(path))).find(
        (child) => child.kind === 'file' && /^readme\.md$/i.test(child.name),
      );
      const slug = this.slugFor(readme ? `${path}/${readme.name}` : groupKey(path), entry.name);
      const pathHere = childPath(parentPath, slug);
      const children = await this.inferDir(path, pathHere, false, skip);
      if (readme) {
        const page = await this.documentPage(
          `${path}/${readme.name}`,
          parentPath,
          undefined,
          children,
          () => slug,
        );
        if (page) pages.push(page);
      } else if (children.length > 0) {
        pages.push({
          key: top ? groupKey(pathHere) : `${path}/`,
          kind: top ? 'group' : 'document',
          title: titleFromName(entry.name),
          path: pathHere,
          links: [],
          files: [],
          children,
        });
      }
    }
    return pages;
  }

  // -------------------------------------------------------------------------------------------

  async assets(): Promise<AssetFile[]> {
    const assets: AssetFile[] = [];
    for (const shown of await listFiles(this.fs, this.shown(ASSETS_DIR))) {
      const path = this.config.root ? shown.slice(this.config.root.length + 1) : shown;
      const size = (await this.fs.size(shown)) ?? 0;
      // No size judged here: Git Sync takes files of any size; only the bytes a push sends inline
      // are capped, and the push's planner names each file over it (or sends it by URL).
      const bytes = await this.fs.read(shown);
      if (!bytes) continue;
      assets.push({ path, size, hash: contentHash(bytes) });
    }
    return assets;
  }

  /** The reusable contents: `.gitbook/includes/*.md`, each with its title. */
  async includes(): Promise<IncludeFile[]> {
    const includes: IncludeFile[] = [];
    for (const shown of await listFiles(this.fs, this.shown(INCLUDES_DIR))) {
      if (!/\.md$/i.test(shown)) continue;
      const file = this.config.root ? shown.slice(this.config.root.length + 1) : shown;
      const read = await this.readPageFile(file);
      if (!read) continue;
      const title = read.parsed.meta['title'];
      includes.push({
        file,
        title:
          typeof title === 'string' && title
            ? title
            : (read.parsed.title ?? titleFromName(posix.basename(file))),
        hash: contentHash(read.text),
      });
    }
    return includes;
  }
}

/** What a page's file is named after: its folder for a section's README.md. */
const nameOf = (file: string) =>
  /^readme\.md$/i.test(posix.basename(file)) && file.includes('/') ? posix.dirname(file) : file;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

// `{% include ".gitbook/includes/x.md" %}` (the service's reusable content in a page).
const INCLUDE = /\{%[ \t]*include[ \t]+"([^"]+)"[ \t]*%\}/g;

/**
 * Every page of a tree, parents first. Walked with a stack, not by `yield*` at each level: that
 * made a result object per level for every page, and a push walks the tree at each mapping save.
 */
export function* eachPage<T extends { children: T[] }>(pages: readonly T[]): Generator<T> {
  const stack: T[] = [];
  for (let index = pages.length - 1; index >= 0; index--) stack.push(pages[index]!);
  while (stack.length > 0) {
    const page = stack.pop()!;
    yield page;
    for (let index = page.children.length - 1; index >= 0; index--) stack.push(page.children[index]!);
  }
}

/** Reads the folder's layout: config, mapping, the tree of pages (no markdown), files, problems. */
export async function readLayout(fs: LayoutFs): Promise<LocalLayout> {
  const reader = new Reader(fs);
  await reader.readConfig();
  await reader.readMapping();
  const summaryText = await reader.readText(reader.shown(reader.config.summary));
  const pages = summaryText === undefined ? await reader.inferred() : await reader.fromSummary(summaryText);
  const assets = await reader.assets();
  const includes = await reader.includes();
  check(reader, pages, assets, includes);
  return {
    config: reader.config,
    mapping: reader.mapping,
    summary: summaryText !== undefined,
    pages,
    assets,
    includes,
    problems: reader.problems,
  };
}

function check(reader: Reader, pages: LocalPage[], assets: AssetFile[], includes: IncludeFile[]): void {
  const byPath = new Map<string, LocalPage>();
  const files = new Set<string>();
  for (const page of eachPage(pages)) {
    if (page.file) files.add(page.file);
    if (page.kind === 'link') continue;
    const other = byPath.get(page.path);
    if (other) {
      reader.error(
        reader.shown(page.file ?? page.key),
        `is the same page as ${reader.shown(other.file ?? other.key)} (both are "${page.path}")`,
      );
    } else byPath.set(page.path, page);
  }
  // Two files the mapping gives one page id.
  const byId = new Map<string, string>();
  for (const [key, entry] of Object.entries(reader.mapping?.pages ?? {})) {
    if (!files.has(key)) continue;
    const other = byId.get(entry.id);
    if (other) {
      reader.error(
        reader.shown(key),
        `maps to page ${entry.id}, as ${reader.shown(other)} does: a page is one file`,
      );
    } else byId.set(entry.id, key);
  }
  const assetPaths = new Set(assets.map((asset) => asset.path));
  for (const page of eachPage(pages)) {
    for (const link of page.links) {
      if (files.has(link) || files.has(`${link}/README.md`)) continue;
      reader.warn(
        reader.shown(page.file ?? page.key),
        `links to ${link}, which is not a page of the folder: the service keeps it as text`,
        reader.linkLines.get(`${page.file ?? ''}\u0000${link}`),
      );
    }
    for (const include of page.includes ?? []) {
      if (includes.some((known) => known.file === include)) continue;
      reader.warn(reader.shown(page.file ?? page.key), `includes ${include}, which does not exist`);
    }
    for (const file of page.files) {
      if (assetPaths.has(file)) continue;
      reader.warn(
        reader.shown(page.file ?? page.key),
        `refers to ${file}, which does not exist`,
        reader.linkLines.get(`${page.file ?? ''}\u0000${file}`),
      );
    }
  }
}

/** Whether the layout has errors: then nothing may be sent. */
export const hasErrors = (layout: LocalLayout): boolean =>
  layout.problems.some((problem) => problem.severity === 'error');

/** A page of the layout with its markdown, read again from its file. */
export async function loadPage(fs: LayoutFs, layout: LocalLayout, page: LocalPage): Promise<PageNode> {
  const node: PageNode = {
    kind: page.kind,
    title: page.title,
    path: page.path,
    markdown: '',
    files: [...page.files],
    children: [],
  };
  const id = layout.mapping?.pages[page.key]?.id;
  if (id !== undefined) node.id = id;
  if (page.linkTitle !== undefined) node.linkTitle = page.linkTitle;
  if (page.href !== undefined) node.href = page.href;
  if (page.target !== undefined) node.target = page.target;
  if (page.computed !== undefined) node.computed = page.computed;
  if (page.anchor !== undefined) node.anchor = page.anchor;
  if (page.file !== undefined) node.file = page.file;
  if (page.description !== undefined) node.description = page.description;
  if (!page.file) return node;
  const bytes = await fs.read(inRoot(layout.config, page.file));
  const text = bytes && decodeText(bytes);
  if (text === undefined) throw new Error(`${inRoot(layout.config, page.file)} changed while it was read`);
  const parsed = titledPageFile(parsePageFile(text), page.title);
  node.markdown = parsed.body;
  if (Object.keys(parsed.meta).length > 0) node.meta = parsed.meta;
  return node;
}

/** The pages of the layout with their markdown, one at a time, parents first. */
export async function* walkPages(
  fs: LayoutFs,
  layout: LocalLayout,
): AsyncGenerator<{ page: PageNode; local: LocalPage; parent: LocalPage | undefined; index: number }> {
  async function* walk(
    pages: LocalPage[],
    parent: LocalPage | undefined,
  ): AsyncGenerator<{
    page: PageNode;
    local: LocalPage;
    parent: LocalPage | undefined;
    index: number;
  }> {
    for (const [index, local] of pages.entries()) {
      yield { page: await loadPage(fs, layout, local), local, parent, index };
      yield* walk(local.children, local);
    }
  }
  yield* walk(layout.pages, undefined);
}

/** The whole tree with its markdown (tests, small folders): `readLayout` then every page. */
export async function readTree(fs: LayoutFs): Promise<{ layout: LocalLayout; pages: PageNode[] }> {
  const layout = await readLayout(fs);
  const build = async (pages: LocalPage[]): Promise<PageNode[]> => {
    const nodes: PageNode[] = [];
    for (const local of pages) {
      const node = await loadPage(fs, layout, local);
      node.children = await build(local.children);
      nodes.push(node);
    }
    return nodes;
  };
  return { layout, pages: await build(layout.pages) };
}
