import { inRoot } from './config.js';
import type { LayoutFs } from './fs.js';
import { FolderReader } from './folder-reader.js';
import { pagesFromFolders } from './folder-pages.js';
import type { LocalLayout, LocalPage } from './local-page.js';
import type { AssetFile, IncludeFile, PageNode } from './model.js';
import { decodeText, parsePageFile, titledPageFile } from './page-file.js';
import { pagesFromSummary } from './summary-pages.js';

export { CHANGE_ROOM_BYTES, MAX_PAGE_FILE_BYTES, type LocalLayout, type LocalPage } from './local-page.js';

/*
 * Reading a folder in the Git Sync layout. `readLayout` walks it once and keeps, per page, only
 * what a comparison needs (title, path, hash, the pages and files it links to): memory holds no
 * page's markdown. `walkPages` then gives the pages with their markdown one at a time.
 *
 * The tree comes from SUMMARY.md when there is one (`structure.summary`, summary-pages.ts);
 * otherwise it is inferred from the folders as Git Sync does (folder-pages.ts).
 */

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
  const reader = new FolderReader(fs);
  await reader.readConfig();
  await reader.readMapping();
  const summaryText = await reader.readText(reader.shown(reader.config.summary));
  const pages =
    summaryText === undefined ? await pagesFromFolders(reader) : await pagesFromSummary(reader, summaryText);
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

function check(reader: FolderReader, pages: LocalPage[], assets: AssetFile[], includes: IncludeFile[]): void {
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
      // A folder a pull wrote has none: the API gives a reusable content as a document.
      reader.warn(
        reader.shown(page.file ?? page.key),
        reader.mapping
          ? `includes ${include}, which the folder does not have (a pull does not write reusable content: the API gives it as a document, not markdown); the page keeps the include as written`
          : `includes ${include}, which does not exist`,
      );
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
