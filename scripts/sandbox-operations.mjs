#!/usr/bin/env node
// The list of docs/sandbox.md of which operations the sandbox keeps state for and which it
// answers from their schema, generated from the contract and the sandbox's implementations
// (packages/sandbox/src/operation-list.ts, read from the build: run `npm run build` first).
//
//   node scripts/sandbox-operations.mjs           writes it into docs/sandbox.md
//   node scripts/sandbox-operations.mjs --check   exits 1 when docs/sandbox.md differs
//
// packages/sandbox/src/operation-list.test.ts checks it too, from the sources.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../docs/sandbox.md', import.meta.url));
const { withOperationList } = await import('../packages/sandbox/dist/operation-list.js');
const before = readFileSync(file, 'utf8');
const after = withOperationList(before);
if (process.argv.includes('--check')) {
  if (after !== before) {
    process.stderr.write(
      'docs/sandbox.md: the list of stateful operations is out of date: run node scripts/sandbox-operations.mjs\n',
    );
    process.exit(1);
  }
} else if (after !== before) {
  writeFileSync(file, after);
  process.stdout.write('docs/sandbox.md: list of stateful operations updated\n');
}
