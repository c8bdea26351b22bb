#!/usr/bin/env node
// Type-check cost for a consumer: `tsc --noEmit` of test/bench/consumer/app.ts (imports
// `DocsClient` from the built package's .d.ts and lists sites) against the same project with an
// empty file, median wall time of interleaved runs; plus what TypeScript reports
// (--extendedDiagnostics) about the types it built.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { figure, isMain, median, printFigures } from './lib.mjs';

const require = createRequire(import.meta.url);
const TSC = require.resolve('typescript/bin/tsc');
const project = (name) => fileURLToPath(new URL(`./consumer/tsconfig.${name}.json`, import.meta.url));

function check(name) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [TSC, '-p', project(name), '--extendedDiagnostics'], {
    encoding: 'utf8',
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0)
    throw new Error(`tsc -p ${project(name)} failed:\n${result.stdout}${result.stderr}`);
  const read = (label) => Number(result.stdout.match(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm'))?.[1]);
  return {
    wall,
    types: read('Types'),
    instantiations: read('Instantiations'),
    files: read('Files'),
    check: read('Check time'),
  };
}

export async function consumerTypes({ runs = Number(process.env.BENCH_TSC_RUNS ?? 5) } = {}) {
  const app = [];
  const empty = [];
  for (let run = 0; run < runs; run++) {
    empty.push(check('empty'));
    app.push(check('app'));
  }
  const extra = (median(app.map((r) => r.wall)) - median(empty.map((r) => r.wall))) / 1000;
  const [last] = app.slice(-1);
  const [floor] = empty.slice(-1);
  const figures = [
    figure(
      'consumer type-check, extra over an empty file',
      extra,
      0.5,
      'lower',
      `${last.types - floor.types} more types, ${last.instantiations - floor.instantiations} more instantiations, ${last.files - floor.files} more files`,
    ),
  ];
  printFigures(`Consumer type-check (tsc --noEmit, median of ${runs} interleaved runs)`, figures, 's');
  return figures;
}

if (isMain(import.meta.url)) await consumerTypes();
