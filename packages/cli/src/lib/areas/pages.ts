import { Args, Flags } from '../../oclif.js';
import type { RemotePage } from '../docs-as-code/index.js';
import { type Column } from '../terminal/output.js';
import { terminal } from '../terminal/terminal.js';

/*
 * What `docs pages ...`, `docs pull` and `docs push` share: the `--cr` flag (a change request's
 * content instead of the space's primary content), the page argument, and the page tree's rows.
 */

export const crFlag = Flags.string({
  description:
    "A change request's content instead of the space's primary content: its number (12 or #12) or id",
});

/** `#12` and `12` as `12`; an id as it is. */
export const crValue = (value: string | undefined): string | undefined => value?.replace(/^#(?=\d+$)/, '');

export const pageArg = Args.string({
  name: 'page',
  description: "The page's path in the space (guides/setup) or its id",
});

/** One row of the tree: a page and its depth. */
export interface TreeRow {
  page: RemotePage;
  depth: number;
}

/** The tree in order, parents before their children. */
export function treeRows(pages: readonly RemotePage[], depth = 0): TreeRow[] {
  return pages.flatMap((page) => [{ page, depth }, ...treeRows(page.children, depth + 1)]);
}

/** The page whose path or id is `ref` (a leading `/` and a `.md` ending are ignored). */
export function findPage(pages: readonly RemotePage[], ref: string): RemotePage | undefined {
  const path = ref.replace(/^\/+/, '').replace(/(\/README)?\.md$/i, '');
  const rows = treeRows(pages);
  return rows.find((row) => row.page.id === ref)?.page ?? rows.find((row) => row.page.path === path)?.page;
}

/** At a terminal, titles are indented by depth (two spaces a level); piped, the depth is a column. */
export function treeColumns(): Column<TreeRow>[] {
  const indent = terminal.stdoutIsTTY();
  return [
    {
      header: 'TITLE',
      value: (row) => `${indent ? '  '.repeat(row.depth) : ''}${row.page.title || '(untitled)'}`,
      cut: true,
    },
    {
      header: 'PATH',
      value: (row) => (row.page.kind === 'link' ? (row.page.href ?? '') : row.page.path),
    },
    { header: 'TYPE', value: (row) => (row.page.kind === 'other' ? 'computed' : row.page.kind) },
    { header: 'ID', value: (row) => row.page.id },
    ...(indent ? [] : [{ header: 'DEPTH', value: (row: TreeRow) => row.depth }]),
  ];
}
