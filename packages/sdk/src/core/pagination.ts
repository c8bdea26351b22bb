import type { ListEnvelope } from '../contract/list-envelope.js';
import { ApiPromise, type WithResponse } from './api-promise.js';
import { InvalidOptionError } from './errors.js';
import { CursorGuard, DONE, ItemWalk, itemsOf, MAX_EMPTY_PAGES, type Step } from './pagination-walk.js';

export { MAX_EMPTY_PAGES };

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
  readonly #fetchPage: (page: string, signal?: AbortSignal) => Promise<WithResponse<Envelope>>;
  readonly #operation: string | (() => string);
  readonly #startCursor: string | undefined;
  readonly #signal: AbortSignal | undefined;

  /**
   * `options.operation` names the list in messages: its id, or a function giving it (the SDK's
   * operations are loaded with the first page).
   */
  constructor(
    first: Promise<WithResponse<Envelope>>,
    /** Reads the page of a cursor; `signal` aborts a read ahead the walk let go. */
    fetchPage: (page: string, signal?: AbortSignal) => Promise<WithResponse<Envelope>>,
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
   * Yields every item, page after page, holding the current page and reading the next one while
   * the caller works on it (pagination-walk.ts). The walk keeps no
   * reference to this promise past the first page, so under `for await` the first page is let go
   * like the others.
   */
  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return this.#walk();
  }

  #walk(limit?: number): ItemWalk<T, Envelope> {
    const fetchPage = this.#fetchPage;
    return new ItemWalk<T, Envelope>(
      this.withResponse().then(({ data }) => data),
      async (cursor, signal) => (await fetchPage(cursor, signal)).data,
      this.#cursors(),
      { signal: this.#signal, operation: this.#name, ...(limit === undefined ? {} : { limit }) },
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
      const walk = this.#walk(max);
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
