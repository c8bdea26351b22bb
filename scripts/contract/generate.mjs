#!/usr/bin/env node
// Generates the SDK's contract from the service's published OpenAPI document and the project's
// overlay (packages/sdk/overlay.yaml) into packages/sdk/src/generated/, and the stats file
// packages/sdk/.stats.yml. `--check` writes nothing and fails when a generated file differs from
// what is committed (CI runs it).
//
//   node scripts/contract/generate.mjs           regenerate
//   node scripts/contract/generate.mjs --check   compare, exit 1 on a difference
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_DIR, emit } from './emit.mjs';
import { buildModel } from './model.mjs';
import { STATS_PATH, statsFile } from './stats.mjs';
import { REFERENCE_PATH, referenceFile } from './reference.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const check = process.argv.includes('--check');
const started = performance.now();

const model = buildModel();
const { files } = emit(model);
const output = new Map([...files].map(([path, text]) => [`${GENERATED_DIR}/${path}`, text]));
output.set(STATS_PATH, statsFile(model));
output.set(REFERENCE_PATH, referenceFile(model));

function listFiles(dir) {
  if (!existsSync(`${root}${dir}`)) return [];
  return readdirSync(`${root}${dir}`, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath.slice(root.length)}/${entry.name}`);
}

if (check) {
  const stale = [];
  for (const [path, text] of output) {
    const current = existsSync(`${root}${path}`) ? readFileSync(`${root}${path}`, 'utf8') : undefined;
    if (current !== text) stale.push(current === undefined ? `${path} (missing)` : path);
  }
  for (const path of listFiles(GENERATED_DIR))
    if (!output.has(path)) stale.push(`${path} (not generated any more)`);
  if (stale.length) {
    console.error(
      `The generated contract is not up to date (${stale.length} files):\n  ${stale.slice(0, 20).join('\n  ')}`,
    );
    console.error(
      'Run `npm run contract:generate` and commit the result; never edit generated files by hand.',
    );
    process.exit(1);
  }
  console.log(`The generated contract is up to date (${output.size} files).`);
} else {
  rmSync(`${root}${GENERATED_DIR}`, { recursive: true, force: true });
  for (const [path, text] of output) {
    mkdirSync(dirname(`${root}${path}`), { recursive: true });
    writeFileSync(`${root}${path}`, text);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Generated ${model.operations.length} operations (${model.leftOut.length} left out) in ${output.size} files, ${seconds} s.`,
  );
}
