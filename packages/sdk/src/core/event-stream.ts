import { AbortError, ResponseValidationError } from './errors.js';

/*
 * The answer of an operation that streams server-sent events (asking an organization or a site a
 * question): an async iterable of typed events, as openai-node's `Stream`. The request starts on
 * the first read; `break` (or `abort()`) closes the connection; what was read is kept by the
 * caller. Events are parsed by eventsource-parser (loaded with the first stream), each event's
 * data read as JSON and checked against the operation's event schema under the client's policy.
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

  constructor(open: (signal: AbortSignal) => Promise<OpenedStream>) {
    this.#open = open;
  }

  /** Stops the stream: the connection is closed and a pending read ends. */
  abort(): void {
    this.#controller.abort();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    if (this.#started)
      throw new TypeError('An EventStream can be read once; call the method again for a new one');
    this.#started = true;
    const signal = this.#controller.signal;
    const { response, check, operation } = await this.#open(signal);
    const body = response.body;
    if (!body) return;
    const { EventSourceParserStream } = await import('eventsource-parser/stream');
    const events = body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    try {
      for (;;) {
        const { value, done } = await events.read();
        if (done) return;
        if (!value.data || value.data === '[DONE]') continue;
        let data: unknown;
        try {
          data = JSON.parse(value.data);
        } catch {
          throw new ResponseValidationError(
            operation,
            [{ path: 'event', message: 'is not JSON' }],
            value.data,
          );
        }
        yield check(data) as T;
      }
    } catch (error) {
      if (signal.aborted) throw new AbortError(`${operation}: the stream was stopped`);
      throw error;
    } finally {
      // `break` in a `for await` lands here: close the connection.
      this.#controller.abort();
      await events.cancel().catch(() => undefined);
    }
  }

  get [Symbol.toStringTag](): string {
    return 'EventStream';
  }
}
