import type { EventSourceMessage } from 'eventsource-parser';
import type { ContractSchema } from '../contract/operation-shape.js';
import type { ResponseValidation } from './answer.js';
import { AbortError, ResponseValidationError } from './errors.js';
import type { Logger } from './logger.js';

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

/** Checks one event against the operation's event schema under the client's response policy. */
export function eventCheck(
  operation: string,
  schema: ContractSchema | undefined,
  policy: ResponseValidation,
  logger: Logger | undefined,
): (data: unknown) => unknown {
  return (data) => {
    if (!schema || policy === 'off') return data;
    const result = schema.safeParse(data);
    if (result.success) return result.data;
    const issues = result.error.issues.map((issue) => ({
      path: ['event', ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    if (policy === 'warn') {
      logger?.warn?.(
        `${operation}: an event does not fit the contract: ${issues[0]?.path}: ${issues[0]?.message}`,
      );
      return data;
    }
    throw new ResponseValidationError(operation, issues, data);
  };
}

type Step<T> = IteratorResult<T, void>;
const DONE: Readonly<Step<never>> = Object.freeze({ value: undefined, done: true });

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
    return new EventReader<T>(this.#open, this.#controller);
  }

  get [Symbol.toStringTag](): string {
    return 'EventStream';
  }
}

/** One read of a stream: the events in order, each `next()` served after the one before. */
class EventReader<T> implements AsyncGenerator<T, void, undefined> {
  readonly #open: (signal: AbortSignal) => Promise<OpenedStream>;
  readonly #controller: AbortController;
  #opened: Promise<OpenedStream> | undefined;
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #operation = 'stream';
  /** Events parsed but not handed out yet (one chunk may hold several). */
  #queue: EventSourceMessage[] = [];
  #finished = false;
  /** Set by `return()`/`throw()`: the stop is the caller's own, not an abort to report. */
  #returned = false;
  /** The `AbortError` is thrown once; later reads are done. */
  #abortReported = false;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(open: (signal: AbortSignal) => Promise<OpenedStream>, controller: AbortController) {
    this.#open = open;
    this.#controller = controller;
    // The abort reaches a read under way at once: cancelling the reader ends it.
    controller.signal.addEventListener('abort', () => void this.#cancel(), { once: true });
  }

  next(): Promise<Step<T>> {
    // After the step before it, and at least one microtask after the call: an `abort()` made
    // just before (possibly forwarded a microtask late) is seen before any event is handed out.
    const step = this.#tail.then(() => this.#step());
    this.#tail = step.catch(() => undefined);
    return step;
  }

  async #step(): Promise<Step<T>> {
    if (this.#finished) return DONE;
    const signal = this.#controller.signal;
    try {
      for (;;) {
        if (signal.aborted) return this.#aborted();
        const event = this.#queue.shift();
        if (event) {
          if (!event.data || event.data === '[DONE]') continue;
          return { value: this.#parse(event.data), done: false };
        }
        const reader = this.#reader ?? (await this.#start(signal));
        if (!reader) return this.#aborted();
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          // A fetch aborted under a read rejects it with the abort: reported as the stream's.
          if (signal.aborted) return this.#aborted();
          throw error;
        }
        if (chunk.done) {
          if (signal.aborted) return this.#aborted();
          this.#flush();
          if (this.#queue.length === 0) return this.#end();
          continue;
        }
        this.#feed(chunk.value);
      }
    } catch (error) {
      const stopped = signal.aborted && !(error instanceof AbortError);
      if (stopped) return this.#aborted();
      this.#end();
      throw error;
    }
  }

  #feedText: ((chunk: Uint8Array | undefined) => void) | undefined;

  /** Opens the stream; undefined when it was stopped while opening. */
  async #start(signal: AbortSignal): Promise<ReadableStreamDefaultReader<Uint8Array> | undefined> {
    this.#opened ??= this.#open(signal);
    let opened: OpenedStream;
    try {
      opened = await this.#opened;
    } catch (error) {
      if (signal.aborted) return undefined;
      throw error;
    }
    this.#operation = opened.operation;
    this.#check = opened.check;
    const body = opened.response.body;
    if (signal.aborted) {
      await body?.cancel().catch(() => undefined);
      return undefined;
    }
    if (!body) {
      this.#end();
      return undefined;
    }
    const { createParser } = await import('eventsource-parser');
    const parser = createParser({ onEvent: (event) => this.#queue.push(event) });
    const decoder = new TextDecoder();
    this.#feedText = (chunk) =>
      parser.feed(chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode());
    this.#reader = body.getReader();
    // Aborted while the parser loaded: the listener found no reader to cancel.
    if (signal.aborted) void this.#cancel();
    return this.#reader;
  }

  #check: (data: unknown) => unknown = (data) => data;

  #feed(chunk: Uint8Array): void {
    this.#feedText?.(chunk);
  }

  #flush(): void {
    this.#feedText?.(undefined);
  }

  #parse(text: string): T {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new ResponseValidationError(this.#operation, [{ path: 'event', message: 'is not JSON' }], text);
    }
    return this.#check(data) as T;
  }

  /** The end of a stopped stream: quiet after `return()`, an `AbortError` (once) after an abort. */
  #aborted(): Step<T> {
    const quiet = this.#returned || this.#abortReported;
    this.#abortReported = true;
    this.#end();
    if (quiet) return DONE;
    throw new AbortError(`${this.#operation}: the stream was stopped`, {
      cause: this.#controller.signal.reason,
    });
  }

  #end(): Step<T> {
    this.#finished = true;
    this.#queue = [];
    if (!this.#controller.signal.aborted) this.#controller.abort();
    return DONE;
  }

  /** Closes the connection: the reader's cancel reaches the body, which closes its socket. */
  #cancel(): Promise<void> {
    this.#queue = [];
    const reader = this.#reader;
    return reader ? reader.cancel().catch(() => undefined) : Promise.resolve();
  }

  return(): Promise<Step<T>> {
    if (!this.#finished) {
      this.#returned = true;
      this.#end();
    }
    return this.#cancel().then(() => DONE);
  }

  throw(error: unknown): Promise<Step<T>> {
    this.#returned = true;
    this.#end();
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the caller threw in, as a generator would
    return this.#cancel().then(() => Promise.reject(error));
  }

  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return this;
  }
}
