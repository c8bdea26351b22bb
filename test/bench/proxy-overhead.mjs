#!/usr/bin/env node
// The recording proxy's cost per request (`docs sandbox --proxy`, docs/sandbox.md): the same
// requests to the sandbox (the upstream, its own process) directly and through the proxy (the
// built CLI, its own process, checking the contract and the published document and recording
// a cassette), in turns, over loopback. The figure is the median time the proxy adds, in ms:
// a second loopback hop (about 3-5 ms on the shared 2-core machine, measured with a bare
// forwarder) plus the proxy's own work, which it prints itself when it stops (its median).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCS_BIN, figure, isMain, median, printFigures, startProcess, startSandbox } from './lib.mjs';

async function timed(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function proxyOverhead({ scale = Number(process.env.BENCH_SCALE ?? 1) } = {}) {
  const upstream = await startSandbox();
  const directory = mkdtempSync(join(tmpdir(), 'docs-proxy-bench-'));
  const proxy = await startProcess(
    DOCS_BIN,
    ['sandbox', '--proxy', upstream.url, '--port', '0', '--record', join(directory, 'bench.cassette.json')],
    /Proxy listening on (\S+)/,
  );
  const proxyUrl = process.env.BENCH_BARE
    ? (
        await startProcess(
          new URL('./bare-forwarder.tmp.mjs', import.meta.url).pathname,
          [upstream.url],
          /Proxy listening on (\S+)/,
        )
      ).match[1]
    : proxy.match[1];
  const headers = { authorization: `Bearer ${upstream.token}` };
  const get = (base, path) => async () => (await fetch(`${base}${path}`, { headers })).arrayBuffer();
  const figures = [];
  try {
    for (const [name, path] of [
      ['GET one site', '/orgs/org_acme/sites/site_docs'],
      ['GET a page of spaces', '/orgs/org_acme/spaces'],
    ]) {
      const direct = get(upstream.url, path);
      const proxied = get(proxyUrl, path);
      for (let i = 0; i < 50; i++) {
        await direct();
        await proxied();
      }
      const directTimes = [];
      const proxiedTimes = [];
      for (let i = 0; i < Math.round(400 * scale); i++) {
        directTimes.push(await timed(direct));
        proxiedTimes.push(await timed(proxied));
      }
      const added = median(proxiedTimes) - median(directTimes);
      figures.push(
        figure(
          `proxy: ${name}, added per request`,
          added,
          10,
          'lower',
          `direct ${median(directTimes).toFixed(2)} ms`,
        ),
      );
    }
  } finally {
    await proxy.stop();
    await upstream.stop();
    rmSync(directory, { recursive: true, force: true });
  }
  printFigures(
    'Recording proxy (contract + document checks, cassette written), median over loopback',
    figures,
    'ms',
  );
  return figures;
}

if (isMain(import.meta.url)) await proxyOverhead();
