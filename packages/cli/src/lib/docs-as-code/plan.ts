import type { SyncMapping } from './mapping.js';
import type { LayoutProblem } from './model.js';
import { planDeletes, planIncludes, planLinkTargets, planRedirects, planRelinks } from './plan-after.js';
import { matchPages } from './plan-match.js';
import { indexSpace, type PlanContext } from './plan-space.js';
import { planTree } from './plan-tree.js';
import { planUploads } from './plan-uploads.js';
import { eachPage, type LocalLayout } from './read.js';
import type { RemotePage } from './remote.js';

export { base64Size, fileUrl } from './plan-uploads.js';

/*
 * The plan of a push: what to change in a space (a change request's content) so that its pages
 * are the folder's. Pure: it compares the folder's tree (`readLayout`, no markdown) with the
 * space's pages (`listPages`) and the mapping, and gives the changes in the order they must be
 * applied, as descriptors; `materialize` (batch.ts) turns each into the exact
 * `updateChangeRequestContent` change, reading the page's file only then.
 *
 * Which page a file is: the mapping's id for its file; else a page the mapping knew under a
 * file that is gone whose hash the file has (a file moved or renamed: a move, not delete and
 * insert); else the space's page at the same path (so a fresh clone without the mapping, or a
 * push interrupted before it wrote the mapping, finds the pages it made: never a duplicate);
 * else a new page.
 *
 * Whether a page changed: its file's hash against the mapping's `stored` and `sent` hashes (the
 * service normalizes what it stores: comparing bytes would see that as a change). Structure
 * (parent, order, slug) is compared with the space's tree, the folder's wins.
 *
 * Order: files first (pages point at their ids); then the tree in order, parents before
 * children, each page inserted or updated and moved at its place (`at` counted as the service
 * counts it, in the tree as it is at that point); then pages whose links point at pages placed
 * after them, again (the service resolves a link when the page is written, and keeps one it
 * cannot resolve as text); deletes last (with prune), so that pages moved out of a deleted page
 * are moved first.
 *
 * One module per phase: plan-space.ts (the space indexed, the context every phase reads),
 * plan-match.ts (which page each file is), plan-uploads.ts (files), plan-tree.ts and
 * plan-room.ts (the tree in order), plan-after.ts (links, relinks, deletes, what cannot be applied).
 */

/** A page the change needs: one the space has, or one this push inserts (by its key). */
export type PageRef = { id: string } | { key: string };

export type UpdateReason = 'content' | 'move' | 'rename' | 'title' | 'relink' | 'files' | 'make-room';

export interface PlannedInsert {
  op: 'insert_page';
  key: string;
  /** The page's file (relative to the content root); absent for a folder without README.md. */
  file?: string;
  title: string;
  path: string;
  into: PageRef | null;
  at: number;
  slug?: string;
  /** Keys of pages (and paths of files) this push adds whose ids the change needs. */
  needs: string[];
}

export interface PlannedUpdate {
  op: 'update_page';
  key: string;
  file?: string;
  /** The page: one the space has, or one this push inserted earlier. */
  page: PageRef;
  title: string;
  path: string;
  /** Present when the page moves: its new parent (`null`: the root) and index. */
  move?: { into: PageRef | null; at: number };
  slug?: string;
  /** Send the file's document (and its title and description). */
  content: boolean;
  reasons: UpdateReason[];
  needs: string[];
}

export interface PlannedDelete {
  op: 'delete_page';
  page: string;
  path: string;
  title: string;
}

export interface PlannedUpload {
  op: 'insert_files';
  /** Paths under `.gitbook/assets/`, relative to the content root. */
  files: string[];
  /** Files sent by URL (over the inline cap, with `filesUrl`): their URL, by path. */
  urls?: Record<string, string>;
  bytes: number;
}

export type PlannedChange = PlannedInsert | PlannedUpdate | PlannedDelete | PlannedUpload;

export interface PlanNote {
  /** Relative to the folder, as a person finds it. */
  file: string;
  /** The reason, and the way out. */
  message: string;
  /** The entry it is about: a page's key, or an asset's path (absent: the folder as a whole). */
  key?: string;
  /** What is not applied: the entry itself, or one of its settings (`linkTitle`, `slug`). */
  what?: 'page' | 'group' | 'link' | 'file' | 'redirects' | 'linkTitle' | 'slug' | (string & {});
}

export interface Plan {
  changes: PlannedChange[];
  counts: { inserted: number; updated: number; moved: number; deleted: number; uploaded: number };
  /** Pages the space has and the folder does not: deleted with prune, else kept and listed. */
  missing: { id: string; path: string; title: string }[];
  /** What the folder holds that no change of the document can apply. */
  notApplied: PlanNote[];
  /** Pages changed in the space since the last pull or push, unchanged in the folder: not sent. */
  drift: PlanNote[];
  /** Problems found while planning (a slug another page holds): nothing may be sent. */
  problems: LayoutProblem[];
  /** How links to each page are written once the push is done (`/pages/<slug path>`), by file. */
  targets: Map<string, string>;
  /** Each page of the folder's id when the space has it already, by key. */
  ids: Map<string, string>;
  /** Files the space has already, by path: their ids. */
  fileIds: Map<string, string>;
}

export interface PlanInput {
  layout: LocalLayout;
  remote: readonly RemotePage[];
  /** Delete the space's pages that the folder does not have. */
  prune?: boolean;
  /** Bytes an upload change may hold (the batch budget): files are grouped under it. */
  maxUploadBytes?: number;
  /**
   * Where the folder's files are served (`--files-url`): a file over the inline cap is sent by
   * its URL there, which the service fetches; without it, such a file is not applied.
   */
  filesUrl?: string;
}

/**
 * The plan, phase by phase: the space indexed; each page of the folder matched to the space's;
 * files uploaded; the tree walked in order (inserts, updates, moves); where links point after;
 * pages written again for links to pages placed after them; deletes; what cannot be applied.
 */
export function planPush(input: PlanInput): Plan {
  const { layout } = input;
  const mapping: SyncMapping = layout.mapping ?? { version: 1, pages: {}, files: {} };
  const plan: Plan = {
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
  const shown = (path: string) => (layout.config.root ? `${layout.config.root}/${path}` : path);
  const space = indexSpace(input.remote);
  const locals = [...eachPage(layout.pages)];
  const { idOf, claimed } = matchPages(locals, mapping, space);
  for (const [page, id] of idOf) plan.ids.set(page.key, id);
  const ctx: PlanContext = { input, layout, mapping, plan, shown, space, locals, idOf, claimed };

  const uploaded = planUploads(ctx);
  const { relink, simId } = planTree(ctx, uploaded);
  planLinkTargets(ctx, simId);
  planRelinks(ctx, relink);
  planDeletes(ctx);
  planIncludes(ctx);
  planRedirects(ctx);
  return plan;
}

/** Whether a plan changes nothing. */
export const isEmptyPlan = (plan: Plan): boolean => plan.changes.length === 0;
