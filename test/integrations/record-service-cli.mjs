#!/usr/bin/env node
/*
 * Records the publish body that the service's own CLI (`@gitbook/cli`, `gitbook publish`) sends
 * for each fixture integration, into test/fixtures/integrations/service-cli-bodies.json, which
 * test/integrations/publish-body.test.ts compares with ours. Not part of the test run: the
 * service's CLI is not a dependency of this project (its install script downloads a binary from
 * outside the npm registry), so it is installed apart and run by hand when it changes:
 *
 *   mkdir -p /tmp/gbcli && cd /tmp/gbcli && npm init -y && npm install --ignore-scripts @gitbook/cli
 *   node test/integrations/record-service-cli.mjs /tmp/gbcli/node_modules/@gitbook/cli
 *
 * It runs offline: GITBOOK_ENDPOINT points the CLI at a recording server on 127.0.0.1, HOME is
 * a temporary directory (its config store), and `op` is a stand-in on PATH (fixture-op.mjs).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_ENV, FIXTURES, installFakeOp } from './fixture-env.mjs';

const cliDir = process.argv[2];
if (!cliDir) {
  console.error('usage: record-service-cli.mjs <path to node_modules/@gitbook/cli>');
  process.exit(2);
}
const version = JSON.parse(readFileSync(join(cliDir, 'package.json'), 'utf8')).version;

const bodies = {};
const server = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => (text += chunk));
  request.on('end', () => {
    const name = decodeURIComponent(new URL(request.url, 'http://x').pathname.split('/').pop());
    bodies[name] = {
      method: request.method,
      path: new URL(request.url, 'http://x').pathname,
      body: JSON.parse(text),
    };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ object: 'integration', name, urls: { app: `http://127.0.0.1/${name}` } }));
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const home = await mkdtemp(join(tmpdir(), 'gitbook-home-'));
const opDir = await installFakeOp();
try {
  for (const name of Object.keys(FIXTURE_ENV.fixtures)) {
    const started = performance.now();
    await new Promise((resolve, reject) =>
      execFile(
        process.execPath,
        [join(cliDir, 'cli.js'), 'publish', join(FIXTURES, name), ...FIXTURE_ENV.fixtures[name]],
        {
          timeout: 60_000,
          env: {
            PATH: `${opDir}:${process.env.PATH}`,
            HOME: home,
            GITBOOK_TOKEN: 'gb_fixture_token',
            GITBOOK_ENDPOINT: `http://127.0.0.1:${port}`,
            ...FIXTURE_ENV.variables,
          },
        },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${name}: ${stderr || error.message}`)) : resolve(stdout),
      ),
    );
    console.log(`${name}: ${(performance.now() - started).toFixed(0)} ms`);
  }
} finally {
  server.close();
  await rm(home, { recursive: true, force: true });
  await rm(opDir, { recursive: true, force: true });
}
const out = fileURLToPath(new URL('../fixtures/integrations/service-cli-bodies.json', import.meta.url));
await writeFile(
  out,
  `${JSON.stringify({ recordedWith: `@gitbook/cli ${version}`, requests: bodies }, null, 2)}\n`,
);
console.log(`wrote ${out}`);
