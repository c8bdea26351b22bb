import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * A stopped stream leaves nothing behind in a script (issue 28, item 5): a Node process that reads
 * `organizations.streamAsk` from a listening sandbox (the built packages), stops it at the first
 * event and closes the sandbox must exit by itself with code 0: code 13 is a top-level `await`
 * left unsettled (what an abort did in 5 to 7 runs of 10), a process that does not exit holds a
 * handle (a socket, a timer) the stop left open.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Inside the repository, so that the script resolves the workspace's built packages.
const DIR = join(ROOT, 'node_modules', '.cache', 'stream-abort-process');
const SCRIPT = join(DIR, 'stop.mjs');
const RUNS = 5;
const EXIT_WITHIN_MS = 15_000;

const SOURCE = `
import { AbortError, DocsClient } from '@docs-api/sdk';
import { createSandbox } from '@docs-api/sandbox';

const stop = process.argv[2];
const sandbox = createSandbox();
const server = await sandbox.listen();
const client = new DocsClient({ token: server.token, baseUrl: server.url, maxRetries: 0 });
const controller = new AbortController();
const stream = client.organizations.streamAsk(
  'org_acme',
  { query: 'How do I install Acme?' },
  stop === 'signal' ? { signal: controller.signal } : undefined,
);
let seen = 0;
let outcome = 'ended';
try {
  for await (const _event of stream) {
    seen++;
    if (seen === 1) {
      if (stop === 'abort') stream.abort();
      else if (stop === 'signal') controller.abort();
      else break;
    }
  }
} catch (error) {
  outcome = error instanceof AbortError ? 'AbortError' : 'other: ' + String(error);
}
await server.close();
console.log(JSON.stringify({ seen, outcome }));
`;

function run(stop: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, stop], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill();
      reject(
        new Error(`the script (${stop}) did not exit within ${EXIT_WITHIN_MS} ms: something was left open`),
      );
    }, EXIT_WITHIN_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('a stream stopped in a script', () => {
  beforeAll(async () => {
    await mkdir(DIR, { recursive: true });
    await writeFile(SCRIPT, SOURCE);
  });

  for (const [stop, outcome] of [
    ['abort', 'AbortError'],
    ['signal', 'AbortError'],
    ['break', 'ended'],
  ] as const) {
    it(`${stop} at the first event: the process exits 0 by itself, no event after, ${RUNS} runs`, async () => {
      for (let i = 0; i < RUNS; i++) {
        const result = await run(stop);
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(JSON.parse(result.stdout)).toEqual({ seen: 1, outcome });
      }
    }, 120_000);
  }
});
