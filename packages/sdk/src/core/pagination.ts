import type { ListEnvelope } from '../contract/schema.js';
import { ApiPromise, type WithResponse } from './api-promise.js';
import { PaginationError } from './errors.js';

/**
 * Empty pages in a row whose cursor is still followed. Servers may return an empty page
 * while filtering; one that keeps doing it would send a list walk around forever.
 */
export const MAX_EMPTY_PAGES = 3;

function itemsOf<T>(page: ListEnvelope<T>): T[] {
  return Array.isArray(page.items) ? page.items : [];
}

/** How a cursor is shown in a message: long cursors may carry state, so only a short prefix. */
function showCursor(cursor: string): string {
  return cursor.length <= 12 ? `"${cursor}"` : `"${cursor.slice(0, 8)}…" (${cursor.length} characters)`;
}

/**
 * What keeps a list walk from looping: each cursor may be followed once, and only
 * {@link MAX_EMPTY_PAGES} empty pages in a row may point to a next page.
 */
class CursorGuard {
  readonly #seen: Set<string>;
  readonly #operation: () => string;
  #pages = 1;
  #emptyInARow = 0;

  constructor(startCursor: string | undefined, operation: () => string) {
    this.#seen = new Set(startCursor ? [startCursor] : []);
    this.#operation = operation;
  }

  /** The cursor to read after `page` (which held `count` items); undefined at the end. */
  after(page: ListEnvelope<unknown>, count: number): string | undefined {
    return this.follow(page.next?.page, count);
  }

  /** `cursor` as sent by the page that held `count` items: undefined at the end; throws on a loop. */
  follow(cursor: unknown, count: number): string | undefined {
    // Under the `warn` response policy a page comes as received: read it defensively.
    if (typeof cursor !== 'string' || !cursor) return undefined;
    this.#emptyInARow = count === 0 ? this.#emptyInARow + 1 : 0;
    const seen = this.#seen;
    const pages = this.#pages;
    if (seen.has(cursor)) {
      const operation = this.#operation();
      throw new PaginationError(
        `${operation}: the server sent the cursor ${showCursor(cursor)} again after ${pages} page(s); ` +
          'stopped instead of reading the same pages forever. The items so far are real; the list may be incomplete.',
        { operation, reason: 'repeated-cursor', pages, cursors: seen.size },
      );
    }
    if (this.#emptyInARow > MAX_EMPTY_PAGES) {
      const operation = this.#operation();
      throw new PaginationError(
        `${operation}: the server sent ${this.#emptyInARow} empty pages in a row that still pointed to a next page ` +
          `(after ${pages} page(s)); stopped instead of following cursors without end. The list may be incomplete.`,
        { operation, reason: 'empty-pages', pages, cursors: seen.size },
      );
    }
    seen.add(cursor);
    this.#pages++;
    return cursor;
  }
}

/** One page of a list: `items`, `count`, `next`, and any other envelope field (e.g. `stats`). */
export type Page<T, Envelope extends ListEnvelope<T> = ListEnvelope<T>> = Envelope;

/**
 * The result of a `list()` call (openai-node, stripe-node):
 * - `await` gives the first page;
 * - `for await (const item of ...)` yields every item across pages, holding one page at a time;
 * - `.pages()` yields pages;
 * - `.toArray({ max })` collects items up to a required cap.
 *
 * A walk never loops: a cursor that comes back after it was followed, or more than
 * {@link MAX_EMPTY_PAGES} empty pages in a row that still point to a next page, end it with a
 * `PaginationError` (after the pages read so far were yielded).
 */
export class PagePromise<T, Envelope extends ListEnvelope<T> = ListEnvelope<T>>
  extends ApiPromise<Envelope>
  implements AsyncIterable<T>
{
  readonly #fetchPage: (page: string) => Promise<WithResponse<Envelope>>;
  readonly #operation: string | (() => string);
  readonly #startCursor: string | undefined;

  /**
   * `options.operation` names the list in messages: its id, or a function giving it (the SDK's
   * operations are loaded with the first page).
   */
  constructor(
    first: Promise<WithResponse<Envelope>>,
    fetchPage: (page: string) => Promise<WithResponse<Envelope>>,
    options: { operation?: string | (() => string) | undefined; startCursor?: string | undefined } = {},
  ) {
    super(first);
    this.#fetchPage = fetchPage;
    this.#operation = options.operation ?? 'list';
    this.#startCursor = options.startCursor;
  }

  /** Yields each page in turn, starting with the first. */
  async *pages(): AsyncGenerator<Envelope, void, undefined> {
    const cursors = this.#cursors();
    let page: Envelope | undefined = (await this.withResponse()).data;
    while (page) {
      yield page;
      const next = cursors.after(page, itemsOf(page).length);
      // Not held while the next page is read: the caller keeps it if it wants it.
      page = undefined;
      if (next !== undefined) page = (await this.#fetchPage(next)).data;
    }
  }

  /**
   * Yields every item, page after page. Written out rather than over `pages()`: a `yield*` of
   * each page through a second generator costs several promises per item, and that garbage
   * made every page outlive a minor GC and pile up in the old space during a long walk. Only
   * the current page's items are held, never while the next page is read.
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    const cursors = this.#cursors();
    let page: Envelope | undefined = (await this.withResponse()).data;
    while (page) {
      let items: T[] | undefined = itemsOf(page);
      const cursor: unknown = page.next?.page;
      page = undefined;
      const count = items.length;
      for (let index = 0; index < count; index++) yield items[index]!;
      items = undefined;
      const next = cursors.follow(cursor, count);
      if (next !== undefined) page = (await this.#fetchPage(next)).data;
    }
  }

  /** The loop guard of one walk: every cursor followed, and the empty pages in a row. */
  #cursors(): CursorGuard {
    return new CursorGuard(this.#startCursor, () =>
      typeof this.#operation === 'function' ? this.#operation() : this.#operation,
    );
  }

  /** Collects items across pages, stopping after `max` items. */
  async toArray(options: { max: number }): Promise<T[]> {
    if (!(options.max >= 0) || (options.max !== Infinity && !Number.isInteger(options.max))) {
      throw new RangeError('toArray({ max }) needs a non-negative integer cap, or Infinity');
    }
    const items: T[] = [];
    if (options.max === 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length >= options.max) break;
    }
    return items;
  }

  override get [Symbol.toStringTag](): string {
    return 'PagePromise';
  }
}
