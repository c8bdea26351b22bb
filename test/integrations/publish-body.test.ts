import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../e2e/harness.js';
import { FIXTURE_ENV, FIXTURES, installFakeOp } from './fixture-env.mjs';
import { startWorker, workerdUnavailable } from './workerd.js';

/*
 * `docs integrations publish` (the built binary) sends, for each fixture directory, the body the
 * service's own CLI sends for it (`gitbook publish`, recorded by record-service-cli.mjs into
 * service-cli-bodies.json with the same arguments, variables and `op`), except where docs/ci.md
 * says the two differ on purpose. For these fixtures that is the script alone: the same source
 * built by another esbuild version, so the two bundles are compared by what they answer in
 * workerd, not by their bytes.
 */

interface Recorded {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

const service = JSON.parse(await readFile(join(FIXTURES, 'service-cli-bodies.json'), 'utf8')) as {
  recordedWith: string;
  requests: Record<string, Recorded>;
};

/** The fields docs/ci.md lists as sent differently on purpose (for these fixtures). */
const DIFFERENT_ON_PURPOSE = ['script'];

const ours: Record<string, Recorded> = {};
const timings: Record<string, number> = {};
let server: Server;
let opDir: string;
let home: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://recorder').pathname;
      const name = decodeURIComponent(path.split('/').pop() ?? '');
      ours[name] = { method: request.method ?? '', path, body: JSON.parse(text) as Record<string, unknown> };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'integration', name, version: 1 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  opDir = await installFakeOp();
  home = await mkdtemp(join(tmpdir(), 'docs-home-'));
  for (const [name, args] of Object.entries(FIXTURE_ENV.fixtures)) {
    const started = performance.now();
    const result = await runDocs(['integrations', 'publish', join(FIXTURES, name), ...args], {
      PATH: `${opDir}:${process.env.PATH ?? ''}`,
      HOME: home,
      XDG_CONFIG_HOME: home,
      DOCS_API_URL: `http://127.0.0.1:${port}/v1`,
      DOCS_API_TOKEN: 'docs_fixture_token',
      CI: '1',
      NO_COLOR: '1',
      ...FIXTURE_ENV.variables,
    });
    timings[name] = performance.now() - started;
    expect(result.code, result.stderr).toBe(0);
  }
  console.info(
    `docs integrations publish per fixture: ${Object.entries(timings)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
      .join(', ')}`,
  );
}, 120_000);

afterAll(async () => {
  server.close();
  await rm(opDir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const unavailable = await workerdUnavailable();
if (unavailable && process.env.CI === 'true') throw new Error(`workerd must run in CI: ${unavailable}`);
if (unavailable) console.warn(`Skipping the workerd comparison: ${unavailable}`);

const without = (body: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));

describe(`the publish body matches the service's CLI (${service.recordedWith})`, () => {
  it.each(Object.keys(service.requests))('%s: same request, every field but the script equal', (name) => {
    const theirs = service.requests[name]!;
    const mine = ours[name];
    expect(mine, `docs sent nothing for ${name}`).toBeDefined();
    expect([mine!.method, mine!.path]).toEqual([theirs.method, theirs.path]);
    expect(without(mine!.body, DIFFERENT_ON_PURPOSE)).toEqual(without(theirs.body, DIFFERENT_ON_PURPOSE));
    expect(typeof mine!.body.script).toBe('string');
  });

  it.skipIf(unavailable).each(Object.keys(service.requests))(
    '%s: both scripts start in workerd and answer the same',
    async (name) => {
      const answers = [];
      for (const script of [service.requests[name]!.body.script, ours[name]!.body.script]) {
        const worker = await startWorker(script as string);
        try {
          const response = await fetch(`${worker.origin}/v1`, { signal: AbortSignal.timeout(10_000) });
          answers.push({ status: response.status, body: await response.text() });
        } finally {
          await worker.stop();
        }
      }
      expect(answers[0]!.status).toBe(200);
      expect(answers[1]).toEqual(answers[0]);
    },
  );
});
