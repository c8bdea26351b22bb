import type { WithResponse } from './api-promise.js';
import type { Collected } from './pagination.js';

/*
 * What a resource method returns before its resource is loaded (core/resources.ts): the method
 * is only known by name until then, so the call is one object that behaves as the
 * `ApiPromise`, `PagePromise` or `EventStream` the loaded method gives, which its declared type
 * says. A list method's call is a `PagePromise` itself (pagination.ts's `deferredPages`): the
 * generated areas name the methods that answer pages. `await` gives the answer, `for await` walks the pages' items or the stream's events,
 * `.withResponse()`, `.pages()`, `.toArray()` and `.abort()` reach the call once it is made.
 * The request starts at once, as any SDK call's.
 */

/** What a loaded method returned: any of the SDK's call results, or a plain promise (a waiter). */
interface Dispatched {
  then?: unknown;
  withResponse?: () => Promise<WithResponse<unknown>>;
  pages?: () => AsyncIterable<unknown>;
  toArray?: (options: { max: number }) => Promise<Collected<unknown>>;
  abort?: () => void;
  [Symbol.asyncIterator]?: () => AsyncIterator<unknown>;
}

/**
 * The loaded call, boxed: a promise resolved with a promise-like adopts it (a `PagePromise` would
 * become its first page), so the call travels inside an object.
 */
export interface Boxed {
  call: Dispatched;
}

export class LazyCall implements PromiseLike<unknown>, AsyncIterable<unknown> {
  readonly #boxed: Promise<Boxed>;

  constructor(dispatch: Promise<Boxed>) {
    this.#boxed = dispatch;
    // A call read only through `for await` must not leave a rejection unhandled.
    dispatch.catch(() => undefined);
  }

  /** The loaded call, still boxed until the last step (see `Boxed`). */
  #use<R>(use: (call: Dispatched) => R | PromiseLike<R>): Promise<R> {
    return this.#boxed.then(({ call }) => use(call));
  }

  then<R1 = unknown, R2 = never>(
    onfulfilled?: ((value: unknown) => R1 | PromiseLike<R1>) | null,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as a Promise's: what was thrown
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    // A loaded call is itself a promise-like: resolving with it gives its answer.
    return this.#boxed.then(({ call }) => call as unknown).then(onfulfilled, onrejected);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as a Promise's: what was thrown
  catch<R = never>(onrejected?: ((reason: any) => R | PromiseLike<R>) | null): Promise<unknown> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<unknown> {
    return this.then().finally(onfinally);
  }

  withResponse(): Promise<WithResponse<unknown>> {
    return this.#use((call) => {
      if (!call.withResponse) throw new TypeError('this call has no response to give (a waiter or a stream)');
      return call.withResponse();
    });
  }

  async *pages(): AsyncGenerator<unknown, void, undefined> {
    const { call } = await this.#boxed;
    if (!call.pages) throw new TypeError('this call does not answer pages');
    yield* call.pages();
  }

  toArray(options: { max: number }): Promise<Collected<unknown>> {
    return this.#use((call) => {
      if (!call.toArray) throw new TypeError('this call does not answer pages');
      return call.toArray(options);
    });
  }

  /** Stops a stream (`EventStream.abort()`). */
  abort(): void {
    void this.#use((call) => call.abort?.());
  }

  /**
   * The walk of the loaded call: after its first step, each `next()` is the loaded walk's own,
   * with nothing in between (a long walk allocates no more than the loaded call's does).
   */
  [Symbol.asyncIterator](): AsyncIterator<unknown> & AsyncIterable<unknown> {
    let inner: AsyncIterator<unknown> | undefined;
    const start = (): Promise<AsyncIterator<unknown>> =>
      this.#use((call) => {
        const iterate = call[Symbol.asyncIterator];
        if (!iterate) throw new TypeError('this call answers one value: `await` it, not `for await`');
        // Boxed too: an async iterator is no promise-like, but stays out of the chain's adoption.
        return { walk: (inner = iterate.call(call)) };
      }).then(({ walk }) => walk);
    const walk = {
      next: (): Promise<IteratorResult<unknown>> =>
        inner ? inner.next() : start().then((loaded) => loaded.next()),
      return: async (value?: unknown): Promise<IteratorResult<unknown>> =>
        (await inner?.return?.(value)) ?? { done: true, value },
      [Symbol.asyncIterator]: () => walk,
    };
    return walk;
  }

  get [Symbol.toStringTag](): string {
    return 'LazyCall';
  }
}
