import { contentTypeOf } from '@docs-api/sdk/git-layout';
import { createHash } from 'node:crypto';
import type {
  ChangeRequestContentChange,
  ChangeRequestContentChangeInsertFiles,
  ChangeRequestContentChangeInsertPage,
  ChangeRequestContentChangeRevertPage,
  ChangeRequestContentChangeUpdatePage,
  DocumentParam,
} from '@docs-api/sdk/contract';
import { flattenPages, type FileRow, type FlatPage, type PageRow, type RevisionContent } from './content.js';
import { isDocument, linkIndex, linksOf, resolveLinks, type BatchRefs } from './content-links.js';
import {
  documentMarkdown,
  FrontMatterError,
  parsePageMarkdown,
  slugify,
  slugProblem,
} from './content-markdown.js';
import { normalizeStoredMarkdown } from './content-normalize.js';
import { linkedPageIds } from './content-stored.js';

/*
 * `updateChangeRequestContent`'s batch, applied to a copy of a change request's content: changes
 * in order, each on the content the ones before it left; the first that cannot be applied stops
 * the batch (a `ContentChangeError` naming its index) and the copy is thrown away, so nothing
 * changes (the published document: "if any single change is invalid the entire batch is
 * rejected and no revision is created").
 */

/** The published document's limit on a file sent inline (`base64`): "max 1MB". */
export const MAX_INLINE_FILE_BYTES = 1_000_000;

/** The title of a page inserted with none (no `title`, front matter or heading). */
export const DEFAULT_PAGE_TITLE = 'Untitled';

/** A change of the batch that cannot be applied: the whole batch is refused. */
export class ContentChangeError extends Error {
  override name = 'ContentChangeError';
  constructor(
    readonly index: number,
    readonly field: string | undefined,
    readonly detail: string,
  ) {
    super(`changes[${index}]${field ? `.${field}` : ''}: ${detail}`);
  }
}

export type PageOutcome =
  | { object: 'created_page'; page: string; ref?: string }
  | { object: 'updated_page'; page: string }
  | { object: 'deleted_page'; page: string };

export interface BatchResult {
  content: RevisionContent;
  /** One per page the batch touched, in the order they were first touched. */
  outcomes: PageOutcome[];
  /** The files inserted, in order. */
  insertedFiles: FileRow[];
  /** The bytes of the files inserted (base64), by blob key, for `store.blobs`. */
  blobs: Map<string, string>;
}

export interface BatchInput {
  /**
   * The change request's content, never changed: the batch's content shares with it every page
   * the batch leaves alone, and copies the ones it changes (with the pages above them).
   */
  content: RevisionContent;
  changes: readonly ChangeRequestContentChange[];
  /** A new id (`store.newId`). */
  newId: (prefix: string) => string;
  now: string;
  /** The content a `revert_page` goes back to: the revision given (checked by the caller), or the base. */
  revisionContent: (revision: string | undefined, index: number) => RevisionContent;
}

export function applyBatch(input: BatchInput): BatchResult {
  // Copied as the batch writes (Batch.#own), not whole: a push of 2,000 pages sends 667 batches,
  // and a whole copy each time kept 667 copies of every page in the store.
  const content: RevisionContent = {
    pages: [...input.content.pages],
    files: [...input.content.files],
    reusableContents: [...input.content.reusableContents],
    variables: { ...input.content.variables },
  };
  const batch = new Batch(content, input);
  input.changes.forEach((change, index) => batch.apply(change, index));
  return {
    content,
    outcomes: batch.outcomes(),
    insertedFiles: batch.insertedFiles,
    blobs: batch.blobs,
  };
}

/** `body` as its base64 bytes, or why not. */
function decodeBase64(base64: string): Buffer | string {
  const compact = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1)
    return 'base64: is not base64 text';
  return Buffer.from(compact, 'base64');
}

/** A file's content type from its name's extension: the layout module's table, shared with the CLI. */
export { contentTypeOf };

/** Markdown of a document as sent: markdown, a rich-text document as its markdown, or nothing. */
export function sentMarkdown(document: DocumentParam): string {
  if ('markdown' in document && typeof document.markdown === 'string') return document.markdown;
  if ('document' in document) return documentMarkdown(document.document);
  return '';
}

type Touch = 'created' | 'updated' | 'deleted';

class Batch {
  readonly insertedFiles: FileRow[] = [];
  readonly blobs = new Map<string, string>();
  readonly #touched = new Map<string, { touch: Touch; ref?: string }>();
  /** Refs of the batch, resolved before any change (links to them work whatever the order). */
  readonly #refs: BatchRefs = new Map();
  /** Ids given in advance to the pages and files the batch inserts, by change index (and file index). */
  readonly #pageIds = new Map<number, string>();
  readonly #fileIds = new Map<string, string>();
  /** The pages this batch made or copied: the ones it may change in place. */
  readonly #owned = new Set<PageRow>();

  constructor(
    readonly content: RevisionContent,
    readonly input: BatchInput,
  ) {
    const paths = new Set(flattenPages(content.pages).map((entry) => entry.path));
    const claim = (ref: string, index: number, field: string, kind: 'page' | 'file', id: string) => {
      if (this.#refs.has(ref))
        throw new ContentChangeError(index, field, `ref "${ref}" is used twice in the batch`);
      if (paths.has(ref))
        throw new ContentChangeError(
          index,
          field,
          `ref "${ref}" is the path of a page of the change request`,
        );
      this.#refs.set(ref, { kind, id });
    };
    input.changes.forEach((change, index) => {
      if (change.operation === 'insert_page') {
        const id = input.newId('page');
        this.#pageIds.set(index, id);
        if (change.ref !== undefined) claim(change.ref, index, 'ref', 'page', id);
      } else if (change.operation === 'insert_files') {
        change.files.forEach((file, at) => {
          const id = input.newId('file');
          this.#fileIds.set(`${index}/${at}`, id);
          if (file.ref !== undefined) claim(file.ref, index, `files[${at}].ref`, 'file', id);
        });
      }
    });
  }

  apply(change: ChangeRequestContentChange, index: number): void {
    switch (change.operation) {
      case 'insert_page':
        return this.#insert(change, index);
      case 'update_page':
        return this.#update(change, index);
      case 'delete_page':
        return this.#delete(change.page, index);
      case 'revert_page':
        return this.#revert(change, index);
      case 'insert_files':
        return this.#insertFiles(change, index);
    }
  }

  outcomes(): PageOutcome[] {
    return [...this.#touched].map(([page, { touch, ref }]) =>
      touch === 'created'
        ? { object: 'created_page', page, ...(ref !== undefined ? { ref } : {}) }
        : { object: touch === 'updated' ? 'updated_page' : 'deleted_page', page },
    );
  }

  #touch(page: string, touch: Touch, ref?: string): void {
    const before = this.#touched.get(page);
    if (!before) this.#touched.set(page, { touch, ...(ref !== undefined ? { ref } : {}) });
    else if (touch === 'deleted' && before.touch === 'created') this.#touched.delete(page);
    else if (touch === 'deleted') before.touch = 'deleted';
    else if (touch === 'created' && before.touch === 'deleted') before.touch = 'updated';
  }

  #find(pageId: string): FlatPage | undefined {
    return flattenPages(this.content.pages).find((entry) => entry.page.id === pageId);
  }

  #require(pageId: string, index: number, field = 'page'): FlatPage {
    const entry = this.#find(pageId);
    if (!entry) throw new ContentChangeError(index, field, `page "${pageId}" is not in the change request`);
    return entry;
  }

  /**
   * The page, made the batch's own: it and each page above it are copied (their fields and their
   * list of pages), the pages under them still shared with the revision the batch started from.
   */
  #own(pageId: string, index: number, field = 'page'): PageRow {
    const byId = new Map(flattenPages(this.content.pages).map((entry) => [entry.page.id, entry]));
    const chain: FlatPage[] = [];
    for (
      let entry = byId.get(pageId);
      entry;
      entry = entry.parent === null ? undefined : byId.get(entry.parent)
    )
      chain.unshift(entry);
    if (chain.length === 0)
      throw new ContentChangeError(index, field, `page "${pageId}" is not in the change request`);
    let list = this.content.pages;
    let page = chain[0]?.page as PageRow;
    for (const entry of chain) {
      page = list[entry.index] ?? entry.page;
      if (!this.#owned.has(page)) {
        page = { ...page, pages: [...page.pages] };
        list[entry.index] = page;
        this.#owned.add(page);
      }
      list = page.pages;
    }
    return page;
  }

  /** The pages under `parent` (null: the root), for a page going there: the batch's own list. */
  #siblings(parent: string | null, index: number, field: string, moving?: PageRow): PageRow[] {
    if (parent === null) return this.content.pages;
    const entry = this.#require(parent, index, field);
    if (entry.page.type === 'link')
      throw new ContentChangeError(index, field, `page "${parent}" is a link page: it cannot hold pages`);
    if (entry.page.computed)
      throw new ContentChangeError(index, field, `page "${parent}" is computed: it cannot hold pages`);
    if (moving?.type === 'group')
      throw new ContentChangeError(
        index,
        field,
        `page "${moving.id}" is a group: groups are at the root only`,
      );
    return this.#own(parent, index, field).pages;
  }

  #checkSlug(slug: string, siblings: readonly PageRow[], self: string, index: number): void {
    const problem = slugProblem(slug);
    if (problem) throw new ContentChangeError(index, 'slug', `"${slug}" ${problem}`);
    const taken = siblings.find((sibling) => sibling.id !== self && sibling.slug === slug);
    if (taken)
      throw new ContentChangeError(index, 'slug', `"${slug}" is the slug of page "${taken.id}" beside it`);
  }

  /** A slug made from the title, made unique among the siblings (`-2`, `-3`, ...). */
  #freeSlug(title: string, siblings: readonly PageRow[], self: string): string {
    const base = slugify(title);
    const taken = new Set(siblings.filter((sibling) => sibling.id !== self).map((sibling) => sibling.slug));
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  #at(at: number | undefined, siblings: readonly PageRow[], index: number): number {
    if (at === undefined) return siblings.length;
    if (at > siblings.length)
      throw new ContentChangeError(
        index,
        'at',
        `${at} is past the end: the parent has ${siblings.length} page${siblings.length === 1 ? '' : 's'} there, so at is 0 to ${siblings.length}`,
      );
    return at;
  }

  /** Sets a page's body and options from a document as sent; links resolved from its place. */
  #write(page: PageRow, document: DocumentParam, index: number): void {
    let parsed;
    try {
      parsed = parsePageMarkdown(sentMarkdown(document));
    } catch (error) {
      if (error instanceof FrontMatterError) throw new ContentChangeError(index, 'document', error.message);
      throw error;
    }
    for (const [key, value] of Object.entries(parsed.options)) {
      if (key === 'title') continue;
      (page as unknown as Record<string, unknown>)[key] = value;
    }
    // The keys the page has no field for live in the document's front matter alone.
    if (parsed.meta !== undefined && Object.keys(parsed.meta).length) page.meta = parsed.meta;
    else delete page.meta;
    if (parsed.options.title !== undefined) page.title = parsed.options.title;
    page.markdown = '';
    this.#body(page, parsed.body);
  }

  #body(page: PageRow, body: string): void {
    const index = linkIndex(this.content);
    // A link the page already holds to a page that is gone (a broken link) stays a link.
    const pageIds = new Set([...index.paths.keys(), ...this.#pageIds.values(), ...linkedPageIds(page)]);
    const markdown = normalizeStoredMarkdown(
      resolveLinks(body, {
        index,
        pageIds,
        from: index.files.get(page.id) ?? `${page.slug}.md`,
        refs: this.#refs,
      }),
    );
    page.markdown = markdown;
    page.links = linksOf(markdown);
  }

  #options(
    page: PageRow,
    change: ChangeRequestContentChangeInsertPage | ChangeRequestContentChangeUpdatePage,
  ) {
    if (change.emoji !== undefined) page.emoji = change.emoji;
    if (change.icon !== undefined) page.icon = change.icon;
    if (change.description !== undefined) {
      if (change.description === '') delete page.description;
      else page.description = change.description;
    }
    if (change.hidden !== undefined) page.hidden = change.hidden;
    if (change.noIndex !== undefined) page.noIndex = change.noIndex;
    if (change.noRobotsIndex !== undefined) page.noRobotsIndex = change.noRobotsIndex;
    if (change.condition !== undefined) page.condition = change.condition;
  }

  #insert(change: ChangeRequestContentChangeInsertPage, index: number): void {
    const id = this.#pageIds.get(index) ?? this.input.newId('page');
    const siblings = this.#siblings(change.into ?? null, index, 'into');
    const at = this.#at(change.at, siblings, index);
    const page: PageRow = {
      id,
      title: change.title ?? DEFAULT_PAGE_TITLE,
      slug: '',
      createdAt: this.input.now,
      updatedAt: this.input.now,
      markdown: '',
      links: [],
      pages: [],
    };
    this.#owned.add(page);
    this.#options(page, change);
    // The document's front matter and heading take precedence over the fields (Git Sync's rule).
    let parsed;
    try {
      parsed = parsePageMarkdown(sentMarkdown(change.document));
    } catch (error) {
      if (error instanceof FrontMatterError) throw new ContentChangeError(index, 'document', error.message);
      throw error;
    }
    if (parsed.options.title !== undefined) page.title = parsed.options.title;
    if (change.slug !== undefined && change.slug !== '') {
      this.#checkSlug(change.slug, siblings, id, index);
      page.slug = change.slug;
    } else {
      page.slug = this.#freeSlug(page.title, siblings, id);
    }
    siblings.splice(at, 0, page);
    // Placed first: relative links start from the page's own file.
    this.#write(page, change.document, index);
    this.#touch(id, 'created', change.ref);
  }

  #update(change: ChangeRequestContentChangeUpdatePage, index: number): void {
    const entry = this.#require(change.page, index);
    const found = entry.page;
    if (change.document !== undefined && !isDocument(found))
      throw new ContentChangeError(
        index,
        'document',
        `page "${found.id}" is a ${found.type} page: it has no document`,
      );
    if (change.document !== undefined && found.computed)
      throw new ContentChangeError(
        index,
        'document',
        `page "${found.id}" is computed: its document is generated`,
      );
    const page = this.#own(change.page, index);
    // Move first: a slug and relative links are checked where the page ends up.
    let siblings = entry.parent === null ? this.content.pages : this.#own(entry.parent, index).pages;
    if (change.into !== undefined || change.at !== undefined) {
      const parent = change.into === undefined ? entry.parent : change.into;
      if (parent !== null) {
        const descendant = flattenPages([page]).some((inner) => inner.page.id === parent);
        if (descendant)
          throw new ContentChangeError(
            index,
            'into',
            `page "${page.id}" cannot be moved under itself or a page inside it`,
          );
      }
      const target = this.#siblings(parent, index, 'into', page);
      const from = siblings.indexOf(page);
      siblings.splice(from, 1);
      const samePlace = parent === entry.parent;
      const at =
        change.at === undefined ? (samePlace ? Math.min(from, target.length) : target.length) : change.at;
      try {
        this.#at(at, target, index);
      } catch (error) {
        siblings.splice(from, 0, page);
        throw error;
      }
      target.splice(at, 0, page);
      siblings = target;
      if (change.slug === undefined) {
        const clash = siblings.find((sibling) => sibling !== page && sibling.slug === page.slug);
        if (clash)
          throw new ContentChangeError(
            index,
            'into',
            `page "${page.id}" (slug "${page.slug}") cannot go beside page "${clash.id}", which has the same slug`,
          );
      }
    }
    if (change.slug !== undefined) {
      this.#checkSlug(change.slug, siblings, page.id, index);
      page.slug = change.slug;
    }
    if (change.title !== undefined) page.title = change.title;
    this.#options(page, change);
    if (change.document !== undefined) this.#write(page, change.document, index);
    page.updatedAt = this.input.now;
    this.#touch(page.id, 'updated');
  }

  #delete(pageId: string, index: number): void {
    const entry = this.#require(pageId, index);
    const siblings = entry.parent === null ? this.content.pages : this.#own(entry.parent, index).pages;
    siblings.splice(siblings.indexOf(entry.page), 1);
    for (const gone of flattenPages([entry.page])) this.#touch(gone.page.id, 'deleted');
  }

  #revert(change: ChangeRequestContentChangeRevertPage, index: number): void {
    if (change.block !== undefined)
      throw new ContentChangeError(
        index,
        'block',
        "the sandbox keeps no block keys in a page's document: revert the whole page (leave out block)",
      );
    const reference = this.input.revisionContent(change.revision, index);
    const before = flattenPages(reference.pages).find((entry) => entry.page.id === change.page);
    const now = this.#find(change.page);
    if (!before && !now)
      throw new ContentChangeError(
        index,
        'page',
        `page "${change.page}" is neither in the change request nor in the revision`,
      );
    if (!before) return this.#delete(change.page, index);
    if (!now) {
      // Restored where it was (its parent, if still there; else at the root), with the pages
      // under it that are not elsewhere in the change request now.
      const present = new Set(flattenPages(this.content.pages).map((entry) => entry.page.id));
      const restore = (page: PageRow): PageRow => ({
        ...structuredClone(page),
        pages: page.pages.filter((child) => !present.has(child.id)).map(restore),
      });
      const parent = before.parent === null ? undefined : this.#find(before.parent);
      const siblings = parent ? this.#own(parent.page.id, index).pages : this.content.pages;
      const page = restore(before.page);
      const clash = siblings.find((sibling) => sibling.slug === page.slug);
      if (clash)
        throw new ContentChangeError(
          index,
          'page',
          `page "${page.id}" cannot come back: page "${clash.id}" has its slug "${page.slug}" there now`,
        );
      siblings.splice(Math.min(before.index, siblings.length), 0, page);
      for (const back of flattenPages([page])) this.#touch(back.page.id, 'created');
      return;
    }
    const { pages, ...fields } = structuredClone(before.page);
    const siblings = now.parent === null ? this.content.pages : (this.#find(now.parent)?.page.pages ?? []);
    const clash = siblings.find((sibling) => sibling !== now.page && sibling.slug === fields.slug);
    if (clash)
      throw new ContentChangeError(
        index,
        'page',
        `page "${now.page.id}" cannot take back its slug "${fields.slug}": page "${clash.id}" has it there now`,
      );
    const owned = this.#own(now.page.id, index);
    for (const key of Object.keys(owned))
      if (key !== 'pages') delete (owned as unknown as Record<string, unknown>)[key];
    Object.assign(owned, fields, { pages: owned.pages ?? pages });
    this.#touch(owned.id, 'updated');
  }

  #insertFiles(change: ChangeRequestContentChangeInsertFiles, index: number): void {
    change.files.forEach((file, at) => {
      const field = `files[${at}]`;
      const id = this.#fileIds.get(`${index}/${at}`) ?? this.input.newId('file');
      let row: FileRow;
      if ('base64' in file) {
        if (file.contentType === undefined)
          throw new ContentChangeError(index, `${field}.contentType`, 'is required with base64');
        const bytes = decodeBase64(file.base64);
        if (typeof bytes === 'string') throw new ContentChangeError(index, field, bytes);
        if (bytes.length > MAX_INLINE_FILE_BYTES)
          throw new ContentChangeError(
            index,
            `${field}.base64`,
            `"${file.name}" is ${bytes.length.toLocaleString('en-US')} bytes: a file sent as base64 is at most ${MAX_INLINE_FILE_BYTES.toLocaleString('en-US')}`,
          );
        const blob = createHash('sha256').update(bytes).digest('hex');
        this.blobs.set(blob, bytes.toString('base64'));
        row = { id, name: file.name, contentType: file.contentType, size: bytes.length, blob };
      } else {
        // The sandbox has no network: a file given by URL is recorded, its bytes never fetched.
        row = { id, name: file.name, contentType: file.contentType ?? contentTypeOf(file.name), size: 0 };
      }
      this.content.files.push(row);
      this.insertedFiles.push(row);
    });
  }
}
