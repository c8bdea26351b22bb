#!/usr/bin/env node
// Type-check cost for a consumer: `tsc --noEmit` of test/bench/consumer/app.ts (imports
// `DocsClient` from the built package's .d.ts and lists sites) against the same project with an
// empty file, median wall time of interleaved runs; plus what TypeScript reports
// (--extendedDiagnostics) about the types it built. The same for a test file using the sandbox
// (consumer/sandbox-helper.ts: `@docs-api/sandbox/testing` and the main export) with
// skipLibCheck false, against the empty file with skipLibCheck false: every declaration the
// sandbox's reach is checked, as in a project that does not skip them.
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

/** The sandbox helper's goal, in seconds over the empty file; `npm run bench` fails above twice it. */
export const SANDBOX_HELPER_BUDGET = 3;

/** Median extra wall time (s) of `runs` over `floors`, and what TypeScript built beyond the floor. */
function extraOver(runs, floors) {
  const extra = (median(runs.map((r) => r.wall)) - median(floors.map((r) => r.wall))) / 1000;
  const [last] = runs.slice(-1);
  const [floor] = floors.slice(-1);
  const detail = `${last.types - floor.types} more types, ${last.instantiations - floor.instantiations} more instantiations, ${last.files - floor.files} more files`;
  return { extra, detail };
}

export async function consumerTypes({ runs = Number(process.env.BENCH_TSC_RUNS ?? 5) } = {}) {
  const app = [];
  const empty = [];
  const sandbox = [];
  const emptyChecked = [];
  for (let run = 0; run < runs; run++) {
    empty.push(check('empty'));
    app.push(check('app'));
    emptyChecked.push(check('empty-libcheck'));
    sandbox.push(check('sandbox'));
  }
  const sdk = extraOver(app, empty);
  const helper = extraOver(sandbox, emptyChecked);
  const figures = [
    figure('consumer type-check, extra over an empty file', sdk.extra, 0.5, 'lower', sdk.detail),
    {
      ...figure(
        'sandbox test helper type-check, extra',
        helper.extra,
        SANDBOX_HELPER_BUDGET,
        'lower',
        `skipLibCheck false: ${helper.detail}`,
      ),
      // Wall times on a shared machine move by seconds: only twice the goal fails the run.
      guard: 2 * SANDBOX_HELPER_BUDGET,
    },
  ];
  printFigures(`Consumer type-check (tsc --noEmit, median of ${runs} interleaved runs)`, figures, 's');
  return figures;
}

if (isMain(import.meta.url)) await consumerTypes();
