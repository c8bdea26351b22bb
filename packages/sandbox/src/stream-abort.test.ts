import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortError, DocsClient } from '@docs-api/sdk';
import { createSandbox, type Sandbox } from './sandbox.js';
import { listenFetch, type RunningServer } from './listen.js';

/*
 * A stopped stream stops (issue 28, item 5): `abort()`, the call's signal, `break` and
 * `return()` end `organizations.streamAsk` at once, in process (the sandbox's `fetch`) and over
 * HTTP (a listening sandbox), 20 runs each, at the first event and at the last: no event after
 * the stop, every run settles (a run left pending would fail on the deadline below), and the
 * connection is closed.
 */

const ORG = 'org_acme';
/** The sandbox answers this question in 4 events. */
const QUERY = 'How do I install Acme?';
const EVENTS = 4;
const RUNS = 20;
/** A run still unsettled after this is the bug this file guards against (exit 13 in a script). */
const DEADLINE_MS = 3_000;

type Stop = 'abort' | 'signal' | 'break' | 'return';

interface Outcome {
  seen: number;
  error?: unknown;
}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} still pending after ${DEADLINE_MS} ms`)), DEADLINE_MS);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Reads the stream and stops it, as `stop` says, once `at` events were read. */
async function readAndStop(client: DocsClient, stop: Stop, at: number): Promise<Outcome> {
  const controller = new AbortController();
  const stream = client.organizations.streamAsk(
    ORG,
    { query: QUERY, format: 'markdown' },
    stop === 'signal' ? { signal: controller.signal } : undefined,
  );
  let seen = 0;
  if (stop === 'return') {
    const walk = stream[Symbol.asyncIterator]();
    for (let step = await walk.next(); !step.done; step = await walk.next()) {
      seen++;
      if (seen === at) {
        expect(await walk.return(undefined)).toEqual({ done: true, value: undefined });
        break;
      }
    }
    // Read after return(): done, no event.
    expect((await walk.next()).done).toBe(true);
    return { seen };
  }
  try {
    for await (const event of stream) {
      expect(event.type).toBe('answer');
      seen++;
      if (seen === at) {
        if (stop === 'abort') stream.abort();
        else if (stop === 'signal') controller.abort();
        else break;
      }
    }
  } catch (error) {
    return { seen, error };
  }
  return { seen };
}

function expectStopped(outcome: Outcome, stop: Stop, at: number): void {
  expect(outcome.seen).toBe(at);
  if (stop === 'abort' || stop === 'signal') {
    expect(outcome.error).toBeInstanceOf(AbortError);
    expect((outcome.error as Error).message).toMatch(/streamAskInOrganization: the stream was stopped/);
  } else {
    expect(outcome.error).toBeUndefined();
  }
}

const STOPS: Stop[] = ['abort', 'signal', 'break', 'return'];

describe('a stream stops in process (the sandbox fetch)', () => {
  let sandbox: Sandbox;
  let client: DocsClient;
  /** Bodies the SDK cancelled: the sandbox's stream was told to stop. */
  let cancelled = 0;

  beforeAll(() => {
    sandbox = createSandbox({ checkResponses: true });
    client = new DocsClient({
      token: sandbox.token,
      baseUrl: 'http://sandbox.test/v1',
      maxRetries: 0,
      fetch: async (input, init) => {
        const response = await sandbox.fetch(input, init);
        const body = response.body;
        if (!body) return response;
        const reader = body.getReader();
        // The same body, with its cancel seen.
        const watched = new ReadableStream<Uint8Array>({
          pull: async (controller) => {
            const { done, value } = await reader.read();
            if (done) controller.close();
            else controller.enqueue(value);
          },
          cancel: async (reason) => {
            cancelled++;
            await reader.cancel(reason);
          },
        });
        return new Response(watched, response);
      },
    });
  });

  it('reads every event when nothing stops it', async () => {
    const outcome = await within(readAndStop(client, 'break', Infinity), 'a full read');
    expect(outcome).toEqual({ seen: EVENTS });
  });

  for (const stop of STOPS) {
    for (const at of [1, EVENTS]) {
      it(`${stop} at event ${at} of ${EVENTS}: no event after, settled, ${RUNS} runs`, async () => {
        for (let run = 0; run < RUNS; run++) {
          const before = cancelled;
          const outcome = await within(readAndStop(client, stop, at), `run ${run}`);
          expectStopped(outcome, stop, at);
          // Stopped before the body's end: the SDK cancelled it, which stops the sandbox's writer.
          if (at < EVENTS) expect(cancelled).toBe(before + 1);
        }
      });
    }
  }

  it('abort() before the first read sends nothing', async () => {
    sandbox.resetHits();
    const stream = client.organizations.streamAsk(ORG, { query: QUERY });
    stream.abort();
    const outcome: Outcome = { seen: 0 };
    try {
      for await (const _event of stream) outcome.seen++;
    } catch (error) {
      outcome.error = error;
    }
    expect(outcome.seen).toBe(0);
    expect(outcome.error).toBeInstanceOf(AbortError);
    expect(sandbox.requests.get('streamAskInOrganization') ?? 0).toBe(0);
  });

  it("the sandbox's fetch ends a streamed body when the request's signal aborts", async () => {
    const controller = new AbortController();
    const response = await sandbox.fetch(
      `http://sandbox.test/v1/orgs/${ORG}/ask/stream?query=${encodeURIComponent(QUERY)}`,
      { headers: { authorization: `Bearer ${sandbox.token}` }, signal: controller.signal },
    );
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    controller.abort();
    // Whatever was already written may still come; then the body ends without all 4 events.
    let text = new TextDecoder().decode(first.value);
    for (let i = 0; i < EVENTS + 1; i++) {
      const { done, value } = await within(reader.read(), 'a read after the abort');
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text.match(/^data: /gm)?.length ?? 0).toBeLessThan(EVENTS);
  });

  it("the sandbox's fetch refuses a request whose signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      sandbox.fetch(`http://sandbox.test/v1/orgs/${ORG}`, {
        headers: { authorization: `Bearer ${sandbox.token}` },
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('a stream stops over HTTP (a listening sandbox)', () => {
  let sandbox: Sandbox;
  let server: RunningServer;
  let client: DocsClient;
  /** Each answer's server-side end: whether the response was written to its end. */
  const closes: { finished: boolean }[] = [];
  let served = 0;
  /** Milliseconds the link holds each chunk of an answer: a slow network, so a stop is mid-stream. */
  let chunkDelay = 0;

  beforeAll(async () => {
    sandbox = createSandbox({ checkResponses: true });
    server = await listenFetch(async (request, env) => {
      const { outgoing } = env as unknown as { incoming: IncomingMessage; outgoing: ServerResponse };
      served++;
      outgoing.once('close', () => closes.push({ finished: outgoing.writableFinished }));
      const response = await sandbox.app.fetch(request, env);
      if (!chunkDelay || !response.body) return response;
      const delay = chunkDelay;
      const slowed = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform: async (chunk, controller) => {
            await new Promise((resolve) => setTimeout(resolve, delay));
            controller.enqueue(chunk);
          },
        }),
      );
      return new Response(slowed, response);
    });
    client = new DocsClient({ token: sandbox.token, baseUrl: server.url, maxRetries: 0 });
  });

  afterAll(async () => {
    await server.close();
  });

  /** Waits (bounded) until the server saw `count` answers closed. */
  async function closed(count: number): Promise<void> {
    for (let i = 0; i < 200 && closes.length < count; i++) await new Promise((r) => setTimeout(r, 10));
    expect(closes.length).toBe(count);
  }

  for (const stop of STOPS) {
    for (const at of [1, EVENTS]) {
      it(`${stop} at event ${at} of ${EVENTS}: no event after, settled, closed, ${RUNS} runs`, async () => {
        chunkDelay = 0;
        for (let run = 0; run < RUNS; run++) {
          const outcome = await within(readAndStop(client, stop, at), `run ${run}`);
          expectStopped(outcome, stop, at);
        }
        // Every answer the server gave was closed on its side: none left open.
        await closed(served);
      });
    }
  }

  it('a stop mid-stream closes the connection: the server sees its answer cut before the end', async () => {
    chunkDelay = 30;
    for (const stop of STOPS) {
      const before = closes.length;
      const outcome = await within(readAndStop(client, stop, 1), `${stop} on a slow link`);
      expectStopped(outcome, stop, 1);
      await closed(before + 1);
      expect(closes.at(-1)).toEqual({ finished: false });
    }
    // And unstopped, the same slow answer is written to its end.
    const before = closes.length;
    expect(await within(readAndStop(client, 'break', Infinity), 'a full slow read')).toEqual({
      seen: EVENTS,
    });
    await closed(before + 1);
    expect(closes.at(-1)).toEqual({ finished: true });
  });
});
