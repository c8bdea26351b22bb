/*
 * Limits shared across calls, against the sandbox's rate limit over a real loopback socket:
 * 300 team creates (not idempotent), 8 at a time, through one client with its defaults, against
 * a limit of 100 requests per second. The client's throttle reads X-RateLimit-* and holds the
 * queued calls for the window's reset, so the server refuses at most one of them, and every create
 * succeeds (before issue 17, 200 of them answered 429 and failed).
 */
import { createSandbox } from '@docs-api/sandbox';
import { DocsClient, type RateLimitEvent } from '@docs-api/sdk';
import { expect, it } from 'vitest';

/** Creates `count` teams, `atATime` at a time, through one client; counts the 429s and the holds. */
async function createTeams(limit: number, count: number, atATime: number) {
  const sandbox = createSandbox({ rateLimit: { limit, windowMs: 1000 } });
  const running = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  try {
    let refused = 0;
    let requests = 0;
    const holds: RateLimitEvent[] = [];
    const client = new DocsClient({
      token: running.token,
      baseUrl: running.url,
      // A user's ky hook sees every answer, 429s included.
      hooks: {
        afterResponse: [
          (_request, _options, response) => {
            requests++;
            if (response.status === 429) refused++;
          },
        ],
      },
      onRateLimit: (event) => holds.push(event),
    });
    let next = 0;
    const created: string[] = [];
    const worker = async () => {
      while (next < count) {
        const index = next++;
        const team = await client.teams.create('org_acme', { title: `Team ${index}` });
        created.push(team.id);
      }
    };
    await Promise.all(Array.from({ length: atATime }, worker));
    return { created: new Set(created).size, refused, requests, holds };
  } finally {
    await running.close();
  }
}

it('300 creates, 8 at a time, against 100 requests per second: at most one 429, all succeed', async () => {
  const { created, refused } = await createTeams(100, 300, 8);
  expect(created).toBe(300);
  expect(refused).toBeLessThanOrEqual(1);
}, 30_000);

it('40 creates, 8 at a time, against 10 per second: the calls are held for the reset, not refused', async () => {
  const started = Date.now();
  const { created, refused, requests, holds } = await createTeams(10, 40, 8);
  expect(created).toBe(40);
  expect(refused).toBeLessThanOrEqual(1);
  expect(requests).toBeLessThanOrEqual(41);
  // Four windows of 10: at least three resets waited for, each announced once.
  expect(holds.length).toBeGreaterThanOrEqual(3);
  expect(holds[0]).toMatchObject({ reason: 'no request left', rateLimit: { limit: 10 } });
  expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
}, 30_000);
