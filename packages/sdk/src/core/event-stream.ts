/*
 * The answer of an operation that streams server-sent events (asking an organization or a site a
 * question): an async iterable of typed events, as openai-node's `Stream`. The request starts on
 * the first read. Events are parsed by eventsource-parser (loaded with the first stream), each
 * event's data read as JSON and checked against the operation's event schema under the client's
 * policy.
 *
 * Stopping is immediate: `abort()` (or the call's `signal`) cancels the body's reader at once, so a
 * pending read ends and no event already received is handed out after it; the loop then throws an
 * `AbortError`. `break` and `return()` end the loop quietly, closing the connection the same way,
 * even while a read is pending (an async generator would queue `return()` behind that read).
 */

/** What the transport gives a stream: the open response and how to check one event. */
export interface OpenedStream {
  response: Response;
  /** Checks one event's JSON (under the client's response policy); throws when it does not fit. */
  check: (data: unknown) => unknown;
  /** The operation, for messages. */
  operation: string;
}

export class EventStream<T> implements AsyncIterable<T> {
  readonly #open: (signal: AbortSignal) => Promise<OpenedStream>;
  readonly #controller = new AbortController();
  #started = false;

  /** `options.signal`: the call's own signal; its abort stops the stream as `abort()` does. */
  constructor(
    open: (signal: AbortSignal) => Promise<OpenedStream>,
    options: { signal?: AbortSignal | undefined } = {},
  ) {
    this.#open = open;
    const outer = options.signal;
    if (outer) {
      if (outer.aborted) this.#controller.abort(outer.reason);
      else {
        const stop = () => this.#controller.abort(outer.reason);
        outer.addEventListener('abort', stop, { once: true });
        // Not kept past the stream's end: a long-lived signal must not hold every stream made with it.
        this.#controller.signal.addEventListener('abort', () => outer.removeEventListener('abort', stop), {
          once: true,
        });
      }
    }
  }

  /** Stops the stream: the connection is closed, a pending read ends and the loop throws `AbortError`. */
  abort(): void {
    this.#controller.abort();
  }

  /** Whether the stream was stopped (by `abort()`, the call's signal, `break` or its end). */
  get aborted(): boolean {
    return this.#controller.signal.aborted;
  }

  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    if (this.#started)
      throw new TypeError('An EventStream can be read once; call the method again for a new one');
    this.#started = true;
    // The reader (event-reader.ts) is loaded with the first read: an app that never streams
    // does not carry it.
    const open = this.#open;
    const controller = this.#controller;
    let loaded: Promise<AsyncGenerator<T, void, undefined>> | undefined;
    const reader = () =>
      (loaded ??= import('./event-reader.js').then(
        ({ EventReader }) => new EventReader<T>(open, controller),
      ));
    const walk: AsyncGenerator<T, void, undefined> = {
      next: () => reader().then((events) => events.next()),
      return: () => reader().then((events) => events.return(undefined)),
      throw: (error: unknown) => reader().then((events) => events.throw(error)),
      [Symbol.asyncIterator]: () => walk,
    };
    return walk;
  }

  get [Symbol.toStringTag](): string {
    return 'EventStream';
  }
}
