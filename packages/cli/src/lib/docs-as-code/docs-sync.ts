import type { DocsClient, RevisionFile } from '@docs-api/sdk';
import {
  ASSETS_DIR,
  CONFIG_FILE,
  ConfigError,
  DEFAULT_CONFIG,
  MAPPING_FILE,
  MappingError,
  PushState,
  batches,
  bodyOfServiceMarkdown,
  contentHash,
  eachPage,
  emptyMapping,
  hasErrors,
  inRoot,
  isExternal,
  keptPages,
  mappingAfterPush,
  pageFileText,
  parseConfig,
  parseMapping,
  parsePageFile,
  placePages,
  planPush,
  readLayout,
  recordBatch,
  relativeLink,
  remotePages,
  rewriteLinks,
  splitAnchor,
  summaryFor,
  writeMapping,
  writePage,
  decodeLinkPath,
  DEFAULT_LIMITS,
  type Batch,
  type BatchLimits,
  type ContentConfig,
  type KeptPage,
  type LayoutFs,
  type LayoutProblem,
  type LocalLayout,
  type PageNode,
  type Placement,
  type Plan,
  type RemotePage,
  type SyncMapping,
} from './index.js';
import { unknownFiles } from './folder.js';

/*
 * `docs pull` and `docs push` over the SDK: the docs-as-code library (pure, over an injected
 * file system) given a space's or a change request's content. Nothing here prints: progress and
 * warnings go through callbacks, so the commands decide what a person or a pipeline sees.
 *
 * Memory: a pull holds the tree of pages (titles, paths, ids: no markdown) and at most
 * `concurrency` pages' markdown at a time; a push holds one batch (at most 50 changes, 2 MiB).
 */

/** How many page reads are in flight at once: modest, under the client's throttle and rate limit. */
export const DEFAULT_CONCURRENCY = 4;

/** A space's primary content, or a change request's. */
export class SpaceContent {
  constructor(
    readonly client: DocsClient,
    readonly space: string,
    readonly changeRequest?: string,
  ) {}

  /** The page tree (`listPages`, or `listPagesInChangeRequest`). */
  async pages(): Promise<RemotePage[]> {
    const { client, space, changeRequest } = this;
    const answer =
      changeRequest === undefined
        ? await client.spaces.content.listPages(space)
        : await client.changeRequests.content.listPages(space, changeRequest);
    return remotePages(answer.pages);
  }

  /** One page with its markdown (`getPageById`, `format=markdown`). */
  async page(id: string): Promise<ServicePage> {
    const { client, space, changeRequest } = this;
    const query = { format: 'markdown' as const };
    const page =
      changeRequest === undefined
        ? await client.spaces.content.getPage(space, id, query)
        : await client.changeRequests.content.getPage(space, changeRequest, id, query);
    return page as ServicePage;
  }

  /** One page by its slug path (`getPageByPath`, `format=markdown`). */
  async pageByPath(path: string): Promise<ServicePage> {
    const { client, space, changeRequest } = this;
    const query = { format: 'markdown' as const };
    const page =
      changeRequest === undefined
        ? await client.spaces.content.getPageByPath(space, path, query)
        : await client.changeRequests.content.getPageByPath(space, changeRequest, path, query);
    return page as ServicePage;
  }

  /** The space's files (images, attachments), page by page. */
  files(): AsyncIterable<RevisionFile> {
    const { client, space, changeRequest } = this;
    return changeRequest === undefined
      ? client.spaces.content.listFiles(space, { limit: 100 })
      : client.changeRequests.content.listFiles(space, changeRequest, { limit: 100 });
  }
}

/** The fields of a page answer read here (any type: document, group, link). */
export interface ServicePage {
  id: string;
  type?: string;
  title?: string;
  path?: string;
  slug?: string;
  description?: string;
  linkTitle?: string;
  href?: string;
  updatedAt?: string;
  markdown?: string;
  pages?: unknown[];
  urls?: { app?: string };
}

// -------------------------------------------------------------------------------------------
// From the service's markdown to a page's file

/** Where links point when a page is written: page ids and slug paths to files, file ids to assets. */
export interface LinkTargets {
  fileOfPage: ReadonlyMap<string, string>;
  fileOfPath: ReadonlyMap<string, string>;
  assetOfFile: ReadonlyMap<string, string>;
}

/**
 * A page as its file holds it: title and description in their places, the body with links the
 * service gives as `/pages/<id or path>` or `/files/<id>` made relative to the page's file
 * (relative links, the service's default form, are kept as they are).
 */
export function pageNodeOf(
  page: ServicePage,
  remote: KeptPage,
  file: string,
  targets: LinkTargets,
): PageNode {
  const markdown = page.markdown ?? '';
  const title = remote.title || page.title || '';
  const parsed = parsePageFile(markdown);
  const body = rewriteLinks(bodyOfServiceMarkdown(markdown, title), (target) => {
    if (isExternal(target) || !target.startsWith('/')) return undefined;
    const { path, anchor } = splitAnchor(target);
    if (path.startsWith('/files/')) {
      const asset = targets.assetOfFile.get(decodeLinkPath(path.slice(7)));
      return asset === undefined ? undefined : relativeLink(file, asset);
    }
    if (!path.startsWith('/pages/')) return undefined;
    const rest = decodeLinkPath(path.slice(7)).replace(/(\/README)?\.md$/i, '');
    const to = targets.fileOfPage.get(rest) ?? targets.fileOfPath.get(rest);
    return to === undefined ? undefined : `${relativeLink(file, to)}${anchor}`;
  });
  const description = page.description ?? remote.description ?? parsed.description;
  return {
    id: remote.id,
    kind: remote.kind,
    title,
    path: remote.path,
    ...(description ? { description } : {}),
    ...(Object.keys(parsed.meta).length > 0 ? { meta: parsed.meta } : {}),
    markdown: body,
    files: [],
    children: [],
  };
}

// -------------------------------------------------------------------------------------------
// Pull

export interface PullOptions {
  concurrency?: number;
  /** Bytes of a file of the space; `undefined` when it cannot be downloaded (a warning). */
  download?: (file: RevisionFile) => Promise<Uint8Array | undefined>;
  /** After each page written. */
  onPage?: (done: number, total: number) => void;
  onWarning?: (problem: LayoutProblem) => void;
  /** Record the change request in the mapping (a pull of `--cr`: the next push continues it). */
  changeRequest?: { id: string; number: number };
  /** Overwrite files of the folder that no earlier pull wrote (else an `OverwriteError`). */
  force?: boolean;
}

export interface PullResult {
  pages: number;
  files: number;
  /** Files of the previous pull that the space no longer has, removed. */
  removed: string[];
  mapping: SyncMapping;
  warnings: LayoutProblem[];
}

/** Thrown for a folder whose `.gitbook.yaml` cannot be read: nothing was written. */
export class FolderError extends Error {
  override name = 'FolderError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
  }
}

/** Thrown before anything is written when a pull would overwrite files it did not write. */
export class OverwriteError extends Error {
  override name = 'OverwriteError';
  constructor(readonly files: string[]) {
    super(
      `${files.length === 1 ? 'a file' : `${files.length} files`} that no pull wrote would be overwritten`,
    );
  }
}

/** The folder's `.gitbook.yaml` (kept as written), or the defaults. */
export async function readConfig(fs: LayoutFs): Promise<ContentConfig> {
  const bytes = await fs.read(CONFIG_FILE);
  if (!bytes) return DEFAULT_CONFIG;
  try {
    return parseConfig(new TextDecoder().decode(bytes));
  } catch (error) {
    if (error instanceof ConfigError) throw new FolderError(CONFIG_FILE, error.message);
    throw error;
  }
}

/** The folder's mapping, if it has one that can be read. */
export async function readMapping(fs: LayoutFs, config: ContentConfig): Promise<SyncMapping | undefined> {
  const bytes = await fs.read(inRoot(config, MAPPING_FILE));
  if (!bytes) return undefined;
  try {
    return parseMapping(new TextDecoder().decode(bytes));
  } catch (error) {
    if (error instanceof MappingError) return undefined;
    throw error;
  }
}

/** Runs `work` over `items` with at most `limit` at once, in order of start. */
export async function eachLimited<T>(
  items: Iterable<T>,
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  const iterator = [...items].entries();
  const worker = async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      const [index, item] = next.value;
      await work(item, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
}

/** A file name unique in the assets folder: `a.png`, then `a-<id>.png`. */
function assetPath(file: RevisionFile, taken: Set<string>): string {
  const name = (file.name ?? file.id).replace(/[/\\]/g, '-') || file.id;
  let path = `${ASSETS_DIR}/${name}`;
  if (taken.has(path.toLowerCase())) {
    const dot = name.lastIndexOf('.');
    const unique = dot > 0 ? `${name.slice(0, dot)}-${file.id}${name.slice(dot)}` : `${name}-${file.id}`;
    path = `${ASSETS_DIR}/${unique}`;
  }
  taken.add(path.toLowerCase());
  return path;
}

/**
 * Writes the content's pages into the folder in the Git Sync layout: SUMMARY.md from the tree,
 * each page's file as it is read (at most `concurrency` at once), the files under
 * `.gitbook/assets/`, and the mapping last. `.gitbook.yaml` is read (its root, readme and summary
 * are honoured) and never written.
 */
export async function pull(
  fs: LayoutFs,
  content: SpaceContent,
  options: PullOptions = {},
): Promise<PullResult> {
  const config = await readConfig(fs);
  const previous = await readMapping(fs, config);
  const tree = keptPages(await content.pages());
  const { placements, problems } = placePages(tree, config);
  const warnings = [...problems];
  for (const problem of problems) options.onWarning?.(problem);

  const fileOfPage = new Map<string, string>();
  const fileOfPath = new Map<string, string>();
  for (const [shape, placement] of placements) {
    if (placement.file && shape.id !== undefined) {
      fileOfPage.set(shape.id, placement.file);
      fileOfPath.set(shape.path, placement.file);
    }
  }

  // Files first: pages link to them.
  const mapping = emptyMapping(content.space);
  if (options.changeRequest) mapping.changeRequest = options.changeRequest;
  const assetOfFile = new Map<string, string>();
  const taken = new Set<string>();
  const files: { file: RevisionFile; path: string }[] = [];
  for await (const file of content.files()) files.push({ file, path: assetPath(file, taken) });
  if (!options.force) {
    // Checked before anything is written: a file the folder had before, not from a pull, stays.
    const writes = [
      config.summary,
      ...[...placements.values()].flatMap((placement) => (placement.file ? [placement.file] : [])),
      ...files.map(({ path }) => path),
    ];
    const foreign = await unknownFiles(fs, config, previous, writes);
    if (foreign.length > 0) throw new OverwriteError(foreign);
  }
  let written = 0;
  await eachLimited(files, options.concurrency ?? DEFAULT_CONCURRENCY, async ({ file, path }) => {
    assetOfFile.set(file.id, path);
    const known = previous?.files[path];
    const local = await fs.read(inRoot(config, path));
    if (known?.id === file.id && local && contentHash(local) === known.hash) {
      mapping.files[path] = known;
      written++;
      return;
    }
    const bytes = await options.download?.(file);
    if (!bytes) {
      const problem: LayoutProblem = {
        severity: 'warning',
        file: inRoot(config, path),
        message: `could not be downloaded (${file.id}): pages that show it point at a file the folder does not have`,
      };
      warnings.push(problem);
      options.onWarning?.(problem);
      return;
    }
    await fs.write(inRoot(config, path), bytes);
    mapping.files[path] = { id: file.id, hash: contentHash(bytes), size: bytes.byteLength };
    written++;
  });

  await fs.write(inRoot(config, config.summary), summaryFor(tree, placements));

  const targets: LinkTargets = { fileOfPage, fileOfPath, assetOfFile };
  const all = [...eachPage(tree)];
  const documents = all.filter((page) => placements.get(page)?.file !== undefined);
  let done = 0;
  await eachLimited(documents, options.concurrency ?? DEFAULT_CONCURRENCY, async (page) => {
    const placement = placements.get(page) as Placement & { file: string };
    const answer = await content.page(page.id);
    const node = pageNodeOf(answer, page, placement.file, targets);
    const stored = await writePage(fs, config, placement.file, node);
    const updatedAt = answer.updatedAt ?? page.updatedAt;
    mapping.pages[placement.key] = {
      id: page.id,
      path: page.path,
      stored,
      ...(updatedAt === undefined ? {} : { updatedAt }),
    };
    options.onPage?.(++done, documents.length);
  });
  for (const page of all) {
    const placement = placements.get(page);
    if (placement && !placement.file) mapping.pages[placement.key] = { id: page.id, path: page.path };
  }

  // Files a previous pull wrote that the content no longer has.
  const removed: string[] = [];
  const keep = new Set([...Object.keys(mapping.pages), ...Object.keys(mapping.files)]);
  for (const key of [...Object.keys(previous?.pages ?? {}), ...Object.keys(previous?.files ?? {})]) {
    if (keep.has(key) || key.endsWith('/') || key.startsWith('link:')) continue;
    await fs.remove(inRoot(config, key));
    removed.push(inRoot(config, key));
  }
  await writeMapping(fs, config, mapping);
  return { pages: documents.length, files: written, removed, mapping, warnings };
}

// -------------------------------------------------------------------------------------------
// Push

export interface PreparedPush {
  layout: LocalLayout;
  plan: Plan;
  /** Errors (nothing may be sent) and warnings, from the folder and from the plan. */
  problems: LayoutProblem[];
  /** The mapping's change request was closed without a merge: its hashes were not trusted. */
  staleMapping: boolean;
}

/** Reads the folder and plans the push against `content`. */
export async function preparePush(
  fs: LayoutFs,
  content: SpaceContent,
  options: { prune?: boolean; limits?: BatchLimits; trustMapping?: boolean; filesUrl?: string } = {},
): Promise<PreparedPush> {
  const layout = await readLayout(fs);
  const problems = [...layout.problems];
  if (layout.mapping?.space !== undefined && layout.mapping.space !== content.space) {
    problems.push({
      severity: 'error',
      file: inRoot(layout.config, MAPPING_FILE),
      message: `maps the folder to space ${layout.mapping.space}, not ${content.space}: pull ${content.space} into another folder, or remove the mapping to push this folder as new pages`,
    });
  }
  const staleMapping = options.trustMapping === false && layout.mapping !== undefined;
  if (staleMapping && layout.mapping) {
    // Its hashes describe content that was never merged: every page is compared as changed.
    for (const entry of Object.values(layout.mapping.pages)) {
      delete entry.stored;
      delete entry.sent;
    }
  }
  if (hasErrors({ ...layout, problems })) {
    return { layout, plan: emptyPlan(), problems, staleMapping };
  }
  const limits = options.limits ?? DEFAULT_LIMITS;
  const plan = planPush({
    layout,
    remote: await content.pages(),
    prune: options.prune ?? false,
    maxUploadBytes: limits.maxBytes - 64,
    ...(options.filesUrl === undefined ? {} : { filesUrl: options.filesUrl }),
  });
  problems.push(...plan.problems);
  return { layout, plan, problems, staleMapping };
}

function emptyPlan(): Plan {
  return {
    changes: [],
    counts: { inserted: 0, updated: 0, moved: 0, deleted: 0, uploaded: 0 },
    missing: [],
    notApplied: [],
    drift: [],
    problems: [],
    targets: new Map(),
    ids: new Map(),
    fileIds: new Map(),
  };
}

export interface ApplyOptions {
  limits?: BatchLimits;
  concurrency?: number;
  /** After each batch is applied and the mapping written. */
  onBatch?: (batch: Batch, sent: number, total: number) => void;
}

/**
 * Sends the plan's batches to the change request, each applied atomically by the service. After
 * each: the ids it made recorded, the pages it wrote read back (the hash of each as a pull would
 * write it is the mapping's `stored`), and the mapping written, so that a push interrupted
 * anywhere is run again from where the folder and the change request are.
 */
export async function applyPush(
  fs: LayoutFs,
  content: SpaceContent & { changeRequest: string },
  prepared: PreparedPush,
  changeRequest: { id: string; number: number },
  options: ApplyOptions = {},
): Promise<{ batches: number; state: PushState }> {
  const { layout, plan } = prepared;
  const state = new PushState(plan);
  const stored = new Map<string, string>();
  const updatedAt = new Map<string, string>();
  const total = plan.changes.length;
  const save = () => {
    const mapping = mappingAfterPush(layout, state, { space: content.space, stored, updatedAt });
    mapping.changeRequest = changeRequest;
    return writeMapping(fs, layout.config, mapping);
  };
  // The change request is named before anything is sent: a push killed during its first batch
  // continues it when run again.
  await save();
  const pagesByKey = new Map([...eachPage(layout.pages)].map((page) => [page.key, page]));
  let sent = 0;
  let count = 0;
  let previous: Promise<void> = Promise.resolve();
  for await (const batch of batches({ fs, layout, plan, state }, options.limits ?? DEFAULT_LIMITS)) {
    const answer = await content.client.changeRequests.content.update(
      content.space,
      content.changeRequest,
      batch.body,
      { compat: false },
    );
    recordBatch(state, batch, answer);
    // What the service stored for each page the batch wrote, as a pull would write its file.
    const written = batch.planned.flatMap((change) =>
      (change.op === 'insert_page' || (change.op === 'update_page' && change.content)) && change.file
        ? [{ key: change.key, file: change.file }]
        : [],
    );
    const targets = storedTargets(plan, layout, state);
    // Read back while the next batch is sent: its hashes go into the mapping written after it.
    const reading = eachLimited(
      written,
      options.concurrency ?? DEFAULT_CONCURRENCY,
      async ({ key, file }) => {
        const id = state.pageIds.get(key);
        const local = pagesByKey.get(key);
        if (id === undefined || !local) return;
        const page = await content.page(id);
        const node = pageNodeOf(
          page,
          { id, kind: 'document', title: page.title ?? local.title, path: local.path, children: [] },
          file,
          targets,
        );
        stored.set(key, contentHash(pageFileText(node)));
        if (page.updatedAt) updatedAt.set(id, page.updatedAt);
      },
    );
    // Awaited after the next batch; marked handled now so a failure is not an unhandled rejection.
    reading.catch(() => undefined);
    await previous;
    previous = reading;
    sent += batch.planned.length;
    count++;
    await save();
    options.onBatch?.(batch, sent, total);
  }
  await previous;
  // A page moved or renamed without its content is not read back: its `updatedAt` changed all
  // the same, and a stale one would be reported as a change made in the space.
  const touched = touchedPages(plan, state);
  if (touched.size > 0) {
    for (const [id, at] of updatedAtOf(await content.pages(), touched)) updatedAt.set(id, at);
  }
  await save();
  return { batches: count, state };
}

/**
 * After the change request is merged: the `updatedAt` of the pages the push touched as the space
 * has them now (a merge may stamp them), so the next push does not take the merge for a change
 * made in the space. Other pages keep theirs: a change someone else made is still reported.
 */
export async function recordMerge(
  fs: LayoutFs,
  primary: SpaceContent,
  touched: ReadonlySet<string>,
): Promise<void> {
  if (touched.size === 0) return;
  const config = await readConfig(fs);
  const mapping = await readMapping(fs, config);
  if (!mapping) return;
  const fresh = updatedAtOf(await primary.pages(), touched);
  for (const entry of Object.values(mapping.pages)) {
    const at = fresh.get(entry.id);
    if (at !== undefined) entry.updatedAt = at;
  }
  await writeMapping(fs, config, mapping);
}

/** The ids of the pages a push inserted, moved, renamed or rewrote. */
export function touchedPages(plan: Plan, state: PushState): Set<string> {
  const ids = new Set<string>();
  for (const change of plan.changes) {
    if (change.op !== 'insert_page' && change.op !== 'update_page') continue;
    const id =
      change.op === 'update_page' && 'id' in change.page ? change.page.id : state.pageIds.get(change.key);
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

/** The `updatedAt` of each page of `ids` in a listed tree. */
export function updatedAtOf(pages: readonly RemotePage[], ids: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const page of eachPage(pages)) {
    if (ids.has(page.id) && page.updatedAt !== undefined) found.set(page.id, page.updatedAt);
  }
  return found;
}

/** Link targets for reading back a pushed page: the folder's own files, by the ids the push knows. */
function storedTargets(plan: Plan, layout: LocalLayout, state: PushState): LinkTargets {
  const fileOfPage = new Map<string, string>();
  const fileOfPath = new Map<string, string>();
  for (const page of eachPage(layout.pages)) {
    if (!page.file) continue;
    const id = state.pageIds.get(page.key);
    if (id !== undefined) fileOfPage.set(id, page.file);
    const target = plan.targets.get(page.file);
    if (target) fileOfPath.set(decodeLinkPath(target.slice('/pages/'.length)), page.file);
  }
  const assetOfFile = new Map([...state.fileIds].map(([path, id]) => [id, path]));
  return { fileOfPage, fileOfPath, assetOfFile };
}

/**
 * The page files of the folder changed since its last pull or push (their hash is neither the
 * mapping's `stored` nor its `sent`): a pull would overwrite them.
 */
export async function localChanges(fs: LayoutFs): Promise<string[]> {
  const layout = await readLayout(fs);
  if (!layout.mapping) return [];
  const changed: string[] = [];
  for (const page of eachPage(layout.pages)) {
    const entry = layout.mapping.pages[page.key];
    if (!entry || page.hash === undefined || !page.file) continue;
    if (entry.stored !== page.hash && entry.sent !== page.hash)
      changed.push(inRoot(layout.config, page.file));
  }
  return changed;
}
