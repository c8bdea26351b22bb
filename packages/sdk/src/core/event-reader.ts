import type { EventSourceMessage } from 'eventsource-parser';
import type { ContractSchema } from '../contract/operation-shape.js';
import type { ResponseValidation } from './answer.js';
import { AbortError, ResponseValidationError } from './errors.js';
import type { OpenedStream } from './event-stream.js';
import type { Logger } from './logger.js';

/*
 * The reading side of an `EventStream` (event-stream.ts), loaded with a stream's first read:
 * the reader of the events, and the check of each against the operation's event schema.
 */

type Step<T> = IteratorResult<T, void>;
const DONE: Readonly<Step<never>> = Object.freeze({ value: undefined, done: true });

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

/** One read of a stream: the events in order, each `next()` served after the one before. */
export class EventReader<T> implements AsyncGenerator<T, void, undefined> {
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
