import { keyOfPage, isUnchanged, type MappedPage } from './mapping.js';
import { slugOf } from './model.js';
import { wirePath, wireSlug } from './placement.js';
import type { PageRef, PlannedUpdate, UpdateReason } from './plan.js';
import { makeRoom } from './plan-room.js';
import { ROOT, wayOut, type PlanContext } from './plan-space.js';
import { MAX_PAGE_FILE_BYTES, type LocalPage } from './read.js';

/**
 * The tree in order, parents before children: each page inserted, or updated and moved to its
 * place (`at` counted as the service counts it, in the tree as it is at that point).
 */
export function planTree(ctx: PlanContext, uploaded: ReadonlySet<string>) {
  const { layout, mapping, plan, shown, locals, idOf } = ctx;
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

  /** A page the space does not have, inserted at its place; false when it cannot be (named). */
  /** A page too large for a request: named, its document not sent (the rest of the push goes on). */
  const oversized = (page: LocalPage) =>
    plan.notApplied.push({
      key: page.key,
      what: 'page',
      file: shown(page.file ?? page.key),
      message: `${
        page.oversizeAsJson === undefined
          ? `is ${page.oversize} bytes: over`
          : `is ${page.oversize} bytes, ${page.oversizeAsJson} as the JSON its change carries: with the rest of the change, over`
      } the ${MAX_PAGE_FILE_BYTES} bytes a request of a push holds, so its document is not sent${idOf.has(page) ? ' (the space keeps its page as it is)' : ''}; split it into smaller pages, then push again`,
    });

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
    if (page.oversize !== undefined) {
      oversized(page);
      skip(page, page);
      return false;
    }
    const slug = wireSlug(localSlug);
    if (slug !== undefined && !makeRoom(ctx, page, newId(page), parentId, slug)) {
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
    if (page.oversize !== undefined) oversized(page);
    // Its slug where it goes: the file's. A link or computed page's is made from its title and
    // never sent: the API gives neither a slug (RevisionPageLink, RevisionPageComputed).
    const currentSlug = slugs.get(id) ?? localSlug;
    const wire = wireSlug(localSlug);
    const renamed =
      page.kind !== 'link' && page.kind !== 'computed' && localSlug !== currentSlug && wire !== currentSlug;
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
    const room = moving || finalSlug !== currentSlug ? makeRoom(ctx, page, id, parentId, finalSlug) : true;
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
    }
    // A document's title too: its file may be unchanged while its SUMMARY.md text is not.
    if (!content && current && current.page.title !== page.title) reasons.push('title');
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
