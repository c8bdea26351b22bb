import {
  MAPPING_FILE,
  PushState,
  batches,
  contentHash,
  eachPage,
  hasErrors,
  inRoot,
  mappingAfterPush,
  pageFileText,
  planPush,
  readLayout,
  recordBatch,
  writeMapping,
  decodeLinkPath,
  DEFAULT_LIMITS,
  type Batch,
  type BatchLimits,
  type LayoutFs,
  type LayoutProblem,
  type LocalLayout,
  type Plan,
  type RemotePage,
} from './index.js';
import type { SpaceContent } from './space-content.js';
import {
  DEFAULT_CONCURRENCY,
  eachLimited,
  pageNodeOf,
  readConfig,
  readMapping,
  type LinkTargets,
} from './space-content.js';

/*
 * `docs push` over the SDK: the folder read and planned against the content (`preparePush`), the
 * plan sent in batches with the mapping written after each (`applyPush`), and the mapping brought
 * up to date after a merge (`recordMerge`). Nothing here prints.
 *
 * Memory: a push holds the folder's tree (no markdown) and one batch (at most 50 changes, 2 MiB).
 */

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
  /** How often, at most, the mapping is written while batches are sent (default: once a second). */
  mappingEveryMs?: number;
  /** After each batch is applied. */
  onBatch?: (batch: Batch, sent: number, total: number) => void;
  /**
   * The mapping could not be written after a failed request: the push's own failure is still
   * what it rejects with, and a push run again finds the pages it made by their paths.
   */
  onMappingUnsaved?: (error: unknown) => void;
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
    lastSave = Date.now();
    const mapping = mappingAfterPush(layout, state, { space: content.space, stored, updatedAt });
    mapping.changeRequest = changeRequest;
    return writeMapping(fs, layout.config, mapping);
  };
  // The change request is named before anything is sent: a push killed during its first batch
  // continues it when run again.
  let lastSave = 0;
  await save();
  const pagesByKey = new Map([...eachPage(layout.pages)].map((page) => [page.key, page]));
  const targets = new ReadBackTargets(plan, layout, state);
  let sent = 0;
  let count = 0;
  let previous: Promise<void> = Promise.resolve();
  try {
    for await (const batch of batches({ fs, layout, plan, state }, options.limits ?? DEFAULT_LIMITS)) {
      const answer = await content.client.changeRequests.content.update(
        content.space,
        content.changeRequest,
        batch.body,
        { compat: false },
      );
      recordBatch(state, batch, answer);
      targets.add(batch);
      // What the service stored for each page the batch wrote, as a pull would write its file.
      const written = batch.planned.flatMap((change) =>
        (change.op === 'insert_page' || (change.op === 'update_page' && change.content)) && change.file
          ? [{ key: change.key, file: change.file }]
          : [],
      );
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
      // The whole mapping is rendered on each write: at most once a second, so that a push of
      // many small batches does not rewrite a file that grows with the folder after each one.
      // A push killed in between finds the pages it made by their paths when run again.
      if (Date.now() - lastSave >= (options.mappingEveryMs ?? SAVE_EVERY_MS)) await save();
      options.onBatch?.(batch, sent, total);
    }
    await previous;
  } catch (error) {
    // What the batches applied so far made is recorded before the failure is reported (the
    // failure is what the push rejects with; a failed write is said through onMappingUnsaved).
    await save().catch((saveError: unknown) => options.onMappingUnsaved?.(saveError));
    throw error;
  }
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

/** How often, at most, the mapping is written while batches are sent (and always at the end). */
const SAVE_EVERY_MS = 1000;

/**
 * Link targets for reading back a pushed page: the folder's own files, by the ids the push knows.
 * Built once, then given each batch's new ids (`add`): no work over the whole folder per batch.
 */
class ReadBackTargets implements LinkTargets {
  readonly fileOfPage = new Map<string, string>();
  readonly fileOfPath = new Map<string, string>();
  readonly assetOfFile = new Map<string, string>();
  readonly #fileOfKey = new Map<string, string>();

  constructor(
    plan: Plan,
    layout: LocalLayout,
    private readonly state: PushState,
  ) {
    for (const page of eachPage(layout.pages)) {
      if (!page.file) continue;
      this.#fileOfKey.set(page.key, page.file);
      const id = state.pageIds.get(page.key);
      if (id !== undefined) this.fileOfPage.set(id, page.file);
      const target = plan.targets.get(page.file);
      if (target) this.fileOfPath.set(decodeLinkPath(target.slice('/pages/'.length)), page.file);
    }
    for (const [path, id] of state.fileIds) this.assetOfFile.set(id, path);
  }

  /** The ids a batch made (after `recordBatch`). */
  add(batch: Batch): void {
    for (const change of batch.planned) {
      if (change.op === 'insert_files') {
        for (const path of change.files) {
          const id = this.state.fileIds.get(path);
          if (id !== undefined) this.assetOfFile.set(id, path);
        }
      } else if (change.op === 'insert_page') {
        const id = this.state.pageIds.get(change.key);
        const file = this.#fileOfKey.get(change.key);
        if (id !== undefined && file !== undefined) this.fileOfPage.set(id, file);
      }
    }
  }
}
