#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';

// fetch parses HTTP with a WebAssembly build of llhttp. By default V8 also optimises it on
// background threads, and Node waits for that work before it exits: 100 ms or more after the
// answer was printed. Baseline code is quick enough for a command's few requests.
setFlagsFromString('--liftoff-only');

const argv = process.argv.slice(2);
const { asksForVersion, versionLine } = await import('../dist/lib/version-line.js');
if (asksForVersion(argv)) {
  process.stdout.write(`${await versionLine()}\n`);
} else {
  // oclif as the build bundled it (src/oclif.ts, scripts/bundle.mjs): the same module the commands import.
  const { execute } = await import('../dist/oclif.js');
  await execute({ dir: import.meta.url });
}
