import type { PageKind, PageNode } from './model.js';

/*
 * A space's pages as `listPages` (and `listPagesInChangeRequest`) answer them: `{ pages:
 * RevisionPage[] }`, a tree (`pages` of each page). Read tolerantly: unknown fields are ignored,
 * a page type not known here (`computed`, and any later one) is kept as `other` and never
 * matched, moved or deleted.
 */

export interface RemotePage {
  id: string;
  kind: PageKind | 'other';
  title: string;
  /** Slug path (`RevisionPage*.path`). */
  path: string;
  linkTitle?: string;
  description?: string;
  href?: string;
  updatedAt?: string;
  children: RemotePage[];
}

/** A file of the space (`RevisionFile`), as `listFiles` answers. */
export interface RemoteFile {
  id: string;
  name: string;
  size?: number;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The tree from the `pages` of a `listPages` answer. */
export function remotePages(pages: readonly unknown[], parentPath = ''): RemotePage[] {
  const out: RemotePage[] = [];
  for (const raw of pages) {
    if (typeof raw !== 'object' || raw === null) continue;
    const page = raw as Record<string, unknown>;
    const id = str(page['id']);
    if (id === undefined) continue;
    const type = str(page['type']) ?? str(page['kind']);
    const kind: RemotePage['kind'] =
      type === 'document' || type === 'sheet'
        ? 'document'
        : type === 'group' || type === 'link'
          ? type
          : 'other';
    const slug = str(page['slug']);
    const path = str(page['path']) ?? (slug === undefined ? id : parentPath ? `${parentPath}/${slug}` : slug);
    const title = str(page['title']) ?? '';
    const linkTitle = str(page['linkTitle']);
    const description = str(page['description']);
    const href = str(page['href']);
    const updatedAt = str(page['updatedAt']);
    const children = Array.isArray(page['pages']) ? remotePages(page['pages'] as unknown[], path) : [];
    out.push({
      id,
      kind,
      title,
      path,
      ...(linkTitle === undefined ? {} : { linkTitle }),
      ...(description === undefined ? {} : { description }),
      ...(href === undefined ? {} : { href }),
      ...(updatedAt === undefined ? {} : { updatedAt }),
      children,
    });
  }
  return out;
}

/** A tree of pages as the space would list them (tests; a space made from a folder). */
export function remoteFromNodes(pages: readonly PageNode[]): RemotePage[] {
  return pages.map((page) => ({
    id: page.id ?? '',
    kind: page.kind,
    title: page.title,
    path: page.path,
    ...(page.linkTitle === undefined ? {} : { linkTitle: page.linkTitle }),
    ...(page.description === undefined ? {} : { description: page.description }),
    ...(page.href === undefined ? {} : { href: page.href }),
    children: remoteFromNodes(page.children),
  }));
}

/** A page a pull writes: not computed. */
export type KeptPage = Omit<RemotePage, 'kind' | 'children'> & { kind: PageKind; children: KeptPage[] };

/**
 * The tree a pull writes, from the space's pages: computed pages (and any type not known here)
 * left out, as they are generated, not kept in a folder.
 */
export function keptPages(pages: readonly RemotePage[]): KeptPage[] {
  const kept: KeptPage[] = [];
  for (const { kind, children, ...page } of pages) {
    if (kind !== 'other') kept.push({ ...page, kind, children: keptPages(children) });
  }
  return kept;
}
