/*
 * The request body of `updateChangeRequestContent` (POST
 * /spaces/{spaceId}/change-requests/{changeRequestId}/content) as the service's published
 * document (@gitbook/api 0.202.0, `ChangeRequestContentChange*` and `RevisionPageUpdate`)
 * shapes it. Written by hand from the document while the SDK's contract is regenerated; once the
 * generated contract exports these types, this file re-exports them instead (same names).
 *
 * Only the parts the docs-as-code push sends are typed: markdown documents (never the JSON
 * document form), files sent as base64 or, over the inline cap with `--files-url`, by URL; no
 * `revert_page`.
 */

/** `RevisionPageUpdate`: page metadata that can be set on insert and update. */
export interface RevisionPageUpdate {
  /** minLength 1. */
  title?: string;
  /** `RevisionPageSlug`: 0-100 characters; derived from the title when omitted on insert. */
  slug?: string;
  /** Empty string removes it. */
  emoji?: string;
  /** Empty string removes it. */
  icon?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  condition?: string;
}

/** `MarkdownDocument`: its front matter is read to set the page's metadata. */
export interface MarkdownDocument {
  markdown: string;
}

/** `ChangeRequestContentChangeInsertPage`. */
export interface ChangeRequestContentChangeInsertPage extends RevisionPageUpdate {
  operation: 'insert_page';
  /** ID of the parent page; omitted: a root page. */
  into?: string;
  /** Zero-based index among the siblings; omitted: appended. */
  at?: number;
  /** Batch-local reference other inserted pages can link to (`./<ref>.md`). */
  ref?: string;
  document: MarkdownDocument;
}

/** `ChangeRequestContentChangeUpdatePage`. */
export interface ChangeRequestContentChangeUpdatePage extends RevisionPageUpdate {
  operation: 'update_page';
  /** ID of the page to update. */
  page: string;
  /** Omitted: only the metadata changes. */
  document?: MarkdownDocument;
  /** New parent page ID; `null`: the root; omitted: the parent is unchanged. */
  into?: string | null;
  /** Zero-based index among the new siblings. */
  at?: number;
}

/** `ChangeRequestContentChangeDeletePage`: deletes the page and its subpages. */
export interface ChangeRequestContentChangeDeletePage {
  operation: 'delete_page';
  page: string;
}

/** One file of an `insert_files` change, sent inline (`base64`, max 1 MB, with its type). */
export interface InsertFileInline {
  ref?: string;
  /** 1-256 characters, with its extension. */
  name: string;
  contentType: string;
  base64: string;
}

/** One file of an `insert_files` change given by `url`: the service fetches it (any size). */
export interface InsertFileByUrl {
  ref?: string;
  name: string;
  contentType?: string;
  url: string;
}

export type InsertFile = InsertFileInline | InsertFileByUrl;

/** `ChangeRequestContentChangeInsertFiles`: 1 to 20 files. */
export interface ChangeRequestContentChangeInsertFiles {
  operation: 'insert_files';
  files: InsertFile[];
}

/** `ChangeRequestContentChange`, the variants a push sends. */
export type ChangeRequestContentChange =
  | ChangeRequestContentChangeInsertPage
  | ChangeRequestContentChangeUpdatePage
  | ChangeRequestContentChangeDeletePage
  | ChangeRequestContentChangeInsertFiles;

/** The request body: 1 to 50 changes, applied in order, atomically. */
export interface UpdateChangeRequestContentBody {
  changes: ChangeRequestContentChange[];
}

/** The document's limits on the body (`maxItems` of `changes` and of `files`, "max 1MB"). */
export const MAX_CHANGES_PER_REQUEST = 50;
export const MAX_FILES_PER_CHANGE = 20;
/**
 * "Base64-encoded bytes, max 1MB": read as at most 1,000,000 bytes before encoding, the smaller
 * of the two readings of "1MB" (10^6 or 2^20 bytes), so that no file the push accepts is refused.
 */
export const MAX_FILE_BYTES = 1_000_000;
/** `name` of an inserted file: 1-256 characters. */
export const MAX_FILE_NAME_LENGTH = 256;
/** `RevisionPageSlug`: at most 100 characters. */
export const MAX_SLUG_LENGTH = 100;
