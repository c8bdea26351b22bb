import type { ListEnvelope } from '../contract/schema.js';
import { ApiPromise, type WithResponse } from './api-promise.js';

/** One page of a list: `items`, `count`, `next`, and any other envelope field (e.g. `stats`). */
export type Page<T, Envelope extends ListEnvelope<T> = ListEnvelope<T>> = Envelope;

/**
 * The result of a `list()` call (openai-node, stripe-node):
 * - `await` gives the first page;
 * - `for await (const item of ...)` yields every item across pages, holding one page at a time;
 * - `.pages()` yields pages;
 * - `.toArray({ max })` collects items up to a required cap.
 */
export class PagePromise<T, Envelope extends ListEnvelope<T> = ListEnvelope<T>>
  extends ApiPromise<Envelope>
  implements AsyncIterable<T>
{
  readonly #fetchPage: (page: string) => Promise<WithResponse<Envelope>>;

  constructor(
    first: Promise<WithResponse<Envelope>>,
    fetchPage: (page: string) => Promise<WithResponse<Envelope>>,
  ) {
    super(first);
    this.#fetchPage = fetchPage;
  }

  /** Yields each page in turn, starting with the first. */
  async *pages(): AsyncGenerator<Envelope, void, undefined> {
    let page = (await this.withResponse()).data;
    const seen = new Set<string>();
    for (;;) {
      yield page;
      const next = page.next?.page;
      // A cursor seen before would loop forever: stop rather than trust it.
      if (!next || seen.has(next)) return;
      seen.add(next);
      page = (await this.#fetchPage(next)).data;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.items;
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
