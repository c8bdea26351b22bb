#!/usr/bin/env node
// Runs the smoke suite (test/smoke) on every supported Node major besides the one running this
// script: the `node` package from the npm registry provides each binary, so CI needs nothing
// but npm. Run after `npm run build`. Prints one line per version; exits non-zero on a failure.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
const versions = (process.env.NODE_VERSIONS ?? '22 24').split(/\s+/).filter(Boolean);
const current = process.versions.node.split('.')[0];
const results = [];
let failed = false;

for (const major of [current, ...versions.filter((version) => version !== current)]) {
  const command =
    major === current
      ? [process.execPath, [vitest, 'run', 'test/smoke']]
      : ['npx', ['--yes', '--package', `node@${major}`, '--', 'node', vitest, 'run', 'test/smoke']];
  const started = Date.now();
  const result = spawnSync(command[0], command[1], { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(
    `Node ${major}: ${result.status === 0 ? 'passed' : `FAILED (exit ${result.status})`} in ${seconds} s`,
  );
  failed ||= result.status !== 0;
}
console.log(`runtimes:\n  ${results.join('\n  ')}`);
process.exit(failed ? 1 : 0);
