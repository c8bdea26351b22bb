// One content-type table for the push and the sandbox's Git import: the layout module's.
import { contentTypeOf } from '../../sdk-git-layout.js';
import {
  MAX_CHANGES_PER_REQUEST,
  type ChangeRequestContentChange,
  type ChangeRequestContentChangeInsertPage,
  type ChangeRequestContentChangeUpdatePage,
  type InsertFile,
  type UpdateChangeRequestContentBody,
} from './changes.js';
import { inRoot } from './config.js';
import type { LayoutFs } from './fs.js';
import { isAssetPath, isExternal, resolveRelative, rewriteLinks, splitAnchor } from './links.js';
import { emptyMapping, type SyncMapping } from './mapping.js';
import type { PageNode } from './model.js';
import { renderFrontMatter } from './page-file.js';
import type { PageRef, Plan, PlannedChange } from './plan.js';
import { eachPage, loadPage, type LocalLayout, type LocalPage } from './read.js';

/*
 * From a plan to requests: each planned change made into the exact change of the
 * `updateChangeRequestContent` body (`materialize`, reading the page's file then, so memory
 * holds one batch), and the changes cut into batches, each one request, applied atomically by
 * the service:
 *
 *   - at most 50 changes (the document's `maxItems`);
 *   - at most MAX_BATCH_BYTES of JSON body (2 MiB). The document gives no request size; what it
 *     does give is that one change may carry a file of up to 1 MB as base64 (about 1.34 MB of
 *     JSON), so the service takes bodies at least that large, and the budget must be above it
 *     for every valid change to fit in some batch. 2 MiB leaves room for a few pages beside the
 *     largest file while keeping a request (and its retry) small and memory flat; a change
 *     larger than the budget is refused before anything is sent, naming its file;
 *   - a change that needs the id of a page or file inserted earlier in the push (a page inserted
 *     under a new page, a link to an uploaded file) starts a new batch when that insert is in
 *     the open one: the consumer applies the batch and records the ids (`recordBatch`) before
 *     asking for the next.
 */

export const MAX_BATCH_BYTES = 2 * 1024 * 1024;

export interface BatchLimits {
  maxChanges: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: BatchLimits = { maxChanges: MAX_CHANGES_PER_REQUEST, maxBytes: MAX_BATCH_BYTES };

/** A change too large for a request, or one that needs an id nobody recorded. */
export class BatchError extends Error {
  override name = 'BatchError';
  constructor(
    message: string,
    readonly file?: string,
  ) {
    super(message);
  }
}

/** The ids known during a push: the space's (from the plan) and those its batches made. */
export class PushState {
  readonly pageIds: Map<string, string>;
  readonly fileIds: Map<string, string>;
  /** Keys of pages whose document was sent, with the hash of the file sent. */
  readonly sent = new Map<string, string>();

  constructor(plan: Plan) {
    this.pageIds = new Map(plan.ids);
    this.fileIds = new Map(plan.fileIds);
  }

  resolve(ref: PageRef | null): string | null | undefined {
    if (ref === null) return null;
    return 'id' in ref ? ref.id : this.pageIds.get(ref.key);
  }

  has(need: string): boolean {
    return this.pageIds.has(need) || this.fileIds.has(need);
  }
}

export interface MaterializeContext {
  fs: LayoutFs;
  layout: LocalLayout;
  plan: Plan;
  state: PushState;
}

/** The markdown a page is sent as: front matter (its options) and body, links as the service resolves them. */
export function pushMarkdown(
  page: PageNode,
  file: string,
  ctx: Pick<MaterializeContext, 'plan' | 'state'>,
): string {
  const body = rewriteLinks(page.markdown, (target) => {
    if (isExternal(target)) return undefined;
    const resolved = resolveRelative(file, target);
    if (resolved === undefined) return undefined;
    const { anchor } = splitAnchor(target);
    if (isAssetPath(resolved)) {
      const id = ctx.state.fileIds.get(resolved);
      return id === undefined ? undefined : `/files/${id}`;
    }
    const path = ctx.plan.targets.get(resolved) ?? ctx.plan.targets.get(`${resolved}/README.md`);
    return path === undefined ? undefined : `${path}${anchor}`;
  });
  // A body that opens with a `# ` heading is one whose heading is not the page's title
  // (titledPageFile). The service takes a document's leading heading as the page's title, over
  // the change's `title`, and its front matter's `title` over both (insert_page in the published
  // document): so the title goes in the front matter, and the heading stays the body's.
  const meta =
    /^# /.test(body) && page.meta?.['title'] === undefined ? { title: page.title, ...page.meta } : page.meta;
  return `${renderFrontMatter(undefined, meta)}${body}`;
}

/** The exact body change of a planned change. `ref`: the batch-local ref of an insert. */
export async function materialize(
  change: PlannedChange,
  ctx: MaterializeContext,
  ref?: string,
): Promise<ChangeRequestContentChange> {
  const { state } = ctx;
  switch (change.op) {
    case 'delete_page':
      return { operation: 'delete_page', page: change.page };
    case 'insert_files': {
      const files: InsertFile[] = [];
      for (const path of change.files) {
        const name = path.slice(path.lastIndexOf('/') + 1);
        const url = change.urls?.[path];
        if (url !== undefined) {
          // Over the inline cap: the service fetches it from where the folder's files are served.
          files.push({ name, contentType: contentTypeOf(path), url });
          continue;
        }
        const bytes = await ctx.fs.read(inRoot(ctx.layout.config, path));
        if (!bytes) throw new BatchError(`${path} is gone`, path);
        files.push({
          name,
          contentType: contentTypeOf(path),
          base64: Buffer.from(bytes).toString('base64'),
        });
      }
      return { operation: 'insert_files', files };
    }
    case 'insert_page': {
      const into = state.resolve(change.into);
      if (into === undefined) throw new BatchError(`the parent of ${change.key} has no id yet`, change.file);
      const page = await pageOf(change.key, ctx);
      const body: ChangeRequestContentChangeInsertPage = {
        operation: 'insert_page',
        ...(change.title ? { title: change.title } : {}),
        ...(change.slug === undefined ? {} : { slug: change.slug }),
        ...(page?.description ? { description: page.description } : {}),
        ...(into === null ? {} : { into }),
        at: change.at,
        ...(ref === undefined ? {} : { ref }),
        document: { markdown: page && change.file ? pushMarkdown(page, change.file, ctx) : '' },
      };
      return body;
    }
    case 'update_page': {
      const id = state.resolve(change.page);
      if (!id) throw new BatchError(`${change.key} has no id yet`, change.file);
      const body: ChangeRequestContentChangeUpdatePage = { operation: 'update_page', page: id };
      if (change.move) {
        const into = state.resolve(change.move.into);
        if (into === undefined)
          throw new BatchError(`the new parent of ${change.key} has no id yet`, change.file);
        body.into = into;
        body.at = change.move.at;
      }
      if (change.slug !== undefined) body.slug = change.slug;
      if (change.content || change.reasons.includes('title')) {
        if (change.title) body.title = change.title;
      }
      if (change.content) {
        const page = await pageOf(change.key, ctx);
        body.description = page?.description ?? '';
        body.document = { markdown: page && change.file ? pushMarkdown(page, change.file, ctx) : '' };
      }
      return body;
    }
  }
}

const byKey = new WeakMap<LocalLayout, Map<string, LocalPage>>();

async function pageOf(key: string, ctx: MaterializeContext): Promise<PageNode | undefined> {
  let pages = byKey.get(ctx.layout);
  if (!pages) {
    pages = new Map([...eachPage(ctx.layout.pages)].map((page) => [page.key, page]));
    byKey.set(ctx.layout, pages);
  }
  const page = pages.get(key);
  return page?.file ? loadPage(ctx.fs, ctx.layout, page) : undefined;
}

export interface Batch {
  /** The request body. */
  body: UpdateChangeRequestContentBody;
  /** The planned changes, in the body's order. */
  planned: PlannedChange[];
  /** Its size as JSON, in bytes. */
  bytes: number;
  /** The ref given to each page it inserts, to its key. */
  refs: Map<string, string>;
}

const sizeOf = (change: ChangeRequestContentChange) => Buffer.byteLength(JSON.stringify(change));
const EMPTY_BODY_BYTES = Buffer.byteLength('{"changes":[]}');

/**
 * The plan's changes in batches. Before asking for the next batch, the consumer sends the one
 * it has and calls `recordBatch` with the answer, so that later changes find the ids they need.
 */
export async function* batches(
  ctx: MaterializeContext,
  limits: BatchLimits = DEFAULT_LIMITS,
): AsyncGenerator<Batch, void, void> {
  let batch: Batch = { body: { changes: [] }, planned: [], bytes: EMPTY_BODY_BYTES, refs: new Map() };
  const provided = new Set<string>();
  let refCount = 0;
  for (const change of ctx.plan.changes) {
    const needs = change.op === 'insert_page' || change.op === 'update_page' ? change.needs : [];
    if (needs.some((need) => provided.has(need) && !ctx.state.has(need))) {
      yield batch;
      batch = { body: { changes: [] }, planned: [], bytes: EMPTY_BODY_BYTES, refs: new Map() };
      provided.clear();
    }
    const missing = needs.find((need) => !ctx.state.has(need) && !provided.has(need));
    if (missing !== undefined) {
      throw new BatchError(`${missing} has no id: its batch's answer was not recorded`, fileOf(change));
    }
    const ref = change.op === 'insert_page' ? `docs-sync-ref-${++refCount}` : undefined;
    const made = await materialize(change, ctx, ref);
    const size = sizeOf(made);
    if (EMPTY_BODY_BYTES + size > limits.maxBytes) {
      const what = fileOf(change) ?? change.op;
      throw new BatchError(
        `${what}: its change is ${size} bytes of JSON, over the ${limits.maxBytes} bytes a request may hold`,
        fileOf(change),
      );
    }
    if (
      batch.planned.length >= limits.maxChanges ||
      batch.bytes + size + (batch.planned.length > 0 ? 1 : 0) > limits.maxBytes
    ) {
      yield batch;
      batch = { body: { changes: [] }, planned: [], bytes: EMPTY_BODY_BYTES, refs: new Map() };
      provided.clear();
    }
    batch.bytes += size + (batch.planned.length > 0 ? 1 : 0);
    batch.body.changes.push(made);
    batch.planned.push(change);
    if (change.op === 'insert_page' && ref !== undefined) {
      batch.refs.set(ref, change.key);
      provided.add(change.key);
    }
    if (change.op === 'insert_files') for (const file of change.files) provided.add(file);
  }
  if (batch.planned.length > 0) yield batch;
}

const fileOf = (change: PlannedChange): string | undefined =>
  change.op === 'insert_page' || change.op === 'update_page'
    ? change.file
    : change.op === 'insert_files'
      ? change.files[0]
      : undefined;

const byId = new WeakMap<SyncMapping, Map<string, SyncMapping['pages'][string]>>();

/** The mapping's page entries by page id, worked out once: a push saves its mapping every second. */
function entriesById(mapping: SyncMapping | undefined): Map<string, SyncMapping['pages'][string]> {
  if (!mapping) return new Map();
  let entries = byId.get(mapping);
  if (!entries) {
    entries = new Map(Object.values(mapping.pages).map((entry) => [entry.id, entry]));
    byId.set(mapping, entries);
  }
  return entries;
}

/**
 * Records what a batch made, from the answer of `updateChangeRequestContent` called with
 * `compat=false` (`changes`: created pages with the `ref` they were given; `insertedFiles`: the
 * files, in order).
 */
export function recordBatch(state: PushState, batch: Batch, answer: unknown): void {
  const record = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  const changes = Array.isArray(record['changes']) ? (record['changes'] as unknown[]) : undefined;
  const inserts = batch.planned.filter((change) => change.op === 'insert_page').length;
  if (inserts > 0 && !changes) {
    throw new BatchError(
      'the answer lists no changes: updateChangeRequestContent must be called with compat=false',
    );
  }
  for (const change of changes ?? []) {
    const entry = (change ?? {}) as { object?: unknown; ref?: unknown; page?: { id?: unknown } };
    if (entry.object !== 'created_page' || typeof entry.ref !== 'string') continue;
    const key = batch.refs.get(entry.ref);
    if (key !== undefined && typeof entry.page?.id === 'string') state.pageIds.set(key, entry.page.id);
  }
  const uploads = batch.planned.flatMap((change) => (change.op === 'insert_files' ? change.files : []));
  if (uploads.length > 0) {
    const files = Array.isArray(record['insertedFiles']) ? (record['insertedFiles'] as unknown[]) : [];
    uploads.forEach((path, index) => {
      const id = (files[index] as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string') state.fileIds.set(path, id);
    });
  }
  for (const change of batch.planned) {
    if ((change.op === 'insert_page' || (change.op === 'update_page' && change.content)) && change.file) {
      state.sent.set(change.key, change.file);
    }
  }
}

/**
 * The mapping after a push: every page of the folder with its id; `sent` the hash of the file
 * whose document was sent; `stored` the hash of the page as the service stored it, when the
 * caller read it back (`stored`, by key), else the one the mapping had.
 */
export function mappingAfterPush(
  layout: LocalLayout,
  state: PushState,
  options: {
    space?: string;
    stored?: ReadonlyMap<string, string>;
    updatedAt?: ReadonlyMap<string, string>;
  } = {},
): SyncMapping {
  const previous = layout.mapping;
  const mapping = emptyMapping(options.space ?? previous?.space);
  const beforeById = entriesById(previous);
  for (const page of eachPage(layout.pages)) {
    const id = state.pageIds.get(page.key);
    if (id === undefined) continue;
    const before = beforeById.get(id);
    const sent = state.sent.has(page.key) ? page.hash : before?.sent;
    const stored = options.stored?.get(page.key) ?? (state.sent.has(page.key) ? undefined : before?.stored);
    const updatedAt = options.updatedAt?.get(id) ?? before?.updatedAt;
    mapping.pages[page.key] = {
      id,
      path: page.path,
      ...(stored === undefined ? {} : { stored }),
      ...(sent === undefined ? {} : { sent }),
      ...(updatedAt === undefined ? {} : { updatedAt }),
    };
  }
  for (const asset of layout.assets) {
    const id = state.fileIds.get(asset.path);
    if (id !== undefined) mapping.files[asset.path] = { id, hash: asset.hash, size: asset.size };
  }
  return mapping;
}

export { contentTypeOf };
