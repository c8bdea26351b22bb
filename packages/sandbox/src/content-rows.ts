/*
 * The rows of the content model: a revision holds a tree of pages, files, reusable contents and
 * variables (see content.ts for what reads and changes them). Types only, apart from content.ts
 * and its imports, so that the store's declarations (public: `sandbox.store`) stay small.
 */

/**
 * Where a page link points: a page (at one of its headings when `anchor` is given: the
 * service's `ContentRefAnchor`), a file, a URL, or another space (`url`: as a Git import read it).
 */
export type LinkTarget =
  | { kind: 'page'; page: string; anchor?: string }
  | { kind: 'file'; file: string }
  | { kind: 'url'; url: string }
  | { kind: 'space'; space: string; url: string };

export interface PageLinkRow {
  target: LinkTarget;
  relation: 'reference';
}

export interface PageRow {
  id: string;
  /**
   * Absent or `document`: a page with a body. `group`: a heading of the table of contents, at
   * the root only, holding pages (no body). `link`: an entry pointing at `target` (no body, no
   * pages). `computed`: pages the service generates from `source` (an OpenAPI spec: no body).
   * The API's content changes make documents only; a Git import makes the others.
   */
  type?: 'document' | 'group' | 'link' | 'computed';
  title: string;
  /** The title the table of contents shows, when another (`RevisionPageBase.linkTitle`). */
  linkTitle?: string;
  slug: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  /** Adaptive-content condition. */
  condition?: string;
  /** A link page's target. */
  target?: LinkTarget;
  /**
   * Front matter keys the page has no field for (`layout`, ...), as sent or imported: kept, and
   * written back by a Git export.
   */
  meta?: Record<string, unknown>;
  /** Absent for computed pages: their markdown is computed on read. */
  markdown?: string;
  /**
   * A page whose content is generated on read: `integration:page-index:all-pages` lists the
   * pages of the revision down to `props.depth` levels.
   */
  computed?: { type: string; props: Record<string, unknown> };
  /**
   * A `computed` page's definition (`RevisionPageComputed.computed`: `type`, `props`,
   * `dependencies`), its keys in the order the Git import read them (an export writes them so).
   */
  source?: Record<string, unknown> & { type: string };
  /** The file Git Sync keeps the page in (`git.path`), when a Git import read it from one. */
  gitPath?: string;
  /** A group's heading anchor in SUMMARY.md (`## Title <a href="#x" id="x"></a>`), as imported. */
  gitAnchor?: string;
  /** Page-level variables, overriding the revision's. */
  variables?: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  /** The links the page's content holds. */
  links: PageLinkRow[];
  pages: PageRow[];
}

export interface FileRow {
  id: string;
  name: string;
  contentType: string;
  size: number;
  dimensions?: { width: number; height: number };
  /** Its bytes: the key of `store.blobs` (SHA-256, hex); absent for a file whose bytes the sandbox never had. */
  blob?: string;
}

export interface ReusableContentRow {
  id: string;
  title: string;
  /** Its content, as markdown (a Git import reads it from `.gitbook/includes/<name>.md`). */
  markdown?: string;
  /** Its front matter keys other than `title`, as imported. */
  meta?: Record<string, unknown>;
  /** The file Git Sync keeps it in, when a Git import read it from one. */
  gitPath?: string;
}

/** How a revision was made (the published document's revision types the sandbox makes). */
export type RevisionType = 'edits' | 'merge' | 'update';

export interface RevisionRow {
  id: string;
  space: string;
  parents: string[];
  createdAt: string;
  /** Absent: `edits`. */
  type?: RevisionType;
  /** Of a `merge` revision: the change request merged (id). */
  mergedFrom?: string;
  /** The git commit message of the revision. */
  message: string;
  pages: PageRow[];
  files: FileRow[];
  reusableContents: ReusableContentRow[];
  variables: Record<string, string>;
}

/** The content of a revision, without its identity. */
export type RevisionContent = Pick<RevisionRow, 'pages' | 'files' | 'reusableContents' | 'variables'>;
