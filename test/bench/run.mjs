#!/usr/bin/env node
// `npm run bench`: every figure of docs/performance.md, each a ratio against its floor measured
// in the same run, then a summary. Times are not asserted (the machine may be loaded); the
// browser bundle's size has a budget, and exceeding it makes this exit non-zero, and so does a
// figure with a `guard` (a generous multiple of its goal) above that guard.
import { browserBundle } from './browser-bundle.mjs';
import { docsSync } from './docs-sync.mjs';
import { consumerTypes } from './consumer-types.mjs';
import { openapiCheck } from './openapi-check.mjs';
import { paginationMemory } from './pagination-memory.mjs';
import { readAhead } from './read-ahead.mjs';
import { requestOverhead } from './request-overhead.mjs';
import { startup } from './startup.mjs';
import { throttle } from './throttle.mjs';

const sections = [
  ['startup', startup],
  ['request', requestOverhead],
  ['read-ahead', readAhead],
  ['throttle', throttle],
  ['memory', paginationMemory],
  ['bundle', browserBundle],
  ['types', consumerTypes],
  ['openapi', openapiCheck],
  ['docs-sync', docsSync],
];
const only = process.argv.slice(2);
const figures = [];
for (const [name, run] of sections) {
  if (only.length && !only.includes(name)) continue;
  figures.push(...(await run()).map((f) => ({ ...f, section: name })));
}

console.log('\nSummary');
for (const { name, value, goal, better, met, section, guard } of figures) {
  const unit =
    section === 'bundle' ? ' KiB' : section === 'types' ? ' s' : name.includes('answers 429') ? '' : 'x';
  const shown =
    unit === 'x' ? value.toFixed(2) : unit === '' ? String(value) : value.toFixed(unit === ' s' ? 2 : 1);
  console.log(
    `  ${met ? 'met    ' : 'NOT MET'}  ${name.padEnd(48)} ${`${shown}${unit}`.padStart(10)}  goal ${better === 'lower' ? '<=' : '>='} ${goal}${unit}${guard === undefined ? '' : `, fails above ${guard}${unit}`}`,
  );
}
const bundle = figures.find((f) => f.section === 'bundle');
if (bundle && !bundle.met) {
  console.error('\nThe browser bundle is over its budget: failing.');
  process.exitCode = 1;
}
for (const { name, value, guard } of figures) {
  if (guard === undefined || value <= guard) continue;
  console.error(`\n${name}: ${value.toFixed(2)} is over its guard (${guard}): failing.`);
  process.exitCode = 1;
}
