import { MAX_FILE_BYTES, MAX_FILES_PER_CHANGE } from './changes.js';
import { isUnchanged, keyOfPage, type MappedPage, type SyncMapping } from './mapping.js';
import { slugOf, type LayoutProblem } from './model.js';
import { encodeLinkPath } from './links.js';
import { wirePath, wireSlug } from './placement.js';
import { eachPage, type LocalLayout, type LocalPage } from './read.js';
import type { RemotePage } from './remote.js';

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

/** The URL of a file of the folder (its path relative to the folder) under `base`. */
export const fileUrl = (base: string, path: string): string =>
  `${base.replace(/\/+$/, '')}/${path.split('/').map(encodeURIComponent).join('/')}`;

/** How an entry the document's changes cannot create is made, by kind. */
const WAY_OUT: Record<string, string> = {
  group:
    'create the group in the app (at the root of the table of contents, with this title), or import the repository with Git Sync (docs spaces git import), then push again',
  link: 'create the link in the app, or import the repository with Git Sync (docs spaces git import), then push again',
};
const wayOut = (kind: string) =>
  WAY_OUT[kind] ??
  `create it in the app, or import the repository with Git Sync (docs spaces git import), then push again`;

/** Bytes of a file once base64-encoded. */
export const base64Size = (bytes: number): number => Math.ceil(bytes / 3) * 4;

interface RemoteEntry {
  page: RemotePage;
  parent: string;
}

const ROOT = '';

/** The space as it is: ids, parents, children, slugs (the simulation the changes apply to). */
interface SpaceIndex {
  remote: Map<string, RemoteEntry>;
  byPath: Map<string, string>;
  children: Map<string, string[]>;
  slugs: Map<string, string>;
  parents: Map<string, string>;
}

/** What every phase of the plan reads, and the plan it adds to. */
interface PlanContext {
  input: PlanInput;
  layout: LocalLayout;
  mapping: SyncMapping;
  plan: Plan;
  /** A path relative to the content root, as a person finds it in the folder. */
  shown: (path: string) => string;
  space: SpaceIndex;
  /** The folder's pages, in tree order. */
  locals: LocalPage[];
  /** Each page of the folder's id in the space, when it has one. */
  idOf: Map<LocalPage, string>;
  /** Ids of the space's pages that a page of the folder is. */
  claimed: Set<string>;
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

function indexSpace(remotePages: readonly RemotePage[]): SpaceIndex {
  const remote = new Map<string, RemoteEntry>();
  const byPath = new Map<string, string>();
  const children = new Map<string, string[]>([[ROOT, []]]);
  const slugs = new Map<string, string>();
  const parents = new Map<string, string>();
  const index = (pages: readonly RemotePage[], parent: string) => {
    children.set(
      parent,
      pages.map((page) => page.id),
    );
    for (const page of pages) {
      remote.set(page.id, { page, parent });
      parents.set(page.id, parent);
      slugs.set(page.id, slugOf(page.path));
      if (page.kind !== 'other' && !byPath.has(page.path)) byPath.set(page.path, page.id);
      index(page.children, page.id);
    }
  };
  index(remotePages, ROOT);
  return { remote, byPath, children, slugs, parents };
}

/**
 * Which page each of the folder's pages is: 1. the mapping's page for the file, unchanged; 2. a
 * page the mapping knew with this very content, under another file (moved, renamed, or swapped
 * with another); 3. the mapping's page for the file, edited; 4. the space's page at the same path
 * (a link page: to the same URL).
 */
function matchPages(
  locals: readonly LocalPage[],
  mapping: SyncMapping,
  space: SpaceIndex,
): { idOf: Map<LocalPage, string>; claimed: Set<string> } {
  const { remote, byPath } = space;
  const idOf = new Map<LocalPage, string>();
  const claimed = new Set<string>();
  const claim = (page: LocalPage, id: string) => {
    idOf.set(page, id);
    claimed.add(id);
  };
  const compatible = (page: LocalPage, id: string) => remote.get(id)?.page.kind === page.kind;
  const free = (page: LocalPage, id: string | undefined): id is string =>
    id !== undefined && !idOf.has(page) && !claimed.has(id) && compatible(page, id);
  for (const page of locals) {
    const entry = mapping.pages[page.key];
    if (entry && (page.hash === undefined || isUnchanged(entry, page.hash)) && free(page, entry.id)) {
      claim(page, entry.id);
    }
  }
  const byHash = new Map<string, string[]>();
  for (const entry of Object.values(mapping.pages)) {
    for (const hash of new Set([entry.stored, entry.sent])) {
      if (hash !== undefined) byHash.set(hash, [...(byHash.get(hash) ?? []), entry.id]);
    }
  }
  const knownPath = new Map(Object.values(mapping.pages).map((entry) => [entry.id, entry.path]));
  for (const page of locals) {
    if (page.hash === undefined) continue;
    // Among pages with this content, the one that had this slug (a move keeps it), else any.
    const candidates = (byHash.get(page.hash) ?? []).filter((each) => free(page, each));
    const id =
      candidates.find((each) => slugOf(knownPath.get(each) ?? '') === slugOf(page.path)) ?? candidates[0];
    if (id !== undefined) claim(page, id);
  }
  for (const page of locals) {
    const id = mapping.pages[page.key]?.id;
    if (free(page, id)) claim(page, id);
  }
  for (const page of locals) {
    const id = byPath.get(page.path) ?? byPath.get(wirePath(page.path));
    if (free(page, id)) claim(page, id);
  }
  // A link page the space has, pointing at the same place (link pages have no path of their own).
  for (const page of locals) {
    if (page.kind !== 'link' || idOf.has(page)) continue;
    const id = [...remote.values()].find(
      (entry) => entry.page.kind === 'link' && entry.page.href === page.href && !claimed.has(entry.page.id),
    )?.page.id;
    if (free(page, id)) claim(page, id);
  }
  return { idOf, claimed };
}

/** Files: unchanged when the mapping has their hash; else uploaded (grouped), or not applied. */
function planUploads(ctx: PlanContext): Set<string> {
  const { input, layout, mapping, plan, shown, locals } = ctx;
  const uploaded = new Set<string>();
  const maxUploadBytes = input.maxUploadBytes ?? Number.POSITIVE_INFINITY;
  let upload: PlannedUpload | undefined;
  for (const asset of layout.assets) {
    const known = mapping.files[asset.path];
    if (known && known.hash === asset.hash) {
      plan.fileIds.set(asset.path, known.id);
      continue;
    }
    let url: string | undefined;
    if (asset.size > MAX_FILE_BYTES) {
      if (input.filesUrl === undefined) {
        const shownBy = locals
          .filter((page) => page.files.includes(asset.path))
          .map((page) => shown(page.file ?? page.key));
        plan.notApplied.push({
          key: asset.path,
          what: 'file',
          file: shown(asset.path),
          message: `is ${asset.size} bytes: the API takes a file inline up to ${MAX_FILE_BYTES} bytes, larger ones by a URL it fetches; give the URL where the folder's files are served (--files-url <base>), or import the repository with Git Sync (docs spaces git import)${shownBy.length > 0 ? `; shown by ${shownBy.slice(0, 3).join(', ')}${shownBy.length > 3 ? ', …' : ''}` : ''}`,
        });
        continue;
      }
      url = fileUrl(input.filesUrl, shown(asset.path));
    }
    const bytes = (url === undefined ? base64Size(asset.size) : url.length) + asset.path.length + 96;
    if (!upload || upload.files.length >= MAX_FILES_PER_CHANGE || upload.bytes + bytes > maxUploadBytes) {
      upload = { op: 'insert_files', files: [], bytes: 0 };
      plan.changes.push(upload);
    }
    upload.files.push(asset.path);
    if (url !== undefined) upload.urls = { ...upload.urls, [asset.path]: url };
    upload.bytes += bytes;
    uploaded.add(asset.path);
    plan.counts.uploaded++;
  }
  return uploaded;
}

/**
 * The tree in order, parents before children: each page inserted, or updated and moved to its
 * place (`at` counted as the service counts it, in the tree as it is at that point).
 */
function planTree(ctx: PlanContext, uploaded: ReadonlySet<string>) {
  const { input, layout, mapping, plan, shown, locals, idOf } = ctx;
  const { remote, children, slugs, parents } = ctx.space;
  const entryOf = (id: string): MappedPage | undefined => {
    const key = keyOfPage(mapping, id);
    return key === undefined ? undefined : mapping.pages[key];
  };

  const byFile = new Map<string, LocalPage>();
  for (const page of locals) if (page.file) byFile.set(page.file, page);
  const linkTarget = (link: string) => byFile.get(link) ?? byFile.get(`${link}/README.md`);

  // Pages placed so far (by key), and whether each page sits at its final path already.
  const placed = new Set<string>();
  const settled = (page: LocalPage) => {
    const id = idOf.get(page);
    const path = id === undefined ? undefined : remote.get(id)?.page.path;
    return path !== undefined && (path === page.path || path === wirePath(page.path));
  };
  const relink = new Set<LocalPage>();
  const newId = (page: LocalPage) => `new:${page.key}`;
  const simId = (page: LocalPage) => idOf.get(page) ?? newId(page);
  const refOf = (parent: LocalPage | undefined): PageRef | null => {
    if (!parent) return null;
    const id = idOf.get(parent);
    return id === undefined ? { key: parent.key } : { id };
  };
  const needsOf = (page: LocalPage, parent: LocalPage | undefined): string[] => {
    const needs: string[] = [];
    if (parent && !idOf.has(parent)) needs.push(parent.key);
    for (const file of page.files) if (uploaded.has(file)) needs.push(file);
    return needs;
  };
  /** Pages not made or not sent, each to the entry that could not be made (itself, or an ancestor). */
  const skipped = new Map<LocalPage, LocalPage>();
  const skip = (page: LocalPage, cause: LocalPage) => {
    skipped.set(page, cause);
    if (cause === page) return;
    const kind = cause.kind === 'document' ? 'page' : cause.kind;
    plan.notApplied.push({
      key: page.key,
      what: page.kind,
      file: shown(page.kind === 'link' ? (page.href ?? page.key) : (page.file ?? page.key)),
      message: `is under ${kind} "${cause.title}" (${shown(cause.file ?? cause.key)}), which this push could not make: not sent; ${cause.kind === 'document' ? 'see that page' : wayOut(cause.kind)}`,
    });
  };
  const checkLinks = (page: LocalPage) => {
    for (const link of page.links) {
      const target = linkTarget(link);
      if (target && target !== page && !placed.has(target.key) && !settled(target)) relink.add(page);
    }
  };

  /** Makes room for `slug` under `parent`: a page holding it is renamed first, or it is a problem. */
  const makeRoom = (page: LocalPage, id: string, parent: string, slug: string): boolean => {
    const holder = (children.get(parent) ?? []).find((other) => other !== id && slugs.get(other) === slug);
    if (holder === undefined) return true;
    const holderEntry = remote.get(holder);
    const holderLocal = locals.find((each) => idOf.get(each) === holder);
    if (!holderLocal && !input.prune) {
      plan.problems.push({
        severity: 'error',
        file: shown(page.file ?? page.key),
        message: `its slug "${slug}" is held by "${holderEntry?.page.title ?? holder}" in the space, which the folder does not have (push with prune to delete it)`,
      });
      return false;
    }
    const temporary = `${slug.slice(0, 80)}-moving-${holder
      .slice(-6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    plan.changes.push({
      op: 'update_page',
      key: holderLocal?.key ?? holder,
      page: { id: holder },
      title: holderEntry?.page.title ?? '',
      path: holderEntry?.page.path ?? '',
      slug: temporary,
      content: false,
      reasons: ['make-room'],
      needs: [],
    });
    slugs.set(holder, temporary);
    return true;
  };

  /** A page the space does not have, inserted at its place; false when it cannot be (named). */
  const insertPage = (
    page: LocalPage,
    parent: LocalPage | undefined,
    parentId: string,
    list: string[],
    at: () => number,
  ): boolean => {
    const localSlug = slugOf(page.path);
    if (page.kind !== 'document') {
      plan.notApplied.push({
        key: page.key,
        what: page.kind,
        file: shown(page.kind === 'group' ? page.key : (page.href ?? page.key)),
        message: `${page.kind} "${page.title}" is new: the API's changes cannot create a ${page.kind}; ${wayOut(page.kind)}`,
      });
      skip(page, page);
      return false;
    }
    const slug = wireSlug(localSlug);
    if (slug !== undefined && !makeRoom(page, newId(page), parentId, slug)) {
      skip(page, page);
      return false;
    }
    const where = at();
    plan.changes.push({
      op: 'insert_page',
      key: page.key,
      ...(page.file === undefined ? {} : { file: page.file }),
      title: page.title,
      path: page.path,
      into: refOf(parent),
      at: where,
      ...(slug === undefined ? {} : { slug }),
      needs: needsOf(page, parent),
    });
    plan.counts.inserted++;
    if (page.linkTitle !== undefined) {
      plan.notApplied.push({
        key: page.key,
        what: 'linkTitle',
        file: shown(page.file ?? page.key),
        message: `its title in the table of contents ("${page.linkTitle}") is set in the app: the document's changes cannot set a link title`,
      });
    }
    list.splice(where, 0, newId(page));
    slugs.set(newId(page), slug ?? localSlug);
    parents.set(newId(page), parentId);
    checkLinks(page);
    return true;
  };

  /** A page the space has: moved, renamed, retitled and rewritten as the folder has it. */
  const updatePage = (
    page: LocalPage,
    id: string,
    parent: LocalPage | undefined,
    parentId: string,
    list: string[],
    at: () => number,
    inPlace: boolean,
  ): void => {
    const localSlug = slugOf(page.path);
    const current = remote.get(id);
    const reasons: UpdateReason[] = [];
    // Its slug where it goes: the file's (a link page's is made from its title: never sent).
    const currentSlug = slugs.get(id) ?? localSlug;
    const wire = wireSlug(localSlug);
    const renamed = page.kind !== 'link' && localSlug !== currentSlug && wire !== currentSlug;
    if (renamed && wire === undefined) {
      plan.notApplied.push({
        key: page.key,
        what: 'slug',
        file: shown(page.file ?? page.key),
        message: `no slug can be made of "${localSlug}": the page keeps "${currentSlug}"`,
      });
    }
    const finalSlug = renamed && wire !== undefined ? wire : currentSlug;
    const moving = parents.get(id) !== parentId;
    const room = moving || finalSlug !== currentSlug ? makeRoom(page, id, parentId, finalSlug) : true;
    let move: PlannedUpdate['move'];
    if (!inPlace && room) {
      const from = children.get(parents.get(id) ?? ROOT) ?? [];
      from.splice(from.indexOf(id), 1);
      const where = at();
      list.splice(where, 0, id);
      parents.set(id, parentId);
      move = { into: refOf(parent), at: where };
      reasons.push('move');
    }
    let slug: string | undefined;
    if (room && finalSlug !== currentSlug) {
      slug = finalSlug;
      slugs.set(id, finalSlug);
      reasons.push('rename');
    }
    let content = false;
    if (page.kind === 'document' && page.hash !== undefined) {
      const entry = entryOf(id);
      if (!isUnchanged(entry, page.hash)) {
        content = true;
        reasons.push('content');
      } else {
        if (page.files.some((file) => uploaded.has(file))) {
          content = true;
          reasons.push('files');
        }
        const updatedAt = current?.page.updatedAt;
        if (entry?.updatedAt && updatedAt && updatedAt !== entry.updatedAt) {
          plan.drift.push({
            file: shown(page.file ?? page.key),
            message:
              'changed in the space since the last pull or push; the folder has no change to it: not sent',
          });
        }
      }
    } else if (current && current.page.title !== page.title) {
      reasons.push('title');
    }
    if ((page.linkTitle ?? '') !== (current?.page.linkTitle ?? '') && page.kind !== 'group') {
      plan.notApplied.push({
        key: page.key,
        what: 'linkTitle',
        file: shown(page.file ?? page.key),
        message: `its title in the table of contents ("${page.linkTitle ?? page.title}") is set in the app: the document's changes cannot set a link title`,
      });
    }
    if (reasons.length > 0) {
      plan.changes.push({
        op: 'update_page',
        key: page.key,
        ...(page.file === undefined ? {} : { file: page.file }),
        page: { id },
        title: page.title,
        path: page.path,
        ...(move ? { move } : {}),
        ...(slug === undefined ? {} : { slug }),
        content,
        reasons,
        needs: [
          ...(move && parent && !idOf.has(parent) ? [parent.key] : []),
          ...(content ? needsOf(page, undefined) : []),
        ],
      });
      if (move || slug !== undefined) plan.counts.moved++;
      if (content || reasons.includes('title')) plan.counts.updated++;
      if (content) checkLinks(page);
    }
  };

  const visit = (pages: readonly LocalPage[], parent: LocalPage | undefined) => {
    const parentId = parent ? simId(parent) : ROOT;
    const wanted = new Set(pages.map(simId));
    let previous: string | undefined;
    let position = 0;
    pages.forEach((page) => {
      const cause = parent && skipped.get(parent);
      if (cause) {
        // Under a page that could not be made: left where it is (existing) or not made (new).
        skip(page, cause);
        visit(page.children, page);
        return;
      }
      const id = idOf.get(page);
      const list = children.get(parentId) ?? [];
      children.set(parentId, list);
      const at = () => (previous === undefined ? 0 : list.indexOf(previous) + 1);
      if (id === undefined) {
        if (!insertPage(page, parent, parentId, list, at)) {
          visit(page.children, page);
          return;
        }
      } else {
        const inOrder = list.filter((each) => wanted.has(each));
        updatePage(
          page,
          id,
          parent,
          parentId,
          list,
          at,
          parents.get(id) === parentId && inOrder[position] === id,
        );
      }
      placed.add(page.key);
      previous = simId(page);
      position++;
      visit(page.children, page);
    });
  };
  visit(layout.pages, undefined);
  return { relink, simId };
}

/**
 * Where links point once the push is done: `/pages/<slug path>` in the space as the changes
 * leave it, a form the document resolves whatever the page's children (its Git path,
 * `/pages/<path>.md` or `/pages/<path>/README.md`, depends on whether it has children when the
 * link is written, which a batch may not have made yet).
 */
function planLinkTargets(ctx: PlanContext, simId: (page: LocalPage) => string): void {
  const { plan, locals } = ctx;
  const { slugs, parents } = ctx.space;
  const finalPath = (id: string): string => {
    const parts: string[] = [];
    for (let at: string | undefined = id; at !== undefined && at !== ROOT; at = parents.get(at)) {
      parts.unshift(slugs.get(at) ?? '');
    }
    return parts.join('/');
  };
  for (const page of locals) {
    if (page.file) plan.targets.set(page.file, `/pages/${encodeLinkPath(finalPath(simId(page)))}`);
  }
}

/** Pages whose links point at pages placed after them, written again once those exist. */
function planRelinks(ctx: PlanContext, relink: ReadonlySet<LocalPage>): void {
  const { plan, idOf } = ctx;
  for (const page of relink) {
    const id = idOf.get(page);
    plan.changes.push({
      op: 'update_page',
      key: page.key,
      ...(page.file === undefined ? {} : { file: page.file }),
      page: id === undefined ? { key: page.key } : { id },
      title: page.title,
      path: page.path,
      content: true,
      reasons: ['relink'],
      needs: id === undefined ? [page.key] : [],
    });
  }
}

/** Pages the folder does not have: listed, and deleted (the top-most of each subtree) with prune. */
function planDeletes(ctx: PlanContext): void {
  const { input, plan, claimed } = ctx;
  const deleteTop = (pages: readonly RemotePage[], parentGone: boolean) => {
    for (const page of pages) {
      const gone = page.kind !== 'other' && !claimed.has(page.id);
      if (gone) {
        plan.missing.push({ id: page.id, path: page.path, title: page.title });
        if (input.prune && !parentGone) {
          plan.changes.push({ op: 'delete_page', page: page.id, path: page.path, title: page.title });
          plan.counts.deleted++;
        }
      }
      deleteTop(page.children, parentGone || gone);
    }
  };
  deleteTop(input.remote, false);
}

/**
 * Reusable content (`.gitbook/includes/`): the document has no change that creates it, and a push
 * cannot tell whether the space has it (from a Git Sync import): each file is named.
 */
function planIncludes(ctx: PlanContext): void {
  const { layout, plan, locals, shown } = ctx;
  for (const include of layout.includes) {
    const users = locals.filter((page) => page.includes?.includes(include.file));
    plan.notApplied.push({
      key: include.file,
      what: 'include',
      file: shown(include.file),
      message: `reusable content "${include.title}": the API's changes cannot create reusable content, nor can a push tell whether the space has it; import the repository with Git Sync (docs spaces git import)${
        users.length > 0
          ? `; included by ${users
              .slice(0, 3)
              .map((page) => shown(page.file ?? page.key))
              .join(', ')}${users.length > 3 ? ', …' : ''}, sent with the include as written`
          : ''
      }`,
    });
  }
}

/** `.gitbook.yaml`'s redirects: the document has no change that sets them. */
function planRedirects(ctx: PlanContext): void {
  const { layout, plan } = ctx;
  if (Object.keys(layout.config.redirects).length > 0) {
    plan.notApplied.push({
      what: 'redirects',
      file: '.gitbook.yaml',
      message: `${Object.keys(layout.config.redirects).length} redirect(s): the document has no space-level redirects (set them on the site: docs sites redirects)`,
    });
  }
}

/** Whether a plan changes nothing. */
export const isEmptyPlan = (plan: Plan): boolean => plan.changes.length === 0;
