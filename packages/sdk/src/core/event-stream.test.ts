import { describe, expect, it } from 'vitest';
import { AbortError, ResponseValidationError } from './errors.js';
import { EventStream, type OpenedStream } from './event-stream.js';

/** A body the test writes to, one chunk at a time; `cancelled` says whether the reader cancelled it. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      state.cancelled = true;
    },
  });
  const encoder = new TextEncoder();
  return {
    body,
    state,
    send: (data: unknown) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(data)}\n\n`)),
    sendRaw: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

function streamOf(
  body: ReadableStream<Uint8Array>,
  check: (data: unknown) => unknown = (d) => d,
  signal?: AbortSignal,
) {
  const opened: OpenedStream = { response: new Response(body), check, operation: 'streamThings' };
  let opens = 0;
  const stream = new EventStream<{ n: number }>(
    () => {
      opens++;
      return Promise.resolve(opened);
    },
    { signal },
  );
  return { stream, opens: () => opens };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('EventStream', () => {
  it('gives the events in order, then ends', async () => {
    const source = controlledBody();
    const { stream } = streamOf(source.body);
    source.send({ n: 1 });
    source.sendRaw('data: {"n":2}\n\ndata: {"n":3}\n\n');
    source.end();
    const seen: number[] = [];
    for await (const event of stream) seen.push(event.n);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('abort() with events already received hands none of them out: AbortError, then done', async () => {
    const source = controlledBody();
    const { stream } = streamOf(source.body);
    source.sendRaw('data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":3}\n\n');
    const walk = stream[Symbol.asyncIterator]();
    expect((await walk.next()).value).toEqual({ n: 1 });
    stream.abort();
    await expect(walk.next()).rejects.toBeInstanceOf(AbortError);
    expect(await walk.next()).toEqual({ done: true, value: undefined });
    expect(source.state.cancelled).toBe(true);
  });

  it('abort() ends a read that waits for the server', async () => {
    const source = controlledBody();
    const { stream } = streamOf(source.body);
    source.send({ n: 1 });
    const walk = stream[Symbol.asyncIterator]();
    await walk.next();
    const pending = walk.next();
    await tick();
    stream.abort();
    await expect(pending).rejects.toThrow(/streamThings: the stream was stopped/);
    expect(source.state.cancelled).toBe(true);
  });

  it("the call's signal stops it as abort() does", async () => {
    const source = controlledBody();
    const controller = new AbortController();
    const { stream } = streamOf(source.body, undefined, controller.signal);
    source.send({ n: 1 });
    const walk = stream[Symbol.asyncIterator]();
    await walk.next();
    const pending = walk.next();
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    expect(source.state.cancelled).toBe(true);
  });

  it('a signal aborted before the read opens nothing', async () => {
    const source = controlledBody();
    const controller = new AbortController();
    controller.abort();
    const { stream, opens } = streamOf(source.body, undefined, controller.signal);
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(AbortError);
    expect(opens()).toBe(0);
  });

  it('return() while a read waits ends that read and the walk, quietly', async () => {
    const source = controlledBody();
    const { stream } = streamOf(source.body);
    const walk = stream[Symbol.asyncIterator]();
    const pending = walk.next();
    await tick();
    const returned = walk.return(undefined);
    expect(await returned).toEqual({ done: true, value: undefined });
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(await walk.next()).toEqual({ done: true, value: undefined });
    expect(source.state.cancelled).toBe(true);
  });

  it('break closes the body', async () => {
    const source = controlledBody();
    const { stream } = streamOf(source.body);
    source.send({ n: 1 });
    source.send({ n: 2 });
    for await (const event of stream) {
      expect(event.n).toBe(1);
      break;
    }
    expect(source.state.cancelled).toBe(true);
  });

  it("an event that fails the check fails the loop with the check's error, not an abort", async () => {
    const source = controlledBody();
    const { stream } = streamOf(source.body, () => {
      throw new ResponseValidationError(
        'streamThings',
        [{ path: 'event.n', message: 'expected string' }],
        {},
      );
    });
    source.send({ n: 1 });
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(ResponseValidationError);
    expect(source.state.cancelled).toBe(true);
  });

  it('an event that is not JSON is named', async () => {
    const source = controlledBody();
    const { stream } = streamOf(source.body);
    source.sendRaw('data: {oops\n\n');
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toThrow(/event: is not JSON/);
  });

  it('is read once', () => {
    const { stream } = streamOf(controlledBody().body);
    stream[Symbol.asyncIterator]();
    expect(() => stream[Symbol.asyncIterator]()).toThrow(/read once/);
  });
});
