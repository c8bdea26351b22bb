import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { flattenPages, type FileRow, type PageRow, type RevisionContent } from './content.js';
import { gitFiles, linkIndex, linksOf, relativeLinks, rewriteLinks } from './content-links.js';
import { contentTypeOf } from './content-edit.js';
import { parsePageMarkdown, renderPageFile, slugify } from './content-markdown.js';
import { normalizeStoredMarkdown } from './content-normalize.js';

/*
 * A space's content as a folder in the layout of the service's Git Sync (what a Git import reads
 * and a Git export writes in the sandbox, which has no network and so no Git remote):
 *
 *   .gitbook.yaml            optional: root, structure.readme, structure.summary
 *   SUMMARY.md               the table of contents: order, nesting (indentation), groups (## headings),
 *                            link pages (entries pointing at a URL)
 *   README.md                the space's first page
 *   guides/README.md         a page with pages under it, and those pages beside it
 *   guides/setup.md
 *   .gitbook/assets/logo.png the files
 *
 * A page's file: front matter (description, icon, hidden, and any other key, kept), its title as
 * the first `# ` heading, then its body; links to other pages and to files are relative paths.
 * Without SUMMARY.md the tree comes from the folders, as Git Sync infers it: README.md first,
 * then the other .md files and the folders in name order; a folder with a README.md is that
 * page, its other files its pages; a top-level folder without one is a group. Names starting
 * with a dot are skipped.
 *
 * This is the sandbox's own small reader and writer, not the CLI's docs-as-code library
 * (packages/cli/src/lib/docs-as-code/): the CLI depends on the sandbox (`docs sandbox`), so the
 * sandbox depending on the CLI would be a cycle between the packages, and that library is not
 * exported from the CLI's package. Both follow the same layout, and the sandbox's tests read a
 * folder the way the CLI writes one.
 */

/** A folder the import cannot read as a space's content: the operation fails with this message. */
export class LayoutError extends Error {
  override name = 'LayoutError';
}

interface ContentConfig {
  /** The content root, absolute. */
  root: string;
  readme: string;
  summary: string;
}

function readConfig(dir: string): ContentConfig {
  const file = join(dir, '.gitbook.yaml');
  const config: ContentConfig = { root: dir, readme: 'README.md', summary: 'SUMMARY.md' };
  if (!existsSync(file)) return config;
  let data: unknown;
  try {
    data = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new LayoutError(`.gitbook.yaml is not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const yaml = (data ?? {}) as { root?: unknown; structure?: { readme?: unknown; summary?: unknown } };
  if (typeof yaml.root === 'string') config.root = resolve(dir, yaml.root);
  if (typeof yaml.structure?.readme === 'string') config.readme = yaml.structure.readme;
  if (typeof yaml.structure?.summary === 'string') config.summary = yaml.structure.summary;
  return config;
}

// ---------------------------------------------------------------------------------------------
// Reading (a Git import).

/** A page read from the folder, before its body's links are resolved. */
interface ReadPage {
  row: PageRow;
  /** The page's file, relative to the content root (documents). */
  file?: string;
  body: string;
}

export interface ImportedContent {
  content: RevisionContent;
  /** Bytes of the files (base64), by blob key. */
  blobs: Map<string, string>;
}

export interface ImportOptions {
  /** The content the import replaces: pages and files keep their ids where their path (or name) is the same. */
  current: RevisionContent;
  newId: (prefix: string) => string;
  now: string;
}

/** Reads a folder in the Git Sync layout as a space's content. Throws a `LayoutError`. */
export function readLayout(dir: string, options: ImportOptions): ImportedContent {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new LayoutError(
      `the folder ${dir} does not exist (a file:// URL names a local folder in the Git Sync layout)`,
    );
  const config = readConfig(dir);
  const known = new Map(flattenPages(options.current.pages).map((entry) => [entry.path, entry.page]));
  const reader = new LayoutReader(config, options, known);
  const pages = existsSync(join(config.root, config.summary)) ? reader.fromSummary() : reader.fromFolders();
  const files = reader.assets();
  const content: RevisionContent = {
    pages: pages.map((page) => page.row),
    files,
    reusableContents: structuredClone(options.current.reusableContents),
    variables: structuredClone(options.current.variables),
  };
  reader.resolveLinks();
  return { content, blobs: reader.blobs };
}

class LayoutReader {
  readonly blobs = new Map<string, string>();
  readonly #pages: ReadPage[] = [];
  readonly #byFile = new Map<string, string>();
  readonly #fileIds = new Map<string, string>();

  constructor(
    readonly config: ContentConfig,
    readonly options: ImportOptions,
    readonly known: Map<string, PageRow>,
  ) {}

  #text(file: string, where: string): string {
    const path = join(this.config.root, file);
    if (!existsSync(path) || !statSync(path).isFile())
      throw new LayoutError(`${where}: ${file} is not in the folder`);
    const bytes = readFileSync(path);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new LayoutError(`${file} is not UTF-8 text`);
    }
  }

  /** A page row with the id the page had at the same path (and of the same type), or a new one. */
  #page(type: PageRow['type'], title: string, slug: string, parentPath: string): PageRow {
    const path = parentPath ? `${parentPath}/${slug}` : slug;
    const before = this.known.get(path);
    const same = before && (before.type ?? 'document') === (type ?? 'document');
    const now = this.options.now;
    return {
      id: same ? before.id : this.options.newId('page'),
      ...(type && type !== 'document' ? { type } : {}),
      title,
      slug,
      createdAt: same ? before.createdAt : now,
      updatedAt: now,
      links: [],
      pages: [],
    };
  }

  /** A document page from its file; `slug` may be made from its title. */
  #document(
    file: string,
    fallbackTitle: string,
    slug: string | ((title: string) => string),
    parentPath: string,
    where: string,
  ): ReadPage {
    const text = this.#text(file, where);
    let parsed;
    try {
      parsed = parsePageMarkdown(text);
    } catch (error) {
      throw new LayoutError(`${file}: ${(error as Error).message}`);
    }
    const title = parsed.options.title ?? fallbackTitle;
    const row = this.#page('document', title, typeof slug === 'string' ? slug : slug(title), parentPath);
    for (const [key, value] of Object.entries(parsed.options)) {
      if (key !== 'title') (row as unknown as Record<string, unknown>)[key] = value;
    }
    if (parsed.meta && Object.keys(parsed.meta).length) row.meta = parsed.meta;
    const page: ReadPage = { row, file, body: parsed.body };
    this.#pages.push(page);
    this.#byFile.set(posix.normalize(file), row.id);
    return page;
  }

  /** A slug for `name` not taken among `siblings`. */
  #slug(name: string, siblings: readonly PageRow[]): string {
    const base = /^[\p{Ll}\p{Lo}\p{N}]+(?:[-_.][\p{Ll}\p{Lo}\p{N}]+)*$/u.test(name) ? name : slugify(name);
    let slug = base;
    for (let n = 2; siblings.some((sibling) => sibling.slug === slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  /** The pages SUMMARY.md lists. */
  fromSummary(): ReadPage[] {
    const summary = this.config.summary;
    const lines = this.#text(summary, '.gitbook.yaml').replace(/\r\n?/g, '\n').split('\n');
    const top: ReadPage[] = [];
    let group: ReadPage | undefined;
    // Open entries by indentation, outermost first.
    let stack: Array<{ indent: number; page: ReadPage; path: string }> = [];
    const listed = new Set<string>();
    lines.forEach((line, index) => {
      const where = `${summary} line ${index + 1}`;
      const heading = /^##\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
      if (heading !== undefined) {
        const row = this.#page(
          'group',
          heading,
          this.#slug(
            slugify(heading),
            top.map((page) => page.row),
          ),
          '',
        );
        group = { row, body: '' };
        top.push(group);
        stack = [];
        return;
      }
      const entry =
        /^(\s*)[*+-]\s+\[((?:\\.|[^\]\\])*)\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"([^"]*)")?\s*\)\s*$/.exec(line);
      if (!entry) return;
      const indent = (entry[1] ?? '').replace(/\t/g, '    ').length;
      const text = (entry[2] ?? '').replace(/\\(.)/g, '$1').trim();
      const raw = (entry[3] ?? '').replace(/^<|>$/g, '');
      while (stack.length && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
      const parent = stack.at(-1) ?? (group ? { indent: -1, page: group, path: group.row.slug } : undefined);
      const siblings = parent ? parent.page.row.pages : top.map((page) => page.row);
      const parentPath = parent?.path ?? '';
      let page: ReadPage;
      if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) {
        const row = this.#page('link', text, this.#slug(slugify(text), siblings), parentPath);
        row.target = { kind: 'url', url: raw };
        page = { row, body: '' };
      } else {
        const file = posix.normalize(decodeURIComponent(raw.split('#')[0] ?? ''));
        if (listed.has(file)) throw new LayoutError(`${where}: ${file} is listed twice (a file is one page)`);
        listed.add(file);
        const isReadme = /(^|\/)README\.md$/i.test(file);
        // The space's first page (README.md) takes a slug made from its title.
        const name =
          (file === this.config.readme || file === 'README.md') && !parent
            ? (title: string) => this.#slug(slugify(title), siblings)
            : this.#slug(
                isReadme ? posix.basename(posix.dirname(file)) : posix.basename(file).replace(/\.md$/i, ''),
                siblings,
              );
        page = this.#document(file, text, name, parentPath, where);
      }
      if (parent) parent.page.row.pages.push(page.row);
      else top.push(page);
      if (page.row.type !== 'link')
        stack.push({ indent, page, path: parentPath ? `${parentPath}/${page.row.slug}` : page.row.slug });
    });
    return top;
  }

  /** The pages the folders hold, when there is no SUMMARY.md. */
  fromFolders(): ReadPage[] {
    const top: ReadPage[] = [];
    const readme = posix.normalize(this.config.readme);
    if (existsSync(join(this.config.root, readme))) {
      top.push(this.#document(readme, 'Introduction', (title) => slugify(title), '', readme));
    }
    this.#folder(
      '',
      top.map((page) => page.row),
      '',
      true,
      (page) => top.push(page),
      readme,
    );
    return top;
  }

  #folder(
    folder: string,
    siblings: PageRow[],
    parentPath: string,
    root: boolean,
    add: (page: ReadPage) => void,
    skip: string,
  ): void {
    const names = readdirSync(join(this.config.root, folder), { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith('.'))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of names) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isFile()) {
        if (!/\.md$/i.test(entry.name) || path === skip || /^README\.md$/i.test(entry.name)) continue;
        if (root && path === this.config.summary) continue;
        const slug = this.#slug(entry.name.replace(/\.md$/i, ''), siblings);
        const page = this.#document(path, titleFromName(entry.name), slug, parentPath, path);
        siblings.push(page.row);
        add(page);
      } else if (entry.isDirectory()) {
        const slug = this.#slug(entry.name, siblings);
        const childPath = parentPath ? `${parentPath}/${slug}` : slug;
        const readme = `${path}/README.md`;
        let page: ReadPage;
        if (existsSync(join(this.config.root, readme)))
          page = this.#document(readme, titleFromName(entry.name), slug, parentPath, readme);
        else if (root) page = { row: this.#page('group', titleFromName(entry.name), slug, ''), body: '' };
        else {
          page = { row: this.#page('document', titleFromName(entry.name), slug, parentPath), body: '' };
          page.row.markdown = '';
          this.#pages.push(page);
        }
        siblings.push(page.row);
        add(page);
        this.#folder(path, page.row.pages, childPath, false, () => undefined, readme);
      }
    }
  }

  /** The files under `.gitbook/assets/`, with their bytes; ids kept by name. */
  assets(): FileRow[] {
    const base = join(this.config.root, '.gitbook', 'assets');
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

  /** Each page's body with its relative links to pages and files made stable, then normalized. */
  resolveLinks(): void {
    for (const page of this.#pages) {
      const from = page.file ?? '';
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

/** A title made from a file or folder name: `getting-started.md` -> `Getting started`. */
function titleFromName(name: string): string {
  const base = name.replace(/\.md$/i, '').replace(/[-_]+/g, ' ').trim();
  return base ? base.charAt(0).toUpperCase() + base.slice(1) : name;
}

// ---------------------------------------------------------------------------------------------
// Writing (a Git export).

/** What an export wrote. */
export interface ExportedLayout {
  pages: number;
  files: number;
}

const encodePath = (path: string): string =>
  path
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/\(/g, '%28').replace(/\)/g, '%29'))
    .join('/');

/**
 * Writes the content into `dir` in the Git Sync layout (honouring a `.gitbook.yaml` found there,
 * which is never rewritten): SUMMARY.md, one file per document page, the files' bytes under
 * `.gitbook/assets/`. Files already in the folder and not written are left as they are (a Git
 * export would remove them from the commit: export into an empty folder for the space alone).
 * Computed pages are left out (their content is generated). A file whose bytes the sandbox
 * never had (uploaded by URL) is written empty.
 */
export function writeLayout(
  dir: string,
  content: RevisionContent,
  blobs: ReadonlyMap<string, string>,
): ExportedLayout {
  mkdirSync(dir, { recursive: true });
  if (!statSync(dir).isDirectory()) throw new LayoutError(`${dir} is not a folder`);
  const config = readConfig(dir);
  const index = linkIndex(content);
  const files = gitFiles(content.pages);
  const fileOf = (page: PageRow) => {
    const file = files.get(page.id);
    return file === 'README.md' ? config.readme : file;
  };
  const write = (file: string, data: string | Buffer) => {
    const path = join(config.root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  };
  const summary: string[] = ['# Table of contents', ''];
  let pages = 0;
  const entry = (page: PageRow, depth: number) => {
    if (page.computed) return;
    const indent = '  '.repeat(depth);
    const title = page.title.replace(/([[\]\\])/g, '\\$1');
    if (page.type === 'link') {
      const target = page.target;
      const href = target?.kind === 'url' ? target.url : '';
      if (href) summary.push(`${indent}* [${title}](${href})`);
      return;
    }
    const file = fileOf(page);
    if (file === undefined) return;
    summary.push(`${indent}* [${title}](${encodePath(file)})`);
    // A body that starts with the title's heading (as the demo seed's do) gets it once.
    const body = relativeLinks(page.markdown ?? '', page.id, index).replace(
      new RegExp(`^# ${page.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ \t]*\n+`),
      '',
    );
    write(file, renderPageFile(page, body));
    pages += 1;
    for (const child of page.pages) entry(child, depth + 1);
  };
  for (const page of content.pages) {
    if (page.type === 'group') {
      summary.push('', `## ${page.title}`, '');
      for (const child of page.pages) entry(child, 0);
    } else entry(page, 0);
  }
  write(config.summary, `${summary.join('\n').replace(/\n{3,}/g, '\n\n')}\n`);
  let written = 0;
  for (const file of content.files) {
    const base64 = file.blob === undefined ? undefined : blobs.get(file.blob);
    write(`.gitbook/assets/${file.name}`, Buffer.from(base64 ?? '', 'base64'));
    written += 1;
  }
  return { pages, files: written };
}
