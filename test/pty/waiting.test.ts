import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describePty, startPty, type Pty } from './harness.js';

/*
 * Issue 23, "Waiting on a server that does not answer": with the defaults, a person at a
 * terminal hears within about 10 s that the server has not answered and how to bound the wait,
 * the clock counts the whole wait (not each attempt), and the command ends within 60 s in all,
 * retries included, with the full URL in the message.
 */

describePty('waiting on a server that never answers', () => {
  let pty: Pty;
  let silent: Server;
  let url: string;
  beforeEach(async () => {
    pty = await startPty({ columns: 100, rows: 20 });
    // Accepts every request and never answers.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
  });
  afterEach(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    await pty.close();
  });

  it('says so within 12 s, names --timeout, and gives up within 65 s with the defaults', async () => {
    const started = Date.now();
    const run = await pty.docs(['sites', 'list', '--org', 'org_acme'], { env: { DOCS_API_URL: url } });
    const early = await run.waitFor(/has not answered: 1\d s of 1 min; --timeout/, 12_000);
    expect(Date.now() - started).toBeLessThan(12_500);
    expect(early).not.toContain('retry');
    expect(await run.exitCode(65_000 - (Date.now() - started))).toBe(1);
    const took = Date.now() - started;
    expect(took).toBeGreaterThan(59_000);
    expect(took).toBeLessThan(65_000);
    const screen = await run.screen();
    expect(screen).toContain(`GET ${url}/orgs/org_acme/sites timed out after 60 s in all`);
    expect(screen).toContain('--timeout <seconds>');
  }, 80_000);

  it('with --timeout 2 ends after 2 s, each retry reported at most once, durations in seconds', async () => {
    const run = await pty.docs(['sites', 'list', '--org', 'org_acme', '--timeout', '2'], {
      env: { DOCS_API_URL: url },
    });
    expect(await run.exitCode(10_000)).toBe(1);
    const screen = await run.screen();
    expect(screen).toContain(`GET ${url}/orgs/org_acme/sites timed out after 2 s in all`);
    expect(screen).not.toMatch(/\d ms\b/);
    expect(screen.match(/retry 1 of/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });
});

/*
 * Issue 31, item 2: a server that sends its headers and then stalls the body gets the spinner at
 * the same moment as a silent server (within 2 s), at every width.
 */
for (const columns of [40, 60, 120]) {
  describePty(`a body that stalls after the headers, ${columns} columns`, () => {
    let pty: Pty;
    let stalling: Server;
    let url: string;
    beforeEach(async () => {
      pty = await startPty({ columns, rows: 20 });
      // Headers at once, then the body never comes.
      stalling = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.flushHeaders();
      });
      await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}/v1`;
    });
    afterEach(async () => {
      stalling.closeAllConnections();
      await new Promise((resolve) => stalling.close(resolve));
      await pty.close();
    });

    it('shows the spinner within 2 s, as for a silent server', async () => {
      const started = Date.now();
      const run = await pty.docs(['sites', 'list', '--org', 'org_acme', '--timeout', '4'], {
        env: { DOCS_API_URL: url },
      });
      // "1 s" on the clock: shown within 2 s of the request's start (the run's start-up adds to the wall time).
      await run.waitFor(/Waiting for 127\.0\.0\.1:\d+… 1 s/, 4_000);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(await run.exitCode(15_000)).toBe(1);
      expect(await run.screen()).not.toContain('No results');
    }, 30_000);
  });
}
