/*
 * The abstract page tree docs-as-code works on, named after the service's `RevisionPage*`
 * schemas and the `listPages` answer: a page is a `document`, a `group` (a heading of the table
 * of contents, at the root only) or a `link` (an entry pointing elsewhere). Pure data.
 */

/** `RevisionPageType` without `computed` (generated pages are not kept in a folder). */
export type PageKind = 'document' | 'group' | 'link';

export interface PageNode {
  /** `RevisionPageBase.id`: absent for a page the space does not have yet. */
  id?: string;
  kind: PageKind;
  /** `RevisionPageBase.title`: the first `# ` heading of its file (documents). */
  title: string;
  /**
   * `RevisionPage*.path`: the page's slug path in the revision, its slugs joined by `/`
   * (`guides/getting-started`). Its last segment is the page's `slug`.
   */
  path: string;
  /** `RevisionPageDocument.description`: `description` in the file's front matter. */
  description?: string;
  /** `RevisionPageBase.linkTitle`: the title shown in the table of contents, if another. */
  linkTitle?: string;
  /** Link pages: where the entry points (`RevisionPageLink.href`). */
  href?: string;
  /**
   * Front matter other than `description` (`icon`, `hidden`, `layout`, ...), as parsed YAML:
   * kept and written back, sent to the service in the document's front matter.
   */
  meta?: Record<string, unknown>;
  /**
   * The page's body as markdown: the file after its front matter and its title heading, with
   * the service's blocks (`{% hint %}`, `{% tabs %}`, ...) as written. Links to other pages and
   * to files are relative to the page's file. Empty for groups and links; otherwise ends with
   * one newline.
   */
  markdown: string;
  /** The files under `.gitbook/assets/` its markdown refers to, relative to the content root. */
  files: string[];
  children: PageNode[];
}

/** A file of the space, kept under `.gitbook/assets/`. */
export interface AssetFile {
  /** Relative to the content root: `.gitbook/assets/diagram.png`. */
  path: string;
  size: number;
  /** `sha256:<hex>` of its bytes. */
  hash: string;
}

/** What is wrong with a folder, naming the file (and line) it is in. */
export interface LayoutProblem {
  severity: 'error' | 'warning';
  /** Relative to the folder, as a person finds it. */
  file: string;
  line?: number;
  message: string;
}

/** The slug of a page: the last segment of its path. */
export const slugOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** The path of a page's parent (`''` at the root). */
export const parentPathOf = (path: string): string =>
  path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';

/** The path of a child `slug` of the page at `parent` (`''`: the root). */
export const childPath = (parent: string, slug: string): string => (parent ? `${parent}/${slug}` : slug);
