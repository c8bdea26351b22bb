import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { SandboxError } from './errors.js';

/**
 * Server-sent events: each event's data its JSON, as the service streams an answer. `check`
 * throws for an event that breaks the contract (with `checkResponses`): the stream then ends
 * with an `error` event carrying the error body, as the status line is already sent.
 */
export function streamEvents(
  c: Context,
  events: Iterable<unknown> | AsyncIterable<unknown>,
  check: (event: unknown) => void,
): Response {
  return streamSSE(c, async (stream) => {
    // The client went away (in process: the request's signal; over HTTP @hono/node-server aborts
    // it too): stop writing at once, as the body's cancel does.
    const signal = c.req.raw.signal;
    const stop = () => stream.abort();
    if (signal.aborted) return;
    signal.addEventListener('abort', stop, { once: true });
    try {
      for await (const event of events) {
        if (stream.aborted) return;
        check(event);
        await stream.writeSSE({ data: JSON.stringify(event) });
      }
    } catch (error) {
      const failure =
        error instanceof SandboxError
          ? error
          : new SandboxError(500, `Sandbox failure: ${(error as Error).message}`);
      if (!stream.aborted) await stream.writeSSE({ event: 'error', data: JSON.stringify(failure.toBody()) });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  });
}
