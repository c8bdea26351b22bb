import { DEFAULT_CONFIG, inRoot, type ContentConfig } from './config.js';
import type { LayoutFs } from './fs.js';
import { emptyMapping, MAPPING_FILE, renderMapping, type SyncMapping } from './mapping.js';
import type { ComputedSource, LayoutProblem, LinkTarget, PageKind, PageNode } from './model.js';
import { contentHash, renderPageFile } from './page-file.js';
import { computedKey, documentFile, groupKey, linkKey } from './placement.js';
import { renderSummary, type SummaryEntry, type SummarySection } from './summary.js';

/*
 * Writing a space's pages in the Git Sync layout: the inverse of `readLayout`. Where each page
 * goes is decided from the tree's shape alone (`placePages`, no markdown needed: the answer of
 * `listPages` is enough), so that a pull can write SUMMARY.md first and then each page as it
 * is fetched, holding one page's markdown at a time (`writePage`). `writeTree` does it all for a
 * tree in memory.
 */

/** What placing needs of a page: the tree's shape, its titles and ids. */
export interface PageShape {
  id?: string;
  kind: PageKind;
  title: string;
  path: string;
  linkTitle?: string;
  href?: string;
  /** Link pages: a target in the folder (`page`) is written as a relative path, at its anchor. */
  target?: LinkTarget;
  computed?: ComputedSource;
  /** Groups: the id of their heading's HTML anchor. */
  anchor?: string;
  /**
   * Documents: the file the page was read from or that the service's Git Sync gave it
   * (`RevisionPageDocument.git.path`), relative to the content root: kept when it is free, so a
   * page moved in the table of contents keeps its file, as Git Sync keeps it.
   */
  file?: string;
  children: PageShape[];
}

export interface Placement {
  /** The mapping key: the file of a document, `<path>/` of a group, `link:<url>` of a link. */
  key: string;
  /** Documents: the file, relative to the content root. */
  file?: string;
}

/** Where each page of the tree goes. Pages at the root after a group are problems (SUMMARY.md cannot hold them). */
export function placePages(
  pages: readonly PageShape[],
  config: ContentConfig = DEFAULT_CONFIG,
): { placements: Map<PageShape, Placement>; problems: LayoutProblem[] } {
  const placements = new Map<PageShape, Placement>();
  const problems: LayoutProblem[] = [];
  const links = new Map<string, number>();
  // Files asked for by more than one page go by the rule to each.
  const asked = new Map<string, number>();
  for (const page of eachShape(pages)) if (page.file) asked.set(page.file, (asked.get(page.file) ?? 0) + 1);
  const keeps = (page: PageShape): page is PageShape & { file: string } =>
    page.file !== undefined && /\.md$/i.test(page.file) && asked.get(page.file) === 1;
  // Link pages are keyed once every document has its file: a link to a page of the folder is
  // keyed by that file and anchor, as `readLayout` keys the SUMMARY.md entry pull writes for it.
  const linkPages: PageShape[] = [];
  const place = (page: PageShape, isFirst: boolean, parentPath: string) => {
    if (page.kind === 'computed') {
      const seen = (links.get(computedKey(parentPath, 1)) ?? 0) + 1;
      links.set(computedKey(parentPath, 1), seen);
      placements.set(page, { key: computedKey(parentPath, seen) });
    } else if (page.kind === 'document') {
      const file = keeps(page) ? page.file : documentFile(page, isFirst, config.readme);
      placements.set(page, { key: file, file });
    } else if (page.kind === 'group') {
      placements.set(page, { key: groupKey(page.path) });
    } else linkPages.push(page);
    for (const child of page.children) place(child, false, page.path);
  };
  let group = false;
  pages.forEach((page, index) => {
    if (page.kind === 'group') group = true;
    else if (group) {
      problems.push({
        severity: 'warning',
        file: inRoot(config, config.summary),
        message: `"${page.title}" is at the root after a group: SUMMARY.md lists it in the group before it`,
      });
    }
    place(page, index === 0 && page.kind === 'document', '');
  });
  const fileOfId = filesById(placements);
  for (const page of linkPages) {
    const base = linkKey(hrefOf(page, fileOfId) ?? page.path);
    const seen = links.get(base) ?? 0;
    links.set(base, seen + 1);
    placements.set(page, { key: seen === 0 ? base : `${base}#${seen + 1}` });
  }
  return { placements, problems };
}

/** SUMMARY.md for the tree, with its placements. */
export function summaryFor(
  pages: readonly PageShape[],
  placements: ReadonlyMap<PageShape, Placement>,
): string {
  const fileOfId = filesById(placements);
  const entry = (page: PageShape): SummaryEntry => ({
    title: page.kind === 'computed' ? '' : page.title,
    target: page.kind === 'link' ? (hrefOf(page, fileOfId) ?? '') : (placements.get(page)?.file ?? ''),
    ...(page.linkTitle === undefined || page.linkTitle === page.title ? {} : { linkTitle: page.linkTitle }),
    ...(page.kind === 'computed' && page.computed
      ? { computed: { type: page.computed.type, definition: page.computed.definition, data: {} } }
      : {}),
    line: 0,
    children: page.children.map(entry),
  });
  const sections: SummarySection[] = [{ line: 0, entries: [] }];
  for (const page of pages) {
    if (page.kind === 'group')
      sections.push({
        group: page.title,
        ...(page.anchor === undefined ? {} : { anchor: page.anchor }),
        line: 0,
        entries: page.children.map(entry),
      });
    else sections.at(-1)?.entries.push(entry(page));
  }
  return renderSummary(sections);
}

function* eachShape(pages: readonly PageShape[]): Generator<PageShape> {
  for (const page of pages) {
    yield page;
    yield* eachShape(page.children);
  }
}

/** The file each placed page with an id is written to. */
function filesById(placements: ReadonlyMap<PageShape, Placement>): Map<string, string> {
  const fileOfId = new Map<string, string>();
  for (const [shape, placement] of placements)
    if (shape.id !== undefined && placement.file) fileOfId.set(shape.id, placement.file);
  return fileOfId;
}

/** Where a link page points, as SUMMARY.md writes it: a page of the folder at its anchor, else the URL. */
function hrefOf(page: PageShape, fileOfId?: ReadonlyMap<string, string>): string | undefined {
  const target = page.target;
  if (target?.kind === 'page') {
    const file = target.file ?? (target.page === undefined ? undefined : fileOfId?.get(target.page));
    if (file === undefined) return page.href;
    return target.anchor ? `${file}#${target.anchor}` : file;
  }
  if (target) return target.url;
  return page.href;
}

/** The text of a page's file. */
export const pageFileText = (page: PageNode): string =>
  renderPageFile({
    title: page.title,
    ...(page.description ? { description: page.description } : {}),
    meta: page.meta ?? {},
    body: page.markdown,
  });

/** Writes one page's file; returns its `contentHash` (the mapping's `stored`). */
export async function writePage(
  fs: LayoutFs,
  config: ContentConfig,
  file: string,
  page: PageNode,
): Promise<string> {
  const text = pageFileText(page);
  await fs.write(inRoot(config, file), text);
  return contentHash(text);
}

/** Writes the mapping file. */
export async function writeMapping(fs: LayoutFs, config: ContentConfig, mapping: SyncMapping): Promise<void> {
  await fs.write(inRoot(config, MAPPING_FILE), renderMapping(mapping));
}

export interface WriteOptions {
  config?: ContentConfig;
  space?: string;
  /** The mapping the folder had: files it names that the tree no longer has are removed. */
  previous?: SyncMapping;
  /** Each page's `updatedAt` (by id), kept in the mapping. */
  updatedAt?: ReadonlyMap<string, string>;
  /** The space's files, with their bytes, written under `.gitbook/assets/`. */
  assets?: readonly { path: string; data: Uint8Array; id?: string }[];
}

/** Writes a whole tree: `.gitbook.yaml` (only when not the default), SUMMARY.md, pages, files, mapping. */
export async function writeTree(
  fs: LayoutFs,
  pages: readonly PageNode[],
  options: WriteOptions = {},
): Promise<{ mapping: SyncMapping; problems: LayoutProblem[] }> {
  const config = options.config ?? DEFAULT_CONFIG;
  const { placements, problems } = placePages(pages, config);
  if (!config.present && (config.root || config.readme !== 'README.md' || config.summary !== 'SUMMARY.md')) {
    throw new Error('a layout with another root, readme or summary needs its .gitbook.yaml (config.present)');
  }
  const mapping = emptyMapping(options.space);
  await fs.write(inRoot(config, config.summary), summaryFor(pages, placements));
  const write = async (page: PageNode) => {
    const placement = placements.get(page);
    if (!placement) return;
    let stored: string | undefined;
    if (placement.file) stored = await writePage(fs, config, placement.file, page);
    if (page.id !== undefined) {
      const updatedAt = options.updatedAt?.get(page.id);
      mapping.pages[placement.key] = {
        id: page.id,
        path: page.path,
        ...(stored === undefined ? {} : { stored }),
        ...(updatedAt === undefined ? {} : { updatedAt }),
      };
    }
    for (const child of page.children) await write(child);
  };
  for (const page of pages) await write(page);
  for (const asset of options.assets ?? []) {
    await fs.write(inRoot(config, asset.path), asset.data);
    if (asset.id !== undefined) {
      mapping.files[asset.path] = {
        id: asset.id,
        hash: contentHash(asset.data),
        size: asset.data.byteLength,
      };
    }
  }
  for (const key of Object.keys(options.previous?.pages ?? {})) {
    if (!(key in mapping.pages) && !key.endsWith('/') && !key.startsWith('link:')) {
      if (![...placements.values()].some((placement) => placement.file === key))
        await fs.remove(inRoot(config, key));
    }
  }
  await writeMapping(fs, config, mapping);
  return { mapping, problems };
}
