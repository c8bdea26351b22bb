#!/usr/bin/env node
// Checking a big OpenAPI spec (`docs openapi publish <file>` before it sends): our check
// (packages/cli/src/lib/openapi/openapi-spec.ts, built) against Scalar's parser (`validate`, the
// reference the service's own processing is built on), each in a fresh process on the same
// generated JSON spec of tens of MB, as time and peak RSS ratios. Then ours alone on a ~47 MB
// spec under a 2 GB heap (`--max-old-space-size=2048`, a small CI runner), which must complete.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateSpec, resourcesFor } from '../fixtures/openapi/generate.mjs';
import { figure, isMain, median, mib, ms, printFigures, ROOT } from './lib.mjs';

const OURS = pathToFileURL(join(ROOT, 'packages/cli/dist/lib/openapi/openapi-spec.js')).href;
const MAX_RSS_PRELOAD = join(ROOT, 'test/bench/max-rss.cjs');

/** In the child: read the file, check it, print the time taken (ms) and what was found. */
async function child(which, file) {
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  const text = readFileSync(file, 'utf8');
  let valid;
  if (which === 'scalar') {
    const { validate } = await import('@scalar/openapi-parser');
    valid = (await validate(text)).valid;
  } else {
    const { checkSpec } = await import(which === 'ours' ? OURS : which);
    valid = (await checkSpec(text, file)).problems.length === 0;
  }
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const { user, system } = process.cpuUsage(cpuStart);
  process.stdout.write(JSON.stringify({ elapsed: (user + system) / 1e3, wall, valid }));
}

/**
 * One run in a fresh process: the CPU time (user + system) of reading and checking the file,
 * steadier than wall time on a shared machine, its wall time, and the process's peak RSS.
 */
function measure(which, file, nodeOptions = []) {
  const rssFile = `${file}.${which.replace(/\W/g, '')}.rss`;
  const result = spawnSync(
    process.execPath,
    [...nodeOptions, '--require', MAX_RSS_PRELOAD, new URL(import.meta.url).pathname, '--child', which, file],
    { encoding: 'utf8', env: { ...process.env, BENCH_RSS_FILE: rssFile }, maxBuffer: 1 << 20 },
  );
  if (result.status !== 0)
    return { failed: `exit ${result.status}: ${result.stderr.trim().split('\n').slice(-2).join(' ')}` };
  const { elapsed, wall, valid } = JSON.parse(result.stdout);
  return { elapsed, wall, valid, rss: Number(readFileSync(rssFile, 'utf8')) * 1024 };
}

export async function openapiCheck({
  megabytes = Number(process.env.BENCH_OPENAPI_MB ?? 20),
  runs = Number(process.env.BENCH_OPENAPI_RUNS ?? 2),
  big = Number(process.env.BENCH_OPENAPI_BIG_MB ?? 47),
} = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-openapi-'));
  try {
    const file = join(dir, 'spec.json');
    writeFileSync(file, generateSpec(resourcesFor(megabytes)));
    const size = readFileSync(file).length;
    const ours = [];
    const scalar = [];
    // Interleaved, so that a change in the machine's load hits both alike.
    for (let run = 0; run < runs; run++) {
      ours.push(measure(process.env.BENCH_OPENAPI_OURS ?? 'ours', file));
      scalar.push(measure('scalar', file));
    }
    for (const [name, results] of [
      ['ours', ours],
      ['scalar', scalar],
    ]) {
      const failed = results.find((r) => r.failed || !r.valid);
      if (failed) throw new Error(`${name} on the generated spec: ${failed.failed ?? 'found it invalid'}`);
    }
    const time = (results) => median(results.map((r) => r.elapsed));
    const wall = (results) => median(results.map((r) => r.wall));
    const rss = (results) => median(results.map((r) => r.rss));

    const bigFile = join(dir, 'big.json');
    writeFileSync(bigFile, generateSpec(resourcesFor(big)));
    const bigSize = readFileSync(bigFile).length;
    const heap = measure('ours', bigFile, ['--max-old-space-size=2048']);
    console.log(
      `\nOpenAPI check, ${mib(bigSize)} spec under --max-old-space-size=2048: ${
        heap.failed
          ? `FAILED (${heap.failed})`
          : `completed in ${ms(heap.wall)} (CPU ${ms(heap.elapsed)}), peak RSS ${mib(heap.rss)}`
      }`,
    );
    const figures = [
      figure(
        `openapi check time / Scalar's (${mib(size)})`,
        time(ours) / time(scalar),
        1.5,
        'lower',
        `CPU: ours ${ms(time(ours))}, Scalar ${ms(time(scalar))}; wall: ours ${ms(wall(ours))}, Scalar ${ms(wall(scalar))}`,
      ),
      figure(
        `openapi check peak RSS / Scalar's (${mib(size)})`,
        rss(ours) / rss(scalar),
        2.0,
        'lower',
        `ours ${mib(rss(ours))}, Scalar ${mib(rss(scalar))}`,
      ),
      figure(
        `openapi check of ${mib(bigSize)} under a 2 GB heap (1 = completed)`,
        heap.failed ? 0 : 1,
        1,
        'higher',
      ),
    ];
    printFigures(`OpenAPI spec check (fresh process each, median of ${runs} interleaved runs)`, figures);
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else if (isMain(import.meta.url)) await openapiCheck();
