#!/usr/bin/env node
// CLI start-up: median wall time of `docs --version` and `docs sites --help` against `node -e 0`,
// the floor any Node CLI pays. Prints figures; asserts nothing.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const docsBin = fileURLToPath(new URL('../../packages/cli/bin/run.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 15);

function median(args) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const baseline = median(['-e', '0']);
const version = median([docsBin, '--version']);
const help = median([docsBin, 'sites', '--help']);
console.log(`startup (median of ${runs} runs)`);
console.log(`  node -e 0            ${baseline.toFixed(1)} ms`);
console.log(
  `  docs --version       ${version.toFixed(1)} ms  (${(version / baseline).toFixed(2)}x node -e 0)`,
);
console.log(`  docs sites --help    ${help.toFixed(1)} ms  (${(help / baseline).toFixed(2)}x node -e 0)`);
