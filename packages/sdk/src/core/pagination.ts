import type { ListEnvelope } from '../contract/list-envelope.js';
import { ApiPromise, type WithResponse } from './api-promise.js';
import { AbortError, InvalidOptionError, PaginationError } from './errors.js';

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

type Step<T> = IteratorResult<T, void>;
const DONE: Readonly<Step<never>> = Object.freeze({ value: undefined, done: true });

/**
 * The item walk of `for await`, written out: an async generator costs several promises per
 * item (more through a `yield*` per page), about 1 KB of garbage per item in a long walk, which
 * made minor GCs run while a page was held and grew the young generation with the count. Here
 * an item of the current page costs one resolved promise. The current page's items are let go
 * before the next page is read. Behaves as the generator did: calls are served in order, an
 * error ends the walk, `return()` stops it.
 */
class ItemWalk<T, Envelope extends ListEnvelope<T>> implements AsyncGenerator<T, void, undefined> {
  #first: Promise<Envelope> | undefined;
  readonly #fetchPage: (cursor: string) => Promise<Envelope>;
  readonly #cursors: CursorGuard;
  #items: T[] = [];
  #index = 0;
  #cursor: unknown;
  #finished = false;
  /** The step being worked out (a page being read): later calls wait for it, in order. */
  #pending: Promise<Step<T>> | undefined;
  /** The call's signal: once it aborts, the walk stops at the next item, mid-page included. */
  readonly #signal: AbortSignal | undefined;
  readonly #operation: () => string;

  constructor(
    first: Promise<Envelope>,
    fetchPage: (cursor: string) => Promise<Envelope>,
    cursors: CursorGuard,
    signal: AbortSignal | undefined,
    operation: () => string,
  ) {
    this.#signal = signal;
    this.#operation = operation;
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
        const cursor = this.#cursors.follow(this.#cursor, this.#items.length);
        // Let go of the page read before this one while the next is fetched.
        this.#items = [];
        if (cursor === undefined) return this.#stop();
        page = await this.#fetchPage(cursor);
      }
      if (this.#finished) return DONE;
      this.#items = itemsOf(page);
      this.#cursor = page.next?.page;
      this.#index = 0;
      if (this.#items.length > 0) {
        this.#index = 1;
        return { value: this.#items[0]!, done: false };
      }
    }
  }

  #stop(): Step<T> {
    this.#finished = true;
    this.#items = [];
    this.#index = 0;
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

/** What `toArray({ max })` gives: the items, and whether it stopped at `max` with more to read. */
export type Collected<T> = T[] & {
  /** True when the list went on past `max`: items left on the last page read, or a next page. */
  readonly capped: boolean;
};

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
  readonly #signal: AbortSignal | undefined;

  /**
   * `options.operation` names the list in messages: its id, or a function giving it (the SDK's
   * operations are loaded with the first page).
   */
  constructor(
    first: Promise<WithResponse<Envelope>>,
    fetchPage: (page: string) => Promise<WithResponse<Envelope>>,
    options: {
      operation?: string | (() => string) | undefined;
      startCursor?: string | undefined;
      /** The call's signal: an abort stops an item walk at its next item. */
      signal?: AbortSignal | undefined;
    } = {},
  ) {
    super(first);
    this.#fetchPage = fetchPage;
    this.#operation = options.operation ?? 'list';
    this.#startCursor = options.startCursor;
    this.#signal = options.signal;
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
   * Yields every item, page after page, holding one page's items at a time. The walk keeps no
   * reference to this promise past the first page, so under `for await` the first page is let go
   * like the others.
   */
  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return this.#walk();
  }

  #walk(): ItemWalk<T, Envelope> {
    const fetchPage = this.#fetchPage;
    return new ItemWalk<T, Envelope>(
      this.withResponse().then(({ data }) => data),
      async (cursor) => (await fetchPage(cursor)).data,
      this.#cursors(),
      this.#signal,
      this.#name,
    );
  }

  readonly #name = (): string => {
    const operation = this.#operation;
    return typeof operation === 'function' ? operation() : operation;
  };

  /** The loop guard of one walk: every cursor followed, and the empty pages in a row. */
  #cursors(): CursorGuard {
    return new CursorGuard(this.#startCursor, this.#name);
  }

  /**
   * Collects items across pages, stopping after `max` items. The array's `capped` property says
   * whether it stopped at `max` while the list went on: items were left on the last page read,
   * or that page named a next one (which the walk did not read, so it may have been empty).
   */
  async toArray(options: { max: number }): Promise<Collected<T>> {
    const max = (options as { max?: unknown } | undefined)?.max;
    if (typeof max !== 'number' || !(max >= 0) || (max !== Infinity && !Number.isInteger(max))) {
      throw new InvalidOptionError(
        `toArray({ max }): max is required, a whole number of 0 or more (or Infinity to collect every item); got ${
          max === undefined ? 'no max' : typeof max === 'number' ? String(max) : `a ${typeof max}`
        }`,
      );
    }
    const items: T[] = [];
    let capped = false;
    if (max === 0) {
      // Nothing is collected; the first page says whether there was anything to collect.
      const first = (await this.withResponse()).data;
      capped = itemsOf(first).length > 0 || typeof first.next?.page === 'string';
    } else {
      const walk = this.#walk();
      for (let step = await walk.next(); !step.done; step = await walk.next()) {
        items.push(step.value);
        if (items.length >= max) {
          capped = walk.hasMore;
          await walk.return();
          break;
        }
      }
    }
    return Object.defineProperty(items, 'capped', { value: capped, enumerable: false }) as Collected<T>;
  }

  override get [Symbol.toStringTag](): string {
    return 'PagePromise';
  }
}

/**
 * A list call made before its operation is loaded (core/invoke.ts): a `PagePromise` from the
 * start, whose pages, walk and `toArray` are the loaded call's own. `loaded` is boxed: a promise
 * resolved with a `PagePromise` would adopt it and give its first page.
 */
export function deferredPages<T, Envelope extends ListEnvelope<T>>(
  loaded: Promise<{ call: PagePromise<T, Envelope> }>,
): PagePromise<T, Envelope> {
  return new DeferredPagePromise(loaded);
}

class DeferredPagePromise<T, Envelope extends ListEnvelope<T>> extends PagePromise<T, Envelope> {
  readonly #loaded: Promise<{ call: PagePromise<T, Envelope> }>;

  constructor(loaded: Promise<{ call: PagePromise<T, Envelope> }>) {
    const first = loaded.then(({ call }) => call.withResponse());
    // A call read only through `for await` or `.pages()` must not leave a rejection unhandled.
    first.catch(() => undefined);
    // Its pages are read by the loaded call (the methods below), never through this one.
    super(first, () =>
      Promise.reject(new Error('a deferred list call reads its pages through the loaded call')),
    );
    this.#loaded = loaded;
  }

  override async *pages(): AsyncGenerator<Envelope, void, undefined> {
    const { call } = await this.#loaded;
    yield* call.pages();
  }

  override [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return new DeferredWalk(this.#loaded);
  }

  override async toArray(options: { max: number }): Promise<Collected<T>> {
    const { call } = await this.#loaded;
    return call.toArray(options);
  }
}

/**
 * The item walk of a deferred list call: once the call is loaded, each `next()` is the loaded
 * walk's own, with nothing in between.
 */
class DeferredWalk<T> implements AsyncGenerator<T, void, undefined> {
  #inner: AsyncGenerator<T, void, undefined> | undefined;
  readonly #start: Promise<{ walk: AsyncGenerator<T, void, undefined> }>;
  #finished = false;

  constructor(loaded: Promise<{ call: PagePromise<T, ListEnvelope<T>> }>) {
    this.#start = loaded.then(({ call }) => ({ walk: (this.#inner = call[Symbol.asyncIterator]()) }));
    this.#start.catch(() => undefined);
  }

  next(): Promise<Step<T>> {
    if (this.#finished) return Promise.resolve(DONE);
    if (this.#inner) return this.#inner.next();
    return this.#start.then(
      ({ walk }) => (this.#finished ? DONE : walk.next()),
      (error: unknown) => {
        this.#finished = true;
        throw error;
      },
    );
  }

  return(): Promise<Step<T>> {
    this.#finished = true;
    return this.#inner ? this.#inner.return() : Promise.resolve(DONE);
  }

  throw(error: unknown): Promise<Step<T>> {
    this.#finished = true;
    if (this.#inner) return this.#inner.throw(error);
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the caller threw in, as a generator would
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return this;
  }
}
