import type { RateLimitInfo } from './retry.js';

/** What `.withResponse()` gives: the parsed data and the raw `Response` (body already read). */
export interface WithResponse<T> {
  data: T;
  response: Response;
  /** The rate limit this response announced (`X-RateLimit-*`); undefined without those headers. */
  rateLimit?: RateLimitInfo | undefined;
}

/**
 * A promise of parsed data that also exposes the raw response (openai-node's APIPromise).
 * The request starts at once; `await` gives the data, `.withResponse()` gives both.
 */
export class ApiPromise<T> implements PromiseLike<T> {
  readonly #result: Promise<WithResponse<T>>;

  constructor(result: Promise<WithResponse<T>>) {
    this.#result = result;
  }

  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }

  // The rejection reason is `any`, as in `Promise`'s own declarations: `.catch((e) => e.message)`
  // type-checks as it does on a Promise.
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Promise declares it
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    // One `then` on the result, not a `then` to take `data` and another for the callbacks: every
    // `await` of a call goes through here.
    return this.#result.then(
      onfulfilled ? ({ data }) => onfulfilled(data) : ({ data }) => data as unknown as R1,
      onrejected,
    );
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Promise declares it
  catch<R = never>(onrejected?: ((reason: any) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'ApiPromise';
  }
}
