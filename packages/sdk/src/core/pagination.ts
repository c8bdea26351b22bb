import type { ListEnvelope } from '../contract/list-envelope.js';
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
    let page = (await this.withResponse()).data;
    const seen = new Set<string>(this.#startCursor ? [this.#startCursor] : []);
    let pages = 1;
    let emptyInARow = 0;
    for (;;) {
      yield page;
      // Under the `warn` response policy a page comes as received: read it defensively.
      const next: unknown = page.next?.page;
      if (typeof next !== 'string' || !next) return;
      emptyInARow = itemsOf(page).length === 0 ? emptyInARow + 1 : 0;
      const operation = typeof this.#operation === 'function' ? this.#operation() : this.#operation;
      if (seen.has(next)) {
        throw new PaginationError(
          `${operation}: the server sent the cursor ${showCursor(next)} again after ${pages} page(s); ` +
            'stopped instead of reading the same pages forever. The items so far are real; the list may be incomplete.',
          { operation, reason: 'repeated-cursor', pages, cursors: seen.size },
        );
      }
      if (emptyInARow > MAX_EMPTY_PAGES) {
        throw new PaginationError(
          `${operation}: the server sent ${emptyInARow} empty pages in a row that still pointed to a next page ` +
            `(after ${pages} page(s)); stopped instead of following cursors without end. The list may be incomplete.`,
          { operation, reason: 'empty-pages', pages, cursors: seen.size },
        );
      }
      seen.add(next);
      page = (await this.#fetchPage(next)).data;
      pages++;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* itemsOf(page);
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
