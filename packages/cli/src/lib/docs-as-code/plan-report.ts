import type { LayoutProblem, Plan, PlannedChange } from './index.js';

/*
 * What `docs push` shows of its plan: each change as a line at a terminal (in the signs of
 * `docs cr diff`) and as `--json` prints it, and a problem of the folder as a compiler names it.
 */

/** One planned change, as `--json` prints it. */
export interface PushChange {
  op: PlannedChange['op'];
  /** The page's slug path in the space after the push (a deleted page's: before). */
  path?: string;
  title?: string;
  /** The page's file (relative to the folder), or the files an upload sends. */
  file?: string;
  files?: string[];
  /** Why a page is updated: content, move, rename, title, relink, files, make-room. */
  reasons?: string[];
}

/** `file:line: message`, as a compiler names the place. */
export const where = (problem: LayoutProblem) =>
  `${problem.file}${problem.line === undefined ? '' : `:${problem.line}`}: ${problem.message}`;

/** The plan's changes, one line each, in the signs `docs cr diff` uses. */
export function changeLines(plan: Plan, prune: boolean): string[] {
  const lines: string[] = [];
  for (const page of plan.missing) {
    lines.push(
      prune
        ? `- page  ${page.path} (${page.title})`
        : `  kept  ${page.path} (${page.title}): not in the folder`,
    );
  }
  for (const change of plan.changes) {
    switch (change.op) {
      case 'insert_files':
        for (const file of change.files) lines.push(`+ file  ${file}`);
        break;
      case 'insert_page':
        lines.push(`+ page  ${change.path} (${change.title})`);
        break;
      case 'update_page': {
        if (change.reasons.includes('make-room')) {
          lines.push(`> page  ${change.path} renamed to ${change.slug ?? ''} to make room`);
          break;
        }
        const moved = change.reasons.includes('move') || change.reasons.includes('rename');
        const edited = change.reasons.filter((reason) => reason !== 'move' && reason !== 'rename');
        if (moved) lines.push(`> page  ${change.path} (${change.title}) moved`);
        if (edited.length > 0) lines.push(`~ page  ${change.path} (${change.title}): ${edited.join(', ')}`);
        break;
      }
      case 'delete_page':
        break; // listed first, with the missing pages
    }
  }
  return lines;
}

/** A planned change as `--json` prints it. */
export function describe(change: PlannedChange): PushChange {
  switch (change.op) {
    case 'insert_files':
      return { op: change.op, files: change.files };
    case 'delete_page':
      return { op: change.op, path: change.path, title: change.title };
    case 'insert_page':
      return {
        op: change.op,
        path: change.path,
        title: change.title,
        ...(change.file ? { file: change.file } : {}),
      };
    case 'update_page':
      return {
        op: change.op,
        path: change.path,
        title: change.title,
        ...(change.file ? { file: change.file } : {}),
        reasons: change.reasons,
      };
  }
}
