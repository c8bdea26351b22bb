import type { ContentConfig } from './config.js';
import type { SyncMapping } from './mapping.js';
import type { AssetFile, ComputedSource, IncludeFile, LayoutProblem, LinkTarget, PageKind } from './model.js';

/* What reading a folder in the Git Sync layout gives: the tree of pages without their markdown. */

/** The largest page file read: a page larger than a request could hold cannot be sent. */
export const MAX_PAGE_FILE_BYTES = 2 * 1024 * 1024;

/**
 * Room a page's change needs beside its text (operation, title, slug, parent, the links a push
 * rewrites to ids): a text whose JSON leaves less than this under MAX_PAGE_FILE_BYTES cannot go.
 */
export const CHANGE_ROOM_BYTES = 4 * 1024;

/** A page of the folder, without its markdown. */
export interface LocalPage {
  /**
   * Its key in the mapping: the file (documents), `<path>/` (groups), `link:<target>` (links:
   * the URL, or the file and anchor), `computed:<parent path>` (computed pages).
   */
  key: string;
  kind: PageKind;
  title: string;
  /** Slug path: from the mapping for a file it knows, else from the file's name. */
  path: string;
  linkTitle?: string;
  description?: string;
  /** Link pages: the target as SUMMARY.md writes it. */
  href?: string;
  /** Link pages: what they point at. */
  target?: LinkTarget;
  /** Computed pages: their definition. */
  computed?: ComputedSource;
  /** Groups: the id of the HTML anchor after their heading in SUMMARY.md. */
  anchor?: string;
  /** Documents: the file, relative to the content root; absent for a folder without README.md. */
  file?: string;
  /** Documents: `contentHash` of the page's file as `renderPageFile` writes it. */
  hash?: string;
  /**
   * Documents too large to send: the file's size. Over MAX_PAGE_FILE_BYTES, not read (no hash, no
   * links); kept in the tree so that a push names it and sends everything else.
   */
  oversize?: number;
  /**
   * Of those, a file under MAX_PAGE_FILE_BYTES whose text grows past it as the JSON its change
   * carries (quotes, backslashes and line ends are escaped): that JSON's size.
   */
  oversizeAsJson?: number;
  /** Page files and folders its markdown links to, relative to the content root. */
  links: string[];
  /** Files under `.gitbook/assets/` its markdown refers to. */
  files: string[];
  /** Reusable contents its markdown includes (`{% include ".gitbook/includes/x.md" %}`). */
  includes?: string[];
  children: LocalPage[];
}

export interface LocalLayout {
  config: ContentConfig;
  mapping: SyncMapping | undefined;
  /** Whether the tree came from SUMMARY.md. */
  summary: boolean;
  pages: LocalPage[];
  assets: AssetFile[];
  /** The reusable contents under `.gitbook/includes/`. */
  includes: IncludeFile[];
  /** Errors (nothing may be sent) and warnings, each naming its file. */
  problems: LayoutProblem[];
}
