/*
 * Shared scaffolding for tests that drive the sandbox through the SDK: a sandbox that checks
 * its answers against the contract, a client reaching it in-process, a record of the sandboxes
 * a file creates (to check that it served every operation of its area), and the checks of a
 * failed call.
 * Lives outside src so it is neither built nor published.
 */
import { assert, expect } from 'vitest';
import {
  BadRequestError,
  DocsClient,
  type ApiError,
  type Comment,
  type Revision,
  type RevisionPage,
  type UnknownKind,
} from '@docs-api/sdk';
import { createSandbox, type Sandbox, type SandboxOptions } from '../src/sandbox.js';

const SANDBOX_BASE_URL = 'http://sandbox.test/v1';

/** A sandbox (responses checked unless `options` says otherwise) and a client without retries for it. */
export function sandboxWithClient(options: SandboxOptions = {}): { sandbox: Sandbox; client: DocsClient } {
  const sandbox = createSandbox({ checkResponses: true, ...options });
  const client = new DocsClient({
    token: sandbox.token,
    baseUrl: SANDBOX_BASE_URL,
    fetch: sandbox.fetch,
    maxRetries: 0,
  });
  return { sandbox, client };
}

/** A clock that moves one second per reading from `start`, so timestamps are predictable and ordered. */
export function steppingClock(start: number): () => Date {
  let tick = 0;
  return () => new Date(start + 1000 * tick++);
}

export interface TrackedSandboxes {
  /**
   * A new sandbox and its client, recorded. Its clock is a `steppingClock` from the tracker's
   * `clockStart`, if it has one; `options` are applied on top.
   */
  setup: (options?: SandboxOptions) => { sandbox: Sandbox; client: DocsClient };
  /** The ids of the operations that any recorded sandbox served. */
  servedOperationIds: () => Set<string>;
  /** Forgets the recorded sandboxes. */
  clear: () => void;
}

/**
 * Records every sandbox a test file creates through `setup`, so that its last test can check
 * that all operations of the area were served (by one sandbox or another).
 */
export function trackSandboxes(options: { clockStart?: number } = {}): TrackedSandboxes {
  const sandboxes: Sandbox[] = [];
  const { clockStart } = options;
  return {
    setup: (sandboxOptions = {}) => {
      const created = sandboxWithClient({
        ...(clockStart === undefined ? {} : { clock: steppingClock(clockStart) }),
        ...sandboxOptions,
      });
      sandboxes.push(created.sandbox);
      return created;
    },
    servedOperationIds: () => new Set(sandboxes.flatMap((sandbox) => [...sandbox.hits.keys()])),
    clear: () => {
      sandboxes.length = 0;
    },
  };
}

/** The error a call fails with, checked to be of the given class; its server message is returned. */
export async function failure(
  promise: PromiseLike<unknown>,
  kind: new (...args: never[]) => ApiError,
): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(kind);
    return (error as ApiError).serverMessage;
  }
  throw new Error('expected the call to fail');
}

/** The paths of the issues a 400 answer names. */
export async function issuePaths(promise: PromiseLike<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    const body = (error as BadRequestError).body as { error: { issues?: Array<{ path: string }> } };
    return (body.error.issues ?? []).map((issue) => issue.path);
  }
  throw new Error('expected a 400');
}

/** A comment of a status the SDK knows (`open` or `resolved`), typed as such. */
export type KnownComment = Exclude<Comment, { status: UnknownKind }>;

/** The comment, narrowed to its known status: the test fails on another one, or on none. */
export function knownComment(comment: Comment | undefined): KnownComment {
  assert(
    comment !== undefined && (comment.status === 'open' || comment.status === 'resolved'),
    `expected an open or resolved comment, got ${JSON.stringify(comment)?.slice(0, 200)}`,
  );
  return comment as KnownComment;
}

/** A revision of a type the SDK knows. */
export type KnownRevision = Extract<Revision, { object: 'revision' }>;

/** The revision, narrowed to its known type: the test fails on another one. */
export function knownRevision(revision: Revision): KnownRevision {
  assert(
    revision.type === 'edits' ||
      revision.type === 'merge' ||
      revision.type === 'update' ||
      revision.type === 'rollback' ||
      revision.type === 'computed',
    `expected a revision of a known type, got ${String(revision.type)}`,
  );
  return revision;
}

/** A document page: every page the sandbox answers is one. */
export type DocumentPage = Extract<RevisionPage, { type: 'document' }>;

/**
 * The page as a document page; the test fails on another type, or on none. (`RevisionPage` does
 * not narrow on `page.type`: the generated `RevisionPageDocument` ends with an `object` fallback.)
 */
export function documentPage(page: RevisionPage | undefined): DocumentPage {
  assert(
    page !== undefined && (page as { type?: unknown }).type === 'document',
    `expected a document page, got ${JSON.stringify(page)?.slice(0, 200)}`,
  );
  return page as DocumentPage;
}

/**
 * Every item of a list that the SDK answers one page at a time (no `for await`), following
 * `next.page` by hand; `fetchPage` reads the page with that cursor (none: the first).
 */
export async function everyItem<T>(
  fetchPage: (
    page: string | undefined,
  ) => PromiseLike<{ items: T[]; next?: { page?: string | undefined } | null | undefined }>,
  max = 1000,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.next?.page;
  } while (cursor !== undefined && items.length < max);
  return items;
}
