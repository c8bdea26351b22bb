#!/usr/bin/env node
// Limits shared across calls: 300 team creates (not idempotent), 8 at a time, through one client
// against a sandbox (its own process) that serves 100 requests per second. The client's throttle
// must keep the calls under the limit (at most one answer 429, every create done) and finish
// within 1.15x of the limit's floor: 300 requests at 100 per second, 3 s.
import { DocsClient } from '@docs-api/sdk';
import { figure, isMain, printFigures, startSandbox } from './lib.mjs';

const CALLS = 300;
const AT_A_TIME = 8;
const LIMIT = 100;
const FLOOR_MS = (CALLS / LIMIT) * 1000;

export async function throttle() {
  const sandbox = await startSandbox(['--rate-limit', `${LIMIT}/1s`]);
  try {
    let refused = 0;
    let holds = 0;
    const client = new DocsClient({
      token: sandbox.token,
      baseUrl: sandbox.url,
      // Every answer the server gave, 429s included (a user's ky hook, as the SDK accepts).
      hooks: {
        afterResponse: [(_request, _options, response) => void (response.status === 429 && refused++)],
      },
      onRateLimit: () => void holds++,
    });
    // The first request would open the sandbox's window: wait for a fresh one so each run is alike.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    let next = 0;
    let done = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < CALLS) {
        const index = next++;
        await client.teams.create('org_acme', { title: `Bench team ${index}` });
        done++;
      }
    };
    await Promise.all(Array.from({ length: AT_A_TIME }, worker));
    const elapsed = performance.now() - started;
    const figures = [
      figure(
        `${CALLS} writes, ${AT_A_TIME} at a time, limit ${LIMIT}/s: answers 429`,
        refused,
        1,
        'lower',
        `${done}/${CALLS} done, ${holds} hold(s) announced by onRateLimit`,
      ),
      figure(
        `${CALLS} writes at ${LIMIT}/s: time / the limit's floor (3 s)`,
        elapsed / FLOOR_MS,
        1.15,
        'lower',
        `${(elapsed / 1000).toFixed(2)} s`,
      ),
    ];
    if (done !== CALLS) throw new Error(`only ${done} of ${CALLS} creates succeeded`);
    printFigures('Limits shared across calls (sandbox with a rate limit, its own process)', figures);
    return figures;
  } finally {
    await sandbox.stop();
  }
}

if (isMain(import.meta.url)) await throttle();
