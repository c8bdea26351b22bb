/*
 * The defects users reported (issue 7), each reproduced over a real loopback socket: a body
 * that stalls after the headers, an abort in the middle of a body, a connection reset in the
 * middle of a body. Each through both transports (fixtures.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AbortError, ConnectionError, DocsClient, DocsError, TimeoutError } from '@docs-api/sdk';
import { partialBody, send, startFaultServer, type FaultServer, type Handler } from './fault-server.js';
import { TRANSPORTS, site, type Transport } from './fixtures.js';

const SITE_PATH = '/v1/orgs/org_1/sites/s1';

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(transport: Transport, handler: Handler): Promise<DocsClient> {
  server = await startFaultServer(handler);
  return new DocsClient({
    token: 'tok_defects_123',
    baseUrl: `${server.origin}/v1`,
    maxRetryDelay: 50,
    ...transport.options,
  });
}

/** The error a call fails with (or a marker when it is still pending after `ms`). */
async function outcome(call: Promise<unknown>, ms = 8000): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise((resolve) => {
    timer = setTimeout(() => resolve('still pending'), ms);
  });
  try {
    return await Promise.race([
      call.then(
        () => 'resolved',
        (error: unknown) => error,
      ),
      pending,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe.each(TRANSPORTS)('through $name', (transport) => {
  describe('one deadline per attempt covers the headers and the body', () => {
    it('ends sites.get({ timeout: 1000 }) whose body stalls after the headers with a TimeoutError', async () => {
      const client = await serve(transport, ({ res }) => partialBody(res, 200, site, 'stall'));

      const started = performance.now();
      const error = await outcome(client.sites.get('org_1', 's1', { timeout: 1000, maxRetries: 0 }));
      const elapsed = performance.now() - started;
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as Error).message).toBe(
        `GET ${server?.origin}${SITE_PATH} timed out after 1 s while reading the response body`,
      );
      expect(elapsed).toBeGreaterThanOrEqual(990);
      expect(elapsed).toBeLessThan(1000 + 1500);
    });

    it('counts the whole body, not the time between two chunks: a trickling body ends too', async () => {
      const client = await serve(transport, ({ res }) => {
        const text = JSON.stringify(site);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length) });
        let sent = 0;
        const timer = setInterval(() => {
          if (res.destroyed || sent >= text.length) {
            clearInterval(timer);
            if (!res.destroyed) res.end();
            return;
          }
          res.write(text.slice(sent, sent + 5));
          sent += 5;
        }, 100);
      });

      const error = await outcome(client.sites.get('org_1', 's1', { timeout: 500, maxRetries: 0 }));
      expect(error).toBeInstanceOf(TimeoutError);
    });

    it('retries an idempotent call whose body stalled', async () => {
      const client = await serve(transport, ({ res, n }) =>
        n === 1 ? partialBody(res, 200, site, 'stall') : send(res, 200, site),
      );
      await expect(client.sites.get('org_1', 's1', { timeout: 750 })).resolves.toMatchObject({ id: 's1' });
      expect(server?.received).toHaveLength(2);
    });
  });

  describe('a caller abort is always an AbortError', () => {
    it('in the middle of a body', async () => {
      const client = await serve(transport, ({ res }) => partialBody(res, 200, site, 'stall'));
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);

      const error = await outcome(client.sites.get('org_1', 's1', { signal: controller.signal }));
      expect(error).toBeInstanceOf(AbortError);
      expect(error).toBeInstanceOf(DocsError);
      expect((error as Error).message).toBe(`GET ${server?.origin}${SITE_PATH} was aborted`);
      expect(server?.received).toHaveLength(1);
    });

    it('before the headers, with a reason of the caller', async () => {
      const client = await serve(transport, () => undefined);
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('user pressed Ctrl-C')), 100);

      const error = await outcome(client.sites.get('org_1', 's1', { signal: controller.signal }));
      expect(error).toBeInstanceOf(AbortError);
    });
  });

  describe('a connection reset in the middle of a body', () => {
    it('is a ConnectionError, not a raw TypeError: terminated', async () => {
      const client = await serve(transport, ({ res }) => partialBody(res, 200, site, 'reset'));

      const error = await outcome(client.sites.get('org_1', 's1', { maxRetries: 0 }));
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as Error).message).toContain(
        'the connection broke while the answer was being read; the server may have processed the request',
      );
    });

    it('is retried for an idempotent operation', async () => {
      const client = await serve(transport, ({ res, n }) =>
        n === 1 ? partialBody(res, 200, site, 'reset') : send(res, 200, site),
      );

      await expect(client.sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
      expect(server?.received).toHaveLength(2);
    });

    it('is not retried for an operation that is not idempotent (teams.create)', async () => {
      const client = await serve(transport, ({ res }) =>
        partialBody(res, 201, { object: 'team', id: 'team_1', title: 'Writers' }, 'reset'),
      );

      const error = await outcome(client.teams.create('org_1', { title: 'Writers' }));
      expect(error).toBeInstanceOf(ConnectionError);
      expect(server?.received).toHaveLength(1);
    });
  });
});
