#!/usr/bin/env node
// A diagnostic, not a figure of `npm run bench`: the bytes V8's young-generation GCs promote to
// the old generation (`--trace-gc-nvp`) for 20,000 objects of a kind, each dropped as soon as it
// is made. Promoted garbage stays until a full GC, and is what makes `docs pull` and `docs push`
// of 2,000 pages peak higher than of 200 (docs/performance.md). ky builds an AbortController, a
// Request with its signal and a clone of it for every call.
import { spawnSync } from 'node:child_process';

const COUNT = 20_000;
const KINDS = {
  'a plain object': '({ a: [1, 2, 3], b: "x" + i })',
  'new EventTarget()': 'new EventTarget()',
  'new AbortController().signal': 'new AbortController().signal',
  'new Request(url)': 'new Request("http://127.0.0.1/x")',
  'new Request(url, { signal })':
    'new Request("http://127.0.0.1/x", { signal: new AbortController().signal })',
  'the same, then .clone()':
    'new Request("http://127.0.0.1/x", { signal: new AbortController().signal }).clone()',
};

/** Promoted bytes over a run that makes `COUNT` objects with `expression`, yielding every 50. */
function promoted(expression) {
  const script = `for (let i = 0; i < ${COUNT}; i++) { ${expression}; if (i % 50 === 0) await new Promise((r) => setImmediate(r)); }`;
  const run = spawnSync(process.execPath, ['--trace-gc-nvp', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`node exited ${run.status}: ${run.stderr.slice(-400)}`);
  return [...run.stdout.matchAll(/promoted=(\d+)/g)].reduce((sum, [, bytes]) => sum + Number(bytes), 0);
}

console.log(
  `Bytes promoted by young GCs for ${COUNT.toLocaleString('en')} objects (Node ${process.versions.node}):`,
);
for (const [name, expression] of Object.entries(KINDS)) {
  console.log(`  ${name.padEnd(32)} ${(promoted(expression) / 1024 / 1024).toFixed(1).padStart(6)} MB`);
}
