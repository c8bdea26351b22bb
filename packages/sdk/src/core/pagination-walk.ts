import type { ListEnvelope } from '../contract/list-envelope.js';
import { AbortError, PaginationError } from './errors.js';

/*
 * The item walk of a list (`for await` over a `PagePromise`, and `toArray`), and the guard that
 * keeps it from looping. pagination.ts holds the promise the user sees.
 */

/**
 * Empty pages in a row whose cursor is still followed. Servers may return an empty page
 * while filtering; one that keeps doing it would send a list walk around forever.
 */
export const MAX_EMPTY_PAGES = 3;

export function itemsOf<T>(page: ListEnvelope<T>): T[] {
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
export class CursorGuard {
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

export type Step<T> = IteratorResult<T, void>;
export const DONE: Readonly<Step<never>> = Object.freeze({ value: undefined, done: true });

/** Reads one page after `cursor`; `signal` aborts that read alone (a read ahead let go). */
export type FetchPage<Envelope> = (cursor: string, signal: AbortSignal) => Promise<Envelope>;

/** The next page, asked for while the caller works on the current one. */
interface ReadAhead<Envelope> {
  page: Promise<Envelope>;
  controller: AbortController;
}

/**
 * The item walk of `for await`, written out: an async generator costs several promises per
 * item (more through a `yield*` per page), about 1 KB of garbage per item in a long walk, which
 * made minor GCs run while a page was held and grew the young generation with the count. Here
 * an item of the current page costs one resolved promise. Calls are served in order, an error
 * ends the walk, `return()` stops it.
 *
 * One page ahead: once the caller comes back for a page's second item (it works through the
 * page), the next page is asked for, so that its latency passes while the caller works on this
 * one's items; a caller that takes one item and stops causes no extra request. No page is asked
 * for after `return()` or an abort, and a read ahead under way then is aborted. A loop the guard finds is reported
 * once this page's items were all given, as without the read ahead. `limit` (from `toArray`)
 * says how many items the caller may take: no page is read ahead past it.
 */
export class ItemWalk<T, Envelope extends ListEnvelope<T>> implements AsyncGenerator<T, void, undefined> {
  #first: Promise<Envelope> | undefined;
  readonly #fetchPage: FetchPage<Envelope>;
  readonly #cursors: CursorGuard;
  #items: T[] = [];
  #index = 0;
  /** The cursor the current page sent (for `hasMore`). */
  #cursor: unknown;
  #ahead: ReadAhead<Envelope> | undefined;
  /** The cursor of the next page while it is not asked for yet (past `limit`). */
  #nextCursor: string | undefined;
  /** The guard's error about the current page's cursor, thrown once its items were given. */
  #loop: Error | undefined;
  /** Items given before the current page, for `limit`. */
  #given = 0;
  readonly #limit: number;
  #finished = false;
  /** The step being worked out (a page being read): later calls wait for it, in order. */
  #pending: Promise<Step<T>> | undefined;
  /** The call's signal: once it aborts, the walk stops at the next item, mid-page included. */
  readonly #signal: AbortSignal | undefined;
  readonly #operation: () => string;

  constructor(
    first: Promise<Envelope>,
    fetchPage: FetchPage<Envelope>,
    cursors: CursorGuard,
    options: { signal: AbortSignal | undefined; operation: () => string; limit?: number },
  ) {
    this.#signal = options.signal;
    this.#operation = options.operation;
    this.#limit = options.limit ?? Infinity;
    // Read on the first next(); a walk never started must not leave a rejection unhandled.
    first.catch(() => undefined);
    this.#first = first;
    this.#fetchPage = fetchPage;
    this.#cursors = cursors;
  }

  next(): Promise<Step<T>> {
    if (this.#pending) {
      const after = this.#pending.then(
        () => this.next(),
        () => this.next(),
      );
      return after;
    }
    if (this.#signal?.aborted && !this.#finished) {
      this.#stop();
      return Promise.reject(
        new AbortError(`${this.#operation()}: the list walk was aborted`, { cause: this.#signal.reason }),
      );
    }
    const index = this.#index;
    if (index < this.#items.length) {
      this.#index = index + 1;
      // The caller came back for a second item: it works through this page, so read the next.
      if (index === 1 && this.#nextCursor !== undefined && this.#given + this.#items.length < this.#limit)
        this.#startRead();
      return Promise.resolve({ value: this.#items[index]!, done: false });
    }
    if (this.#finished) return Promise.resolve(DONE);
    const pending = this.#nextPage().then(
      (step) => {
        this.#pending = undefined;
        return step;
      },
      (error: unknown) => {
        this.#pending = undefined;
        this.#stop();
        throw error;
      },
    );
    this.#pending = pending;
    return pending;
  }

  /** Reads pages until one has an item (its first is the step), or the list ends. */
  async #nextPage(): Promise<Step<T>> {
    for (;;) {
      let page: Envelope;
      if (this.#first) {
        const first = this.#first;
        this.#first = undefined;
        page = await first;
      } else {
        if (this.#loop !== undefined) throw this.#loop;
        this.#given += this.#items.length;
        // Let go of the page read before this one while the next arrives.
        this.#items = [];
        const ahead = this.#ahead ?? this.#startRead();
        if (!ahead) return this.#stop();
        try {
          page = await ahead.page;
        } catch (error) {
          // A read aborted by `return()` ends the walk quietly.
          if (this.#finished) return DONE;
          throw error;
        }
      }
      if (this.#finished) return DONE;
      this.#ahead = undefined;
      const items = itemsOf(page);
      this.#items = items;
      this.#cursor = page.next?.page;
      this.#index = 0;
      this.#readAhead(items.length);
      if (items.length > 0) {
        this.#index = 1;
        return { value: items[0]!, done: false };
      }
    }
  }

  /** Checks the cursor the current page (of `count` items) sent, and keeps it for the read ahead. */
  #readAhead(count: number): void {
    let cursor: string | undefined;
    try {
      cursor = this.#cursors.follow(this.#cursor, count);
    } catch (error) {
      this.#loop = error as Error;
      return;
    }
    this.#nextCursor = cursor;
    // A page of one item gives no second call to start the read in next(): start it here.
    if (cursor !== undefined && count === 1 && this.#given + count < this.#limit) this.#startRead();
  }

  /** Starts reading the page of the cursor the current page sent; undefined at the list's end. */
  #startRead(): ReadAhead<Envelope> | undefined {
    const cursor = this.#nextCursor;
    if (cursor === undefined) return undefined;
    this.#nextCursor = undefined;
    const controller = new AbortController();
    const page = this.#fetchPage(cursor, controller.signal);
    // Read when its turn comes; a read ahead let go must not leave a rejection unhandled.
    page.catch(() => undefined);
    return (this.#ahead = { page, controller });
  }

  #stop(): Step<T> {
    this.#finished = true;
    this.#items = [];
    this.#index = 0;
    this.#nextCursor = undefined;
    const ahead = this.#ahead;
    this.#ahead = undefined;
    ahead?.controller.abort();
    return DONE;
  }

  /** Whether the walk holds more items than it gave, or a next page to read: `toArray` was capped. */
  get hasMore(): boolean {
    return this.#index < this.#items.length || (typeof this.#cursor === 'string' && this.#cursor !== '');
  }

  return(): Promise<Step<T>> {
    return Promise.resolve(this.#stop());
  }

  throw(error: unknown): Promise<Step<T>> {
    this.#stop();
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the caller threw in, as a generator would
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return this;
  }
}
