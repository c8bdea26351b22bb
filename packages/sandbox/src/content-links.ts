import { posix } from 'node:path';
import { pageLink } from '@docs-api/sdk/git-layout';
import type { FileRow, LinkTarget, PageLinkRow, PageRow, RevisionContent } from './content.js';

/*
 * Links between pages in markdown, as `updateChangeRequestContent` takes them and as the page
 * reads give them back.
 *
 * Stored: a resolved link is kept in its stable form, `/pages/<pageId>` (with its `#anchor`) or
 * `/files/<fileId>`, so that it follows the page through moves and renames, as the service's
 * content references do. The page's `links` (what link and backlink lists show) are derived
 * from it.
 *
 * Read: `format.markdown.refs=stable` gives the stored form; `relative` (the default) gives each
 * link as a relative path from the page's file to the target's, in the Git Sync layout
 * (`../guides/setup.md#install`, `../.gitbook/assets/logo.png`), as a Git export writes them.
 *
 * Written (see `resolveLinks`): the forms the published document lists, resolved against the
 * change request's page tree as the change leaves it, plus the refs of the batch.
 */

/**
 * The Git Sync layout's file of each document page: the file a Git import read it from when no
 * other page claims it (Git Sync keeps a page's file when it moves), else README.md for the
 * space's first page, `<path>/README.md` for a page with pages, `<path>.md` for the others (the
 * rule of `placePages` in `@docs-api/sdk/git-layout`, which a pull follows).
 */
export function gitFiles(pages: readonly PageRow[]): Map<string, string> {
  const files = new Map<string, string>();
  const claims = new Map<string, number>();
  const count = (list: readonly PageRow[]) => {
    for (const page of list) {
      if (page.gitPath !== undefined && isDocument(page))
        claims.set(page.gitPath, (claims.get(page.gitPath) ?? 0) + 1);
      count(page.pages);
    }
  };
  count(pages);
  const walk = (list: readonly PageRow[], parentPath: string, root: boolean) => {
    list.forEach((page, index) => {
      const path = parentPath ? `${parentPath}/${page.slug}` : page.slug;
      if (isDocument(page)) {
        const kept = page.gitPath !== undefined && claims.get(page.gitPath) === 1 ? page.gitPath : undefined;
        files.set(
          page.id,
          kept ??
            (root && index === 0 ? 'README.md' : page.pages.length ? `${path}/README.md` : `${path}.md`),
        );
      }
      walk(page.pages, path, false);
    });
  };
  walk(pages, '', true);
  return files;
}

/** A document page (`type` absent or `document`), computed ones included. */
export const isDocument = (page: PageRow): boolean => page.type === undefined || page.type === 'document';

/** What resolving and rendering links needs to know of a revision's content. */
export interface LinkIndex {
  /** Document pages' files in the Git Sync layout. */
  files: Map<string, string>;
  /** Every page by its slug path. */
  byPath: Map<string, PageRow>;
  /** Every page's slug path, by id. */
  paths: Map<string, string>;
  /** The revision's files, by id. */
  fileRows: Map<string, FileRow>;
}

export function linkIndex(content: Pick<RevisionContent, 'pages' | 'files'>): LinkIndex {
  const byPath = new Map<string, PageRow>();
  const paths = new Map<string, string>();
  const walk = (list: readonly PageRow[], parentPath: string) => {
    for (const page of list) {
      const path = parentPath ? `${parentPath}/${page.slug}` : page.slug;
      if (!byPath.has(path)) byPath.set(path, page);
      paths.set(page.id, path);
      walk(page.pages, path);
    }
  };
  walk(content.pages, '');
  return {
    files: gitFiles(content.pages),
    byPath,
    paths,
    fileRows: new Map(content.files.map((file) => [file.id, file])),
  };
}

// ---------------------------------------------------------------------------------------------
// Finding links outside code.

// [text](target "title") and ![alt](target): the whole link, so an unresolved one can become text.
const MARKDOWN_LINK =
  /(!?)\[((?:\\.|[^\]\\\n])*)\]\((<[^>\n]*>|[^\s)]+)((?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'))?)\)/g;
// src="..." / href="..." in HTML, url="..." in the service's blocks ({% content-ref url="..." %}).
const ATTRIBUTE_LINK = /(\b(?:src|href|url)=")([^"\n]*)(")/g;

export type LinkRewrite = (
  target: string,
  kind: 'link' | 'image' | 'attribute',
) => { target: string } | { text: true } | undefined;

/**
 * Calls `rewrite` with each link target outside code (fenced blocks and code spans are left as
 * they are): its answer replaces the target, `{ text: true }` turns a markdown link into its
 * text, `undefined` keeps it.
 */
export function rewriteLinks(markdown: string, rewrite: LinkRewrite): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined;
      continue;
    }
    if (opening) {
      fence = opening;
      continue;
    }
    lines[index] = outsideCodeSpans(line, (text) =>
      text
        .replace(MARKDOWN_LINK, (all, bang: string, label: string, raw: string, title: string) => {
          const bracketed = raw.startsWith('<') && raw.endsWith('>');
          const answer = rewrite(bracketed ? raw.slice(1, -1) : raw, bang ? 'image' : 'link');
          if (answer === undefined) return all;
          if ('text' in answer) return label;
          const target = bracketed || /[\s()]/.test(answer.target) ? `<${answer.target}>` : answer.target;
          return `${bang}[${label}](${target}${title})`;
        })
        .replace(ATTRIBUTE_LINK, (all, lead: string, target: string, end: string) => {
          const answer = rewrite(target, 'attribute');
          return answer && 'target' in answer ? `${lead}${answer.target}${end}` : all;
        }),
    );
  }
  return lines.join('\n');
}

function outsideCodeSpans(line: string, map: (text: string) => string): string {
  if (!line.includes('`')) return map(line);
  const parts = line.split(/(`+[^`]*`+)/);
  return parts.map((part, index) => (index % 2 === 1 ? part : map(part))).join('');
}

/** A target that names no content of the space: a URL, a mail link, an anchor on the page. */
const isExternal = (target: string): boolean =>
  /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('#');

function splitAnchor(target: string): { path: string; anchor: string } {
  const at = target.indexOf('#');
  return at < 0 ? { path: target, anchor: '' } : { path: target.slice(0, at), anchor: target.slice(at) };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A path as Git Sync writes it in a link: the name as it is (`Docs sites.jpg`; `rewriteLinks`
 * puts a markdown target with a space in `<...>`), only the characters that would change the
 * link's meaning encoded.
 */
const gitLinkPath = (path: string): string => path.replace(/[%#?<>"]/g, (char) => encodeURIComponent(char));

// ---------------------------------------------------------------------------------------------
// Writing: links as sent, resolved to their stable form.

const STABLE_PAGE = /^\/pages\/([A-Za-z0-9_-]+)(#.*)?$/;
const STABLE_FILE = /^\/files\/([A-Za-z0-9_-]+)$/;

/** What a batch's refs name: pages and files it inserts, by ref. */
export type BatchRefs = Map<string, { kind: 'page' | 'file'; id: string }>;

export interface ResolveContext {
  index: LinkIndex;
  /** Ids of the pages of the content (and those the batch inserts later, by their refs). */
  pageIds: ReadonlySet<string>;
  /** The Git Sync file of the page being written: relative links start from its folder. */
  from: string;
  refs: BatchRefs;
}

/** The page a Git path or slug path names (`guides/setup.md`, `guides/README.md`, `guides`). */
function pageAtGitPath(index: LinkIndex, path: string): PageRow | undefined {
  const clean = path.replace(/^\/+|\/+$/g, '');
  // `.`: the folder at the root (`./` from a root page), whose page is README.md.
  if (clean === 'README.md' || clean === 'README' || clean === '' || clean === '.') {
    for (const [id, file] of index.files) if (file === 'README.md') return pageById(index, id);
    return undefined;
  }
  const withoutReadme = clean.replace(/\/README(?:\.md)?$/i, '');
  const withoutExtension = withoutReadme.replace(/\.md$/i, '');
  return index.byPath.get(withoutExtension);
}

function pageById(index: LinkIndex, id: string): PageRow | undefined {
  const path = index.paths.get(id);
  return path === undefined ? undefined : index.byPath.get(path);
}

type Resolved =
  | { kind: 'page'; id: string; anchor: string }
  | { kind: 'file'; id: string }
  | { kind: 'unresolved' }
  | undefined;

/**
 * What a link target names, in the forms the published document lists for
 * `updateChangeRequestContent`: `/pages/<pageId>`, `/pages/<slug path>`, `/pages/<path>.md`,
 * `/pages/<path>/README.md`, `/pages/README.md` (the space's first page), relative paths from
 * the page's file (`./sibling.md`, `../README.md`, `./section`), `/files/<fileId>`, and a ref of
 * the batch (`./<ref>`, `./<ref>.md`). Also `.gitbook/assets/<name>` (a relative path to a file
 * of the revision, as Git Sync writes them). `unresolved`: a page link that names no page (it
 * becomes text); `undefined`: not a link to content (kept as written).
 */
export function resolveTarget(raw: string, context: ResolveContext): Resolved {
  const target = raw.trim();
  if (!target || isExternal(target)) return undefined;
  const { path: rawPath, anchor } = splitAnchor(target);
  const path = decode(rawPath);
  const stableFile = STABLE_FILE.exec(target);
  if (stableFile?.[1]) {
    return context.index.fileRows.has(stableFile[1]) || refFile(context, stableFile[1])
      ? { kind: 'file', id: stableFile[1] }
      : undefined;
  }
  // A ref of the batch, whatever the order of its changes.
  const refName = /^\.\/([^/]+?)(?:\.md)?$/.exec(path)?.[1];
  const ref =
    refName === undefined ? undefined : (context.refs.get(refName) ?? context.refs.get(`${refName}.md`));
  if (ref) return ref.kind === 'page' ? { kind: 'page', id: ref.id, anchor } : { kind: 'file', id: ref.id };
  if (path.startsWith('/pages/')) {
    const rest = path.slice('/pages/'.length);
    const byId = STABLE_PAGE.exec(`/pages/${rest}`)?.[1];
    if (byId !== undefined && context.pageIds.has(byId)) return { kind: 'page', id: byId, anchor };
    const page = pageAtGitPath(context.index, rest);
    return page ? { kind: 'page', id: page.id, anchor } : { kind: 'unresolved' };
  }
  if (path.startsWith('/')) return undefined;
  const joined = posix.normalize(posix.join(posix.dirname(context.from), path));
  if (joined.startsWith('..')) return isPageLike(path) ? { kind: 'unresolved' } : undefined;
  const asset = /(?:^|\/)\.gitbook\/assets\/(.+)$/.exec(joined)?.[1];
  if (asset !== undefined) {
    const file = [...context.index.fileRows.values()].find((row) => row.name === asset);
    return file ? { kind: 'file', id: file.id } : undefined;
  }
  if (!isPageLike(path)) return undefined;
  const page = pageAtGitPath(context.index, joined);
  return page ? { kind: 'page', id: page.id, anchor } : { kind: 'unresolved' };
}

const refFile = (context: ResolveContext, id: string) =>
  [...context.refs.values()].some((ref) => ref.kind === 'file' && ref.id === id);

/** A relative target that names a page: a `.md` file, or a folder-style path (`./section`). */
const isPageLike = (path: string): boolean =>
  /\.md$/i.test(path) || ((path.startsWith('./') || path.startsWith('../')) && !/\.[a-z0-9]+$/i.test(path));

/**
 * Markdown as stored: every link to content in its stable form; a page link that names no page
 * left as its text (the published document: "left as plain text rather than causing the
 * request to fail").
 */
export function resolveLinks(markdown: string, context: ResolveContext): string {
  return rewriteLinks(markdown, (target, kind) => {
    const resolved = resolveTarget(target, context);
    if (resolved === undefined) return undefined;
    if (resolved.kind === 'unresolved') return kind === 'link' ? { text: true } : undefined;
    if (resolved.kind === 'file') return { target: `/files/${resolved.id}` };
    return { target: `/pages/${resolved.id}${resolved.anchor}` };
  });
}

/** The links a stored page's markdown holds: pages and files in their stable form, and URLs. */
export function linksOf(markdown: string): PageLinkRow[] {
  const links: PageLinkRow[] = [];
  const seen = new Set<string>();
  const add = (target: LinkTarget) => {
    const key = JSON.stringify(target);
    if (seen.has(key)) return;
    seen.add(key);
    links.push({ target, relation: 'reference' });
  };
  rewriteLinks(markdown, (target) => {
    const page = STABLE_PAGE.exec(target)?.[1];
    const file = STABLE_FILE.exec(target)?.[1];
    if (page) add({ kind: 'page', page });
    else if (file) add({ kind: 'file', file });
    else if (/^https?:\/\//i.test(target)) add({ kind: 'url', url: target });
    return undefined;
  });
  return links;
}

// ---------------------------------------------------------------------------------------------
// Reading: stable links as relative paths.

/** The relative path from the folder of `from` to `to` (`faq.md`, `../guides/setup.md`). */
export function relativePath(from: string, to: string): string {
  return posix.relative(posix.dirname(from), to) || posix.basename(to);
}

/**
 * The markdown of the page `pageId` with its stable links written as relative paths from its
 * file (`format.markdown.refs=relative`). A link whose target is gone, or is not a document
 * page, keeps its stable form.
 */
export function relativeLinks(markdown: string, pageId: string, index: LinkIndex): string {
  const from = index.files.get(pageId);
  if (from === undefined || (!markdown.includes('/pages/') && !markdown.includes('/files/'))) return markdown;
  return rewriteLinks(markdown, (target) => {
    const page = STABLE_PAGE.exec(target);
    if (page?.[1]) {
      const file = index.files.get(page[1]);
      return file === undefined ? undefined : { target: `${pageLink(from, file)}${page[2] ?? ''}` };
    }
    const fileId = STABLE_FILE.exec(target)?.[1];
    const row = fileId === undefined ? undefined : index.fileRows.get(fileId);
    if (!row) return undefined;
    return { target: gitLinkPath(relativePath(from, `.gitbook/assets/${row.name}`)) };
  });
}
