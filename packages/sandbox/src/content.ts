import { createHash } from 'node:crypto';
import type {
  ChangeRequest,
  ContentRef,
  DocumentBlocksTopLevelsParam,
  DocumentTextParam,
  JSONDocumentParam,
  Link,
  Revision,
  RevisionFile,
  RevisionPage,
  RevisionPageComputed,
  RevisionPageDocument,
  RevisionPageGroup,
  RevisionPageLink,
  Space,
} from '@docs-api/sdk/contract';
import { linkIndex, relativeLinks, type LinkIndex } from './content-links.js';
import { STORED_LIST_MARKER } from './content-normalize.js';
import type {
  FileRow,
  LinkTarget,
  PageRow,
  ReusableContentRow,
  RevisionContent,
  RevisionRow,
  RevisionType,
} from './content-rows.js';
import { notFound, SandboxError } from './errors.js';
import type { Store } from './store.js';

/**
 * The content model behind change requests: a space has revisions, a revision holds a tree
 * of pages, files, reusable contents and variables. Rows hold what the API does not show
 * (page links as data, computed page generators); views build the API objects on read.
 */

/** Host of the sandbox's web app: a link to it is `in-app`. */
export const APP_HOST = 'app.sandbox.docs-api.local';
const APP_ORIGIN = `https://${APP_HOST}`;
const FILES_ORIGIN = 'https://files.sandbox.docs-api.local';

export type {
  FileRow,
  LinkTarget,
  PageLinkRow,
  PageRow,
  ReusableContentRow,
  RevisionContent,
  RevisionRow,
  RevisionType,
} from './content-rows.js';

/** The two booleans every content endpoint takes; both default to true. */
export interface ContentOptions {
  gitMetadata?: boolean | undefined;
  computed?: boolean | undefined;
}

export interface FlatPage {
  page: PageRow;
  parent: string | null;
  index: number;
  path: string;
  depth: number;
}

/** Every page of a tree, parents before children, with its place in the tree. */
export function flattenPages(pages: readonly PageRow[], parent: FlatPage | null = null): FlatPage[] {
  const flat: FlatPage[] = [];
  pages.forEach((page, index) => {
    const entry: FlatPage = {
      page,
      parent: parent?.page.id ?? null,
      index,
      path: parent ? `${parent.path}/${page.slug}` : page.slug,
      depth: parent ? parent.depth + 1 : 0,
    };
    flat.push(entry, ...flattenPages(page.pages, entry));
  });
  return flat;
}

export function findPage(revision: RevisionRow, pageId: string): FlatPage | undefined {
  return flattenPages(revision.pages).find((entry) => entry.page.id === pageId);
}

export function requireRevision(store: Store, revisionId: string): RevisionRow {
  const revision = store.revisions.get(revisionId);
  if (!revision) throw notFound('revision', revisionId);
  return revision;
}

/**
 * Stores a new revision of a space holding a copy of the given content; with `adopt`, the content
 * itself (a batch's result: its own lists, sharing the pages it did not change with the revision
 * before it, which is safe because no revision is changed once stored).
 */
export function createRevision(
  store: Store,
  space: string,
  content: RevisionContent,
  parents: string[],
  message: string,
  made: { type: RevisionType; mergedFrom?: string } = { type: 'edits' },
  adopt = false,
): RevisionRow {
  const contentOf = (value: RevisionContent): RevisionContent => ({
    pages: value.pages,
    files: value.files,
    reusableContents: value.reusableContents,
    variables: value.variables,
  });
  const revision: RevisionRow = {
    id: store.newId('rev'),
    space,
    parents,
    createdAt: store.now(),
    message,
    ...(made.type === 'edits' ? {} : { type: made.type }),
    ...(made.mergedFrom ? { mergedFrom: made.mergedFrom } : {}),
    ...(adopt ? contentOf(content) : structuredClone(contentOf(content))),
  };
  store.revisions.set(revision.id, revision);
  return revision;
}

/** The space's current primary revision; a space the seed gave none starts with an empty one. */
export function primaryRevision(store: Store, space: Space): RevisionRow {
  if (space.revision) return requireRevision(store, space.revision);
  const revision = createRevision(
    store,
    space.id,
    { pages: [], files: [], reusableContents: [], variables: {} },
    [],
    'Initial revision',
  );
  space.revision = revision.id;
  return revision;
}

// ---------------------------------------------------------------------------------------------
// Changes: what a change request did to the revision it started from.

interface PageChange {
  page: PageRow;
  parent: string | null;
  index: number;
}

export interface RevisionChanges {
  /** Pages added or changed (content or place), parents before children; `pages` not included. */
  pages: PageChange[];
  removedPages: string[];
  files: FileRow[];
  removedFiles: string[];
  reusableContents: ReusableContentRow[];
  removedReusableContents: string[];
  variables: Record<string, string>;
  removedVariables: string[];
}

const shallow = (page: PageRow): Omit<PageRow, 'pages'> => {
  const { pages: _pages, ...rest } = page;
  return rest;
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function diffById<T extends { id: string }>(base: readonly T[], mine: readonly T[]) {
  const before = new Map(base.map((item) => [item.id, item]));
  const ids = new Set(mine.map((item) => item.id));
  return {
    changed: mine.filter((item) => !same(before.get(item.id), item)),
    removed: base.filter((item) => !ids.has(item.id)).map((item) => item.id),
  };
}

/** What `mine` changed, added and removed relative to `base`. */
export function diffRevisions(base: RevisionContent, mine: RevisionContent): RevisionChanges {
  const before = new Map(flattenPages(base.pages).map((entry) => [entry.page.id, entry]));
  const after = flattenPages(mine.pages);
  const afterIds = new Set(after.map((entry) => entry.page.id));
  const pages = after
    .filter((entry) => {
      const old = before.get(entry.page.id);
      return !old || old.parent !== entry.parent || !same(shallow(old.page), shallow(entry.page));
    })
    .map((entry) => ({ page: entry.page, parent: entry.parent, index: entry.index }));
  const files = diffById(base.files, mine.files);
  const reusable = diffById(base.reusableContents, mine.reusableContents);
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(mine.variables)) {
    if (base.variables[name] !== value) variables[name] = value;
  }
  return {
    pages,
    removedPages: [...before.keys()].filter((id) => !afterIds.has(id)),
    files: files.changed,
    removedFiles: files.removed,
    reusableContents: reusable.changed,
    removedReusableContents: reusable.removed,
    variables,
    removedVariables: Object.keys(base.variables).filter((name) => !(name in mine.variables)),
  };
}

function detach(pages: PageRow[], pageId: string): PageRow | undefined {
  const index = pages.findIndex((page) => page.id === pageId);
  if (index >= 0) return pages.splice(index, 1)[0];
  for (const page of pages) {
    const found = detach(page.pages, pageId);
    if (found) return found;
  }
  return undefined;
}

function upsertById<T extends { id: string }>(items: T[], changed: readonly T[], removed: readonly string[]) {
  for (const id of removed) {
    const index = items.findIndex((item) => item.id === id);
    if (index >= 0) items.splice(index, 1);
  }
  for (const item of changed) {
    const index = items.findIndex((existing) => existing.id === item.id);
    if (index >= 0) items[index] = structuredClone(item);
    else items.push(structuredClone(item));
  }
}

/**
 * Re-applies changes on other content (e.g. the current primary revision), in place: changed
 * pages keep the children they have there; a page whose parent is gone lands at the root.
 */
export function applyChanges(content: RevisionContent, changes: RevisionChanges): void {
  for (const id of changes.removedPages) detach(content.pages, id);
  for (const change of changes.pages) {
    const existing = detach(content.pages, change.page.id);
    const page: PageRow = { ...structuredClone(shallow(change.page)), pages: existing?.pages ?? [] };
    const parent = change.parent
      ? flattenPages(content.pages).find((entry) => entry.page.id === change.parent)
      : undefined;
    const siblings = parent ? parent.page.pages : content.pages;
    siblings.splice(Math.min(change.index, siblings.length), 0, page);
  }
  upsertById(content.files, changes.files, changes.removedFiles);
  upsertById(content.reusableContents, changes.reusableContents, changes.removedReusableContents);
  for (const name of changes.removedVariables) delete content.variables[name];
  Object.assign(content.variables, changes.variables);
}

// ---------------------------------------------------------------------------------------------
// Views: the API objects, built on read.

const oid = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('hex');

function appUrl(space: string): string {
  return `${APP_ORIGIN}/s/${space}`;
}

/** The generator of the demo's "All pages" page: a list of the revision's pages. */
export const PAGE_INDEX_GENERATOR = 'integration:page-index:all-pages';

/** Markdown of a computed page, from its generator. */
function computeMarkdown(revision: RevisionRow, page: PageRow): string {
  if (page.computed?.type === PAGE_INDEX_GENERATOR) {
    const depth = typeof page.computed.props.depth === 'number' ? page.computed.props.depth : Infinity;
    const lines = flattenPages(revision.pages)
      .filter((entry) => entry.page.id !== page.id && !entry.page.hidden && entry.depth < depth)
      .map(
        (entry) => `${'  '.repeat(entry.depth)}${STORED_LIST_MARKER} [${entry.page.title}](/${entry.path})`,
      );
    // In the stored form, as every page's body: no title heading (the title is the page's field).
    return lines.length ? `${lines.join('\n')}\n` : '';
  }
  return '';
}

/**
 * The layout of a page nobody laid out. The published document requires every option; these
 * are the service's defaults as far as the document shows them.
 */
export const DEFAULT_PAGE_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
} as const;

/** An empty rich-text document: the body of a computed page read without computing it. */
const EMPTY_DOCUMENT: JSONDocumentParam = { object: 'document', data: {}, nodes: [] };

const textNode = (text: string): DocumentTextParam => ({
  object: 'text',
  leaves: [{ object: 'leaf', text, marks: [] }],
});

const HEADINGS = { 1: 'heading-1', 2: 'heading-2', 3: 'heading-3' } as const;

/**
 * Markdown as a rich-text document, roughly: `#`, `##`, `###` lines become headings, other
 * runs of lines paragraphs (their markdown kept as text).
 */
export function markdownDocument(markdown: string): JSONDocumentParam {
  const nodes = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): DocumentBlocksTopLevelsParam => {
      const heading = /^(#{1,3})\s+(.*)$/.exec(block);
      if (!heading) return { object: 'block', type: 'paragraph', nodes: [textNode(block)] };
      const level = (heading[1]?.length ?? 1) as keyof typeof HEADINGS;
      return { object: 'block', type: HEADINGS[level], data: {}, nodes: [textNode(heading[2] ?? '')] };
    });
  return { object: 'document', data: { schemaVersion: 1 }, nodes };
}

/** The plain text of a rich-text document: one line per top-level block. */
export function documentPlainText(document: JSONDocumentParam): string {
  const text = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const { leaves, nodes } = node as { leaves?: Array<{ text?: unknown }>; nodes?: unknown[] };
    if (Array.isArray(leaves))
      return leaves.map((leaf) => (typeof leaf.text === 'string' ? leaf.text : '')).join('');
    return Array.isArray(nodes) ? nodes.map(text).join('') : '';
  };
  return (document.nodes ?? []).map(text).join('\n').trim();
}

/** Output form of a body: markdown (the default) or a rich-text document. */
export type BodyFormat = 'markdown' | 'document';

/** A body (`Document` in the published document) in the asked format. */
export function bodyView(
  markdown: string,
  format: BodyFormat | undefined,
  document?: JSONDocumentParam,
): { markdown: string } | { document: JSONDocumentParam } {
  if (format !== 'document') return { markdown };
  return { document: structuredClone(document ?? markdownDocument(markdown)) };
}

export interface PageViewOptions extends ContentOptions {
  format?: BodyFormat | undefined;
  /**
   * How the page's links to pages and files are written (`format.markdown.refs`): `relative`
   * (the default) as relative paths between files of the Git Sync layout, `stable` as stored
   * (`/pages/<id>`, `/files/<id>`). Links the seed wrote as paths stay as written.
   */
  refs?: 'relative' | 'stable' | undefined;
  /** Applied to the markdown of the page itself (not of its children), e.g. evaluation. */
  transform?: ((markdown: string) => string) | undefined;
  /** The revision's link index, built once per answer (see content-links.ts). */
  index?: LinkIndex | undefined;
}

/** A page of any type, as the published document's `RevisionPage`. */
export function anyPageView(
  revision: RevisionRow,
  entry: Pick<FlatPage, 'page' | 'path'>,
  options: PageViewOptions,
): RevisionPage {
  if (entry.page.type === 'group') return groupView(revision, entry, options);
  if (entry.page.type === 'link') return linkView(revision, entry);
  if (entry.page.type === 'computed') return computedView(entry);
  return pageView(revision, entry, options);
}

/** A computed page (`RevisionPageComputed`): its definition; the service generates its pages. */
export function computedView(entry: Pick<FlatPage, 'page' | 'path'>): RevisionPageComputed {
  const { page } = entry;
  return {
    id: page.id,
    title: page.title,
    type: 'computed',
    computed: structuredClone(
      page.source ?? { type: 'builtin:openapi' },
    ) as unknown as RevisionPageComputed['computed'],
    ...pageOptions(page),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
  };
}

type ChildView = NonNullable<RevisionPageDocument['pages']>[number];

/** A child of a document or group: a document or a link (groups are at the root only). */
function childViews(
  revision: RevisionRow,
  entry: Pick<FlatPage, 'page' | 'path'>,
  options: PageViewOptions,
): ChildView[] {
  const { transform: _transform, ...childOptions } = options;
  return entry.page.pages.map((child) => {
    const childEntry = { page: child, path: `${entry.path}/${child.slug}` };
    if (child.type === 'computed') return computedView(childEntry);
    return child.type === 'link'
      ? linkView(revision, childEntry)
      : pageView(revision, childEntry, childOptions);
  });
}

/** A group page (`RevisionPageGroup`): a heading of the table of contents, with its pages. */
export function groupView(
  revision: RevisionRow,
  entry: Pick<FlatPage, 'page' | 'path'>,
  options: PageViewOptions,
): RevisionPageGroup {
  const { page, path } = entry;
  const index = options.index ?? linkIndex(revision);
  return {
    id: page.id,
    title: page.title,
    kind: 'group',
    type: 'group',
    slug: page.slug,
    path,
    ...pageOptions(page),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    pages: childViews(revision, entry, { ...options, index }),
  };
}

/** A link page (`RevisionPageLink`): an entry of the table of contents pointing elsewhere. */
export function linkView(revision: RevisionRow, entry: Pick<FlatPage, 'page' | 'path'>): RevisionPageLink {
  const { page } = entry;
  const target = page.target ?? { kind: 'url', url: '' };
  return {
    id: page.id,
    title: page.title,
    kind: 'link',
    type: 'link',
    target: referenceTo(revision.space, target),
    ...(target.kind === 'url' || target.kind === 'space' ? { href: target.url } : {}),
    ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
    ...(page.icon !== undefined ? { icon: page.icon } : {}),
    ...(page.hidden !== undefined ? { hidden: page.hidden } : {}),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
  };
}

/** The options a page shows when it has them. */
function pageOptions(page: PageRow) {
  return {
    ...(page.linkTitle !== undefined ? { linkTitle: page.linkTitle } : {}),
    ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
    ...(page.icon !== undefined ? { icon: page.icon } : {}),
    ...(page.hidden !== undefined ? { hidden: page.hidden } : {}),
    ...(page.noIndex !== undefined ? { noIndex: page.noIndex } : {}),
    ...(page.noRobotsIndex !== undefined ? { noRobotsIndex: page.noRobotsIndex } : {}),
    ...(page.condition !== undefined ? { condition: page.condition } : {}),
  };
}

/**
 * A document page as the published document's `RevisionPageDocument`: a body is required, so a
 * computed page read with `computed: false` comes with an empty document.
 */
export function pageView(
  revision: RevisionRow,
  entry: Pick<FlatPage, 'page' | 'path'>,
  options: PageViewOptions,
): RevisionPageDocument {
  const { page, path } = entry;
  const index = options.index ?? linkIndex(revision);
  let markdown = page.computed
    ? options.computed === false
      ? undefined
      : computeMarkdown(revision, page)
    : (page.markdown ?? '');
  if (markdown !== undefined && options.refs !== 'stable') markdown = relativeLinks(markdown, page.id, index);
  if (markdown !== undefined && options.transform) markdown = options.transform(markdown);
  return {
    id: page.id,
    title: page.title,
    kind: 'sheet',
    type: 'document',
    slug: page.slug,
    path,
    ...pageOptions(page),
    ...(page.description !== undefined ? { description: page.description } : {}),
    ...(page.variables !== undefined ? { variables: { ...page.variables } } : {}),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    ...(markdown === undefined
      ? { document: structuredClone(EMPTY_DOCUMENT) }
      : bodyView(markdown, options.format)),
    // The document's generator `props` are a `PlainObject`, which refuses every scalar value:
    // the generator's settings stay in the sandbox.
    ...(page.computed ? { computed: { type: page.computed.type, props: {} } } : {}),
    urls: { app: `${appUrl(revision.space)}/${path}` },
    ...(options.gitMetadata === false
      ? {}
      : { git: { oid: oid(shallow(page)), path: index.files.get(page.id) ?? `${path}.md` } }),
    layout: { ...DEFAULT_PAGE_LAYOUT },
    tags: [],
    pages: childViews(revision, entry, { ...options, index }),
  };
}

export function pagesView(revision: RevisionRow, options: PageViewOptions): RevisionPage[] {
  const index = options.index ?? linkIndex(revision);
  return revision.pages.map((page) =>
    anyPageView(revision, { page, path: page.slug }, { ...options, index }),
  );
}

/**
 * Where the sandbox serves the bytes it has of a file (`store.blobs`), under the origin a request
 * reached: `/_files/<blob>/<name>`, with no token (a download URL carries its own access, as the
 * service's do). See `fileDownloadUrl`.
 */
export const FILE_DOWNLOAD_PREFIX = '/_files';

/**
 * A file's `downloadURL`: served by the sandbox itself when it has the file's bytes (`origin`: the
 * origin the request reached, `store.apiOrigin()`), else a URL of a files host that does not
 * exist (the seed's files, files given by URL: the sandbox never had their bytes).
 */
export function fileDownloadUrl(
  revision: Pick<RevisionRow, 'space'>,
  file: FileRow,
  origin?: string,
): string {
  const name = encodeURIComponent(file.name);
  if (file.blob !== undefined && origin !== undefined)
    return `${origin}${FILE_DOWNLOAD_PREFIX}/${file.blob}/${name}`;
  return `${FILES_ORIGIN}/spaces/${revision.space}/files/${file.id}/${name}`;
}

export function fileView(
  revision: Pick<RevisionRow, 'space'>,
  file: FileRow,
  options: ContentOptions,
  origin?: string,
): RevisionFile {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    ...(file.dimensions ? { dimensions: { ...file.dimensions } } : {}),
    downloadURL: fileDownloadUrl(revision, file, origin),
    ...(options.gitMetadata === false
      ? {}
      : { git: { oid: oid(file), path: `.gitbook/assets/${file.name}` } }),
  };
}

/** The id of a reusable content's document (`getDocumentById`): made from the reusable content's. */
export function reusableDocumentId(reusable: ReusableContentRow): string {
  return `doc_${reusable.id}`;
}

/** A reusable content as the API shows it: its document's id, and where Git Sync keeps it. */
export function reusableContentView(
  reusable: ReusableContentRow,
  options: { gitMetadata?: boolean | undefined },
) {
  return {
    id: reusable.id,
    title: reusable.title,
    document: reusableDocumentId(reusable),
    ...(options.gitMetadata === false
      ? {}
      : { git: { oid: oid(reusable), path: reusable.gitPath ?? `.gitbook/includes/${reusable.id}.md` } }),
  };
}

/**
 * A revision. A `merge` revision names the change request it merged (`mergedFrom`, given by the
 * caller: the published document requires it).
 */
export function revisionView(
  revision: RevisionRow,
  options: ContentOptions,
  mergedFrom?: ChangeRequest,
  origin?: string,
): Revision {
  const view = {
    object: 'revision' as const,
    id: revision.id,
    parents: [...revision.parents],
    pages: pagesView(revision, options),
    files: revision.files.map((file) => fileView(revision, file, options, origin)),
    reusableContents: revision.reusableContents.map((reusable) => reusableContentView(reusable, options)),
    tags: [],
    variables: { ...revision.variables },
    createdAt: revision.createdAt,
    ...(options.gitMetadata === false
      ? {}
      : {
          git: {
            oid: oid([revision.id, revision.createdAt]),
            message: revision.message,
            createdByGitBook: false,
          },
        }),
    urls: { app: `${appUrl(revision.space)}/~/revisions/${revision.id}` },
  };
  const type = revision.type ?? 'edits';
  if (type !== 'merge') return { ...view, type };
  if (!mergedFrom)
    throw new Error(`merge revision ${revision.id} shown without the change request it merged`);
  return { ...view, type, mergedFrom };
}

export function requirePage(revision: RevisionRow, pageId: string, where: string): FlatPage {
  const entry = findPage(revision, pageId);
  if (!entry) throw new SandboxError(404, `page "${pageId}" was not found in ${where}`);
  return entry;
}

export function requireFile(revision: RevisionRow, fileId: string, where: string): FileRow {
  const file = revision.files.find((candidate) => candidate.id === fileId);
  if (!file) throw new SandboxError(404, `file "${fileId}" was not found in ${where}`);
  return file;
}

/**
 * Evaluates the expressions of a page's markdown: `{{ variables.name }}` is deterministic,
 * `{{ now }}` is not. `true` evaluates both, `deterministic-only` the variables only.
 * An unknown variable is left as written.
 */
export function evaluateMarkdown(
  markdown: string,
  variables: Record<string, string>,
  mode: boolean | 'deterministic-only' | undefined,
  now: () => string,
): string {
  if (!mode) return markdown;
  let result = markdown.replace(/\{\{\s*variables\.([A-Za-z_][\w-]*)\s*\}\}/g, (expression, name: string) =>
    Object.hasOwn(variables, name) ? (variables[name] ?? '') : expression,
  );
  if (mode === true && /\{\{\s*now\s*\}\}/.test(result)) {
    const date = now();
    result = result.replace(/\{\{\s*now\s*\}\}/g, date);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Links and backlinks.

function isBroken(revision: RevisionRow, target: LinkTarget): boolean {
  if (target.kind === 'page') return !findPage(revision, target.page);
  if (target.kind === 'file') return !revision.files.some((file) => file.id === target.file);
  return false;
}

export function linkStatus(revision: RevisionRow, target: LinkTarget): 'ok' | 'broken' | 'in-app' {
  if (isBroken(revision, target)) return 'broken';
  if (target.kind === 'url') {
    try {
      if (new URL(target.url).host === APP_HOST) return 'in-app';
    } catch {
      return 'ok';
    }
  }
  return 'ok';
}

function referenceTo(space: string, target: LinkTarget): ContentRef {
  if (target.kind === 'page' && target.anchor)
    return { kind: 'anchor', anchor: target.anchor, page: target.page, space };
  if (target.kind === 'page') return { kind: 'page', page: target.page, space };
  if (target.kind === 'file') return { kind: 'file', file: target.file };
  if (target.kind === 'space') return { kind: 'space', space: target.space };
  return { kind: 'url', url: target.url };
}

const pageReference = (space: string, page: string): ContentRef => ({ kind: 'page', page, space });

/**
 * The links of a page in `revision`, with counts. A broken link counts for the change request
 * when it is not already broken on the same page in `base` (the primary revision the request
 * started from, or was last updated from).
 */
export function pageLinks(
  revision: RevisionRow,
  base: RevisionRow,
  page: PageRow,
): { links: Link[]; stats: { total: number; broken: { total: number; changeRequest: number } } } {
  const basePage = findPage(base, page.id)?.page;
  let broken = 0;
  let introduced = 0;
  const links = page.links.map((link): Link => {
    const status = linkStatus(revision, link.target);
    if (status === 'broken') {
      broken += 1;
      const brokenBefore = basePage?.links.some(
        (old) => same(old.target, link.target) && isBroken(base, old.target),
      );
      if (!brokenBefore) introduced += 1;
    }
    return {
      status,
      relation: link.relation,
      targetReference: referenceTo(revision.space, link.target),
      locationReferences: [pageReference(revision.space, page.id)],
    };
  });
  return { links, stats: { total: links.length, broken: { total: broken, changeRequest: introduced } } };
}

/** References of the pages of `revision` that link to the target. */
export function backlinks(revision: RevisionRow, target: LinkTarget): ContentRef[] {
  return flattenPages(revision.pages)
    .filter((entry) => entry.page.links.some((link) => same(link.target, target)))
    .map((entry) => pageReference(revision.space, entry.page.id));
}
