import type { SyncMapping } from './mapping.js';
import { slugOf } from './model.js';
import type { Plan, PlanInput } from './plan.js';
import type { LocalLayout, LocalPage } from './read.js';
import type { RemotePage } from './remote.js';

/* The space as the plan sees it (indexed once, then simulated as changes apply) and the context every phase of the plan reads. */

/** How an entry the document's changes cannot create is made, by kind. */
const WAY_OUT: Record<string, string> = {
  group:
    'create the group in the app (at the root of the table of contents, with this title), or import the repository with Git Sync (docs spaces git import), then push again',
  link: 'create the link in the app, or import the repository with Git Sync (docs spaces git import), then push again',
};
export const wayOut = (kind: string) =>
  WAY_OUT[kind] ??
  `create it in the app, or import the repository with Git Sync (docs spaces git import), then push again`;

export interface RemoteEntry {
  page: RemotePage;
  parent: string;
}

export const ROOT = '';

/** The space as it is: ids, parents, children, slugs (the simulation the changes apply to). */
export interface SpaceIndex {
  remote: Map<string, RemoteEntry>;
  byPath: Map<string, string>;
  children: Map<string, string[]>;
  slugs: Map<string, string>;
  parents: Map<string, string>;
}

/** What every phase of the plan reads, and the plan it adds to. */
export interface PlanContext {
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

export function indexSpace(remotePages: readonly RemotePage[]): SpaceIndex {
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
