import { encodeLinkPath } from './links.js';
import { ROOT, type PlanContext } from './plan-space.js';
import type { LocalPage } from './read.js';
import type { RemotePage } from './remote.js';

/**
 * Where links point once the push is done: `/pages/<slug path>` in the space as the changes
 * leave it, a form the document resolves whatever the page's children (its Git path,
 * `/pages/<path>.md` or `/pages/<path>/README.md`, depends on whether it has children when the
 * link is written, which a batch may not have made yet).
 */
export function planLinkTargets(ctx: PlanContext, simId: (page: LocalPage) => string): void {
  const { plan, locals } = ctx;
  const { slugs, parents } = ctx.space;
  // Undefined for a page the push does not make (under a group it cannot create): a link to it
  // is sent as written, which the service keeps as text, rather than as `/pages/` (the space's
  // first page).
  const finalPath = (id: string): string | undefined => {
    const parts: string[] = [];
    // At most one step per page: a tree has no cycles, and this loop never meets one.
    for (let at = id, steps = 0; at !== ROOT; steps++) {
      const slug = slugs.get(at);
      const parent = parents.get(at);
      if (slug === undefined || parent === undefined || steps > parents.size) return undefined;
      parts.unshift(slug);
      at = parent;
    }
    return parts.join('/');
  };
  for (const page of locals) {
    if (!page.file) continue;
    const path = finalPath(simId(page));
    if (path !== undefined) plan.targets.set(page.file, `/pages/${encodeLinkPath(path)}`);
  }
}

/** Pages whose links point at pages placed after them, written again once those exist. */
export function planRelinks(ctx: PlanContext, relink: ReadonlySet<LocalPage>): void {
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
export function planDeletes(ctx: PlanContext): void {
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
export function planIncludes(ctx: PlanContext): void {
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
export function planRedirects(ctx: PlanContext): void {
  const { layout, plan } = ctx;
  if (Object.keys(layout.config.redirects).length > 0) {
    plan.notApplied.push({
      what: 'redirects',
      file: '.gitbook.yaml',
      message: `${Object.keys(layout.config.redirects).length} redirect(s): the document has no space-level redirects (set them on the site: docs sites redirects)`,
    });
  }
}
