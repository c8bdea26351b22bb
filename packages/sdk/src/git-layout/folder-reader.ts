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
import { listFiles, type LayoutFs } from './fs.js';
import { ASSETS_DIR, INCLUDES_DIR, findLinks, isAssetPath, isExternal, resolveRelative } from './links.js';
import { CHANGE_ROOM_BYTES, MAX_PAGE_FILE_BYTES, type LocalPage } from './local-page.js';
import { MAPPING_FILE, MappingError, parseMapping, type SyncMapping } from './mapping.js';
import { childPath, slugOf, type AssetFile, type IncludeFile, type LayoutProblem } from './model.js';
import {
  contentHash,
  decodeText,
  parsePageFile,
  PageFileError,
  renderPageFile,
  titledPageFile,
  type PageFile,
} from './page-file.js';
import { titleFromName } from './placement.js';

/** The page of a document key, parsed; `undefined` with a problem recorded when it cannot be. */
export interface ReadFile {
  parsed: PageFile;
  text: string;
}

/**
 * A folder being read: its config and mapping, the problems found, and what reads its files (a
 * page file, the files and pages it links to). `summary-pages.ts` and `folder-pages.ts` build
 * the tree with it.
 */
export class FolderReader {
  readonly problems: LayoutProblem[] = [];
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

  /** The files under `.gitbook/assets/`, each with its size and hash. */
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

// `{% include ".gitbook/includes/x.md" %}` (the service's reusable content in a page).
const INCLUDE = /\{%[ \t]*include[ \t]+"([^"]+)"[ \t]*%\}/g;
