import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import {
  CONFIG_FILE,
  ConfigError,
  DEFAULT_CONFIG,
  eachPage,
  frontMatterYaml,
  inRoot,
  nodeFs,
  parseConfig,
  placePages,
  readLayout as readFolderLayout,
  slugOf,
  summaryFor,
  type ContentConfig,
  type LayoutProblem,
  type LocalPage,
  type PageShape,
} from '@docs-api/sdk/git-layout';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import {
  flattenPages,
  type FileRow,
  type LinkTarget,
  type PageRow,
  type ReusableContentRow,
  type RevisionContent,
} from './content.js';
import { isDocument, linkIndex, linksOf, relativeLinks, rewriteLinks } from './content-links.js';
import { contentTypeOf } from './content-edit.js';
import { parsePageMarkdown, renderPageFile, slugify } from './content-markdown.js';
import { normalizeStoredMarkdown } from './content-normalize.js';

/*
 * A space's content as a folder in the layout of the service's Git Sync (what a Git import reads
 * and a Git export writes in the sandbox, which has no network and so no Git remote). The folder
 * is read and SUMMARY.md written by the layout module the CLI's `docs pull` and `docs push` use
 * (`@docs-api/sdk/git-layout`): every form the service's Git Sync writes is read as the service
 * reads it (groups with or without their heading's anchor, link pages to a URL, another space or
 * a page's anchor, computed pages from a fenced YAML definition, a file listed twice as a link to
 * its page, reusable contents under `.gitbook/includes/`, files of any size). This file turns that
 * tree into the sandbox's rows and back:
 *
 *   - a page keeps the file it was read from (`gitPath`, shown as `git.path`; a pull and an
 *     export write it there again), a group its heading's anchor (`gitAnchor`);
 *   - links to pages and files are stored in their stable form (`/pages/<id>`, `/files/<id>`)
 *     and written back as relative paths, names with spaces unencoded;
 *   - `{% include %}` blocks are kept as written; the reusable contents are rows of the revision.
 */

/** A folder the import cannot read as a space's content: the operation fails with this message. */
export class LayoutError extends Error {
  override name = 'LayoutError';
}

/** `.gitbook.yaml` of a folder (the default without one); a `LayoutError` naming the key that is wrong. */
function readConfig(dir: string): ContentConfig {
  const file = join(dir, CONFIG_FILE);
  if (!existsSync(file)) return DEFAULT_CONFIG;
  try {
    return parseConfig(readFileSync(file, 'utf8'));
  } catch (error) {
    if (error instanceof ConfigError) throw new LayoutError(`${CONFIG_FILE}: ${error.message}`);
    throw error;
  }
}

const describe = (problem: LayoutProblem): string =>
  `${problem.file}${problem.line === undefined ? '' : ` line ${problem.line}`}: ${problem.message}`;

// ---------------------------------------------------------------------------------------------
// Reading (a Git import).

export interface ImportedContent {
  content: RevisionContent;
  /** Bytes of the files (base64), by blob key. */
  blobs: Map<string, string>;
  /** What the import read but noted (a file listed twice, ...), each naming its file. */
  warnings: string[];
}

export interface ImportOptions {
  /** The content the import replaces: pages and files keep their ids where their path (or name) is the same. */
  current: RevisionContent;
  newId: (prefix: string) => string;
  now: string;
}

/** Reads a folder in the Git Sync layout as a space's content. Rejects with a `LayoutError`. */
export async function readLayout(dir: string, options: ImportOptions): Promise<ImportedContent> {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new LayoutError(
      `the folder ${dir} does not exist (a file:// URL names a local folder in the Git Sync layout)`,
    );
  const layout = await readFolderLayout(nodeFs(dir));
  const errors = layout.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) throw new LayoutError(errors.map(describe).join('; '));
  const known = new Map(flattenPages(options.current.pages).map((entry) => [entry.path, entry.page]));
  const reader = new LayoutReader(dir, layout.config, options, known);
  const pages = reader.pages(layout.pages, '');
  const files = reader.assets();
  const reusableContents = reader.includes(layout.includes.map((include) => include.file));
  reader.resolve();
  return {
    content: { pages, files, reusableContents, variables: structuredClone(options.current.variables) },
    blobs: reader.blobs,
    warnings: layout.problems.filter((problem) => problem.severity === 'warning').map(describe),
  };
}

/** A page read from a file, before its body's links are resolved. */
interface ReadPage {
  row: PageRow;
  file: string;
  body: string;
}

const SLUG = /^[\p{Ll}\p{Lo}\p{N}]+(?:[-_.][\p{Ll}\p{Lo}\p{N}]+)*$/u;

class LayoutReader {
  readonly blobs = new Map<string, string>();
  readonly #read: ReadPage[] = [];
  readonly #byFile = new Map<string, string>();
  readonly #fileIds = new Map<string, string>();
  /** Link pages to a page of the folder, resolved once every page has its id. */
  readonly #pageLinks: { row: PageRow; file: string; anchor?: string; href: string }[] = [];

  constructor(
    readonly dir: string,
    readonly config: ContentConfig,
    readonly options: ImportOptions,
    readonly known: Map<string, PageRow>,
  ) {}

  #text(file: string): string {
    const bytes = readFileSync(join(this.dir, inRoot(this.config, file)));
    return new TextDecoder('utf-8').decode(bytes);
  }

  /** A page row with the id the page had at the same path (and of the same type), or a new one. */
  #page(type: NonNullable<PageRow['type']>, title: string, slug: string, parentPath: string): PageRow {
    const path = parentPath ? `${parentPath}/${slug}` : slug;
    const before = this.known.get(path);
    const same = before && (before.type ?? 'document') === type;
    const now = this.options.now;
    return {
      id: same ? before.id : this.options.newId('page'),
      ...(type !== 'document' ? { type } : {}),
      title,
      slug,
      createdAt: same ? before.createdAt : now,
      updatedAt: now,
      links: [],
      pages: [],
    };
  }

  /** A slug for a name (a file name may hold spaces or capitals) not taken among `siblings`. */
  #slug(name: string, siblings: readonly PageRow[]): string {
    const base = SLUG.test(name) ? name : slugify(name);
    let slug = base;
    for (let n = 2; siblings.some((sibling) => sibling.slug === slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  /** The rows of the layout's pages under `parentPath`. */
  pages(locals: readonly LocalPage[], parentPath: string): PageRow[] {
    const rows: PageRow[] = [];
    for (const local of locals) {
      const slug = this.#slug(slugOf(local.path), rows);
      const title = local.title || local.computed?.type || slug;
      const row = this.#page(local.kind, title, slug, parentPath);
      if (local.linkTitle !== undefined) row.linkTitle = local.linkTitle;
      const path = parentPath ? `${parentPath}/${slug}` : slug;
      if (local.kind === 'document') this.#document(row, local.file);
      else if (local.kind === 'group') {
        if (local.anchor !== undefined) row.gitAnchor = local.anchor;
      } else if (local.kind === 'link') {
        const target = local.target;
        if (target?.kind === 'page' && target.file !== undefined)
          this.#pageLinks.push({
            row,
            file: target.file,
            ...(target.anchor ? { anchor: target.anchor } : {}),
            href: local.href ?? target.file,
          });
        else if (target?.kind === 'space')
          row.target = { kind: 'space', space: target.space, url: target.url };
        else row.target = { kind: 'url', url: target?.kind === 'url' ? target.url : (local.href ?? '') };
      } else if (local.computed) {
        // Its keys in the order written: an export writes the same YAML.
        const data = parseYaml(local.computed.definition) as Record<string, unknown>;
        row.source = { ...data, type: local.computed.type };
      }
      row.pages = this.pages(local.children, path);
      rows.push(row);
    }
    return rows;
  }

  /** A document's options, front matter and body from its file (none: an empty page). */
  #document(row: PageRow, file: string | undefined): void {
    if (file === undefined) {
      row.markdown = '';
      return;
    }
    let parsed;
    try {
      parsed = parsePageMarkdown(this.#text(file));
    } catch (error) {
      throw new LayoutError(`${inRoot(this.config, file)}: ${(error as Error).message}`);
    }
    for (const [key, value] of Object.entries(parsed.options)) {
      if (key !== 'title') (row as unknown as Record<string, unknown>)[key] = value;
    }
    if (parsed.meta && Object.keys(parsed.meta).length) row.meta = parsed.meta;
    row.gitPath = file;
    // A first heading that is not the entry's title stays in the body (titledPageFile); one that
    // is not the front matter's title is there already.
    const heading = parsed.writtenHeading;
    const body =
      heading !== undefined && heading !== row.title ? `# ${heading}\n\n${parsed.body}` : parsed.body;
    this.#read.push({ row, file, body });
    this.#byFile.set(posix.normalize(file), row.id);
  }

  /** The files under `.gitbook/assets/`, with their bytes (any size); ids kept by name. */
  assets(): FileRow[] {
    const base = join(this.dir, inRoot(this.config, '.gitbook/assets'));
    const before = new Map(this.options.current.files.map((file) => [file.name, file]));
    const rows: FileRow[] = [];
    const walk = (folder: string) => {
      if (!existsSync(join(base, folder))) return;
      for (const entry of readdirSync(join(base, folder), { withFileTypes: true }).sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      )) {
        const name = folder ? `${folder}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(name);
        if (!entry.isFile()) continue;
        const bytes = readFileSync(join(base, name));
        const blob = createHash('sha256').update(bytes).digest('hex');
        this.blobs.set(blob, bytes.toString('base64'));
        const id = before.get(name)?.id ?? this.options.newId('file');
        this.#fileIds.set(`.gitbook/assets/${name}`, id);
        rows.push({ id, name, contentType: contentTypeOf(name), size: bytes.length, blob });
      }
    };
    walk('');
    return rows;
  }

  /** The reusable contents (`.gitbook/includes/*.md`): ids kept by file. */
  includes(files: readonly string[]): ReusableContentRow[] {
    const before = new Map(
      this.options.current.reusableContents.map((reusable) => [reusable.gitPath ?? reusable.id, reusable]),
    );
    return files.map((file) => {
      let parsed;
      try {
        parsed = parsePageMarkdown(this.#text(file));
      } catch (error) {
        throw new LayoutError(`${inRoot(this.config, file)}: ${(error as Error).message}`);
      }
      const title = parsed.options.title ?? posix.basename(file).replace(/\.md$/i, '').replace(/[-_]+/g, ' ');
      const meta = { ...parsed.meta };
      return {
        id: before.get(file)?.id ?? this.options.newId('reusable'),
        title,
        markdown: normalizeStoredMarkdown(parsed.body),
        ...(Object.keys(meta).length ? { meta } : {}),
        gitPath: file,
      };
    });
  }

  /** Link pages to pages get their page's id; bodies get their links in stable form, normalized. */
  resolve(): void {
    for (const link of this.#pageLinks) {
      const page = this.#byFile.get(posix.normalize(link.file));
      link.row.target = page
        ? { kind: 'page', page, ...(link.anchor ? { anchor: link.anchor } : {}) }
        : { kind: 'url', url: link.href };
    }
    for (const page of this.#read) {
      const from = page.file;
      const markdown = rewriteLinks(page.body, (target) => {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/') || target.startsWith('#'))
          return undefined;
        const at = target.indexOf('#');
        const anchor = at < 0 ? '' : target.slice(at);
        let path: string;
        try {
          path = decodeURIComponent(at < 0 ? target : target.slice(0, at));
        } catch {
          return undefined;
        }
        const joined = posix.normalize(posix.join(posix.dirname(from), path));
        const file = this.#fileIds.get(joined);
        if (file) return { target: `/files/${file}` };
        const pageId = this.#byFile.get(joined) ?? this.#byFile.get(`${joined.replace(/\/$/, '')}/README.md`);
        return pageId ? { target: `/pages/${pageId}${anchor}` } : undefined;
      });
      page.row.markdown = normalizeStoredMarkdown(markdown);
      page.row.links = linksOf(page.row.markdown);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Writing (a Git export).

/** What an export wrote. */
export interface ExportedLayout {
  pages: number;
  files: number;
}

/** The shape of the tree for placing its pages and writing SUMMARY.md. */
function shapes(pages: readonly PageRow[], parentPath: string): PageShape[] {
  // A document generated on read (`computed`: the sandbox's page index) is not kept in a folder.
  return pages
    .filter((page) => !(isDocument(page) && page.computed))
    .map((page) => {
      const path = parentPath ? `${parentPath}/${page.slug}` : page.slug;
      const kind = page.type ?? 'document';
      const shape: PageShape = {
        id: page.id,
        kind,
        title: page.title,
        path,
        children: shapes(page.pages, path),
      };
      if (page.linkTitle !== undefined) shape.linkTitle = page.linkTitle;
      if (page.gitPath !== undefined) shape.file = page.gitPath;
      if (page.gitAnchor !== undefined) shape.anchor = page.gitAnchor;
      if (kind === 'link' && page.target) shape.target = shapeTarget(page.target);
      if (kind === 'link' && page.target && 'url' in page.target) shape.href = page.target.url;
      if (kind === 'computed' && page.source) {
        const { type } = page.source;
        shape.computed = {
          type,
          definition: stringifyYaml(page.source, { lineWidth: 0 }).replace(/\n$/, ''),
        };
      }
      return shape;
    });
}

function shapeTarget(target: LinkTarget): NonNullable<PageShape['target']> {
  if (target.kind === 'page')
    return { kind: 'page', page: target.page, ...(target.anchor ? { anchor: target.anchor } : {}) };
  if (target.kind === 'space') return target;
  if (target.kind === 'url') return target;
  return { kind: 'url', url: `/files/${target.file}` };
}

/**
 * Writes the content into `dir` in the Git Sync layout (honouring a `.gitbook.yaml` found there,
 * which is never rewritten): SUMMARY.md, one file per document page (the file it was imported
 * from, when it was), the reusable contents under `.gitbook/includes/`, the files' bytes under
 * `.gitbook/assets/`. Files already in the folder and not written are left as they are (a Git
 * export would remove them from the commit: export into an empty folder for the space alone).
 * A file whose bytes the sandbox never had (uploaded by URL) is written empty.
 */
export function writeLayout(
  dir: string,
  content: RevisionContent,
  blobs: ReadonlyMap<string, string>,
): ExportedLayout {
  mkdirSync(dir, { recursive: true });
  if (!statSync(dir).isDirectory()) throw new LayoutError(`${dir} is not a folder`);
  const config = readConfig(dir);
  const tree = shapes(content.pages, '');
  const { placements } = placePages(tree, config);
  const index = linkIndex(content);
  // The files pages are written to are the ones their links are made relative to.
  for (const [shape, placement] of placements)
    if (placement.file && shape.id !== undefined) index.files.set(shape.id, placement.file);
  const write = (file: string, data: string | Buffer) => {
    const path = join(dir, inRoot(config, file));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  };
  write(config.summary, summaryFor(tree, placements));
  const rows = new Map(flattenPages(content.pages).map((entry) => [entry.page.id, entry.page]));
  let pages = 0;
  for (const shape of eachPage(tree)) {
    const file = placements.get(shape)?.file;
    const page = shape.id === undefined ? undefined : rows.get(shape.id);
    if (file === undefined || !page || !isDocument(page)) continue;
    // A body that starts with the title's heading (as the demo seed's do) gets it once.
    const body = relativeLinks(page.markdown ?? '', page.id, index).replace(
      new RegExp(`^# ${page.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ \t]*\n+`),
      '',
    );
    write(file, renderPageFile(page, body));
    pages += 1;
  }
  for (const reusable of content.reusableContents) {
    if (reusable.markdown === undefined) continue;
    const file = reusable.gitPath ?? `.gitbook/includes/${slugify(reusable.title)}.md`;
    const front = frontMatterYaml({ title: reusable.title, ...reusable.meta });
    write(file, `---\n${front}---\n\n${reusable.markdown}`);
  }
  let written = 0;
  for (const file of content.files) {
    const base64 = file.blob === undefined ? undefined : blobs.get(file.blob);
    write(`.gitbook/assets/${file.name}`, Buffer.from(base64 ?? '', 'base64'));
    written += 1;
  }
  return { pages, files: written };
}
