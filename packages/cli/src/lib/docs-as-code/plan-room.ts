import type { PlanContext } from './plan-space.js';
import type { LocalPage } from './read.js';

/**
 * Makes room for `slug` under `parent` (ids as the plan simulates the space): a page of the folder
 * holding it is renamed first (a temporary slug, its own comes later in the walk); a page the
 * folder does not have is a problem unless prune deletes it. False when there is no room.
 */
export function makeRoom(
  ctx: PlanContext,
  page: LocalPage,
  id: string,
  parent: string,
  slug: string,
): boolean {
  const { input, plan, shown, locals, idOf } = ctx;
  const { remote, children, slugs } = ctx.space;
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
}
