#!/usr/bin/env node
// Generated reference docs: the CLI reference (docs/cli-reference.md, from the commands, by
// `oclif readme`) and the SDK API reference (docs/sdk-reference/, from the SDK's public entry
// points, by TypeDoc and typedoc-plugin-markdown).
//
//   node scripts/docs.mjs generate   writes both in place
//   node scripts/docs.mjs check      writes both into a temporary folder and exits 1, with a
//                                    diff, when the committed copies differ
//
// Both read the build (the oclif manifest, the compiled commands): `npm run docs:generate` and
// `npm run docs:check` build first. See docs/decisions/0020-typedoc-sdk-reference.md and
// 0021-oclif-readme-cli-reference.md.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const CLI_REFERENCE = 'docs/cli-reference.md';
const SDK_REFERENCE = 'docs/sdk-reference';

function run(command, args, options = {}) {
  const result = spawnSync(process.execPath, [command, ...args], {
    cwd: root,
    encoding: 'utf8',
    // Fixed width and no update notice: the same bytes on every machine.
    env: { ...process.env, COLUMNS: '120', OCLIF_SKIP_NEW_VERSION_CHECK: 'true', NO_COLOR: '1' },
    ...options,
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${path.basename(command)} ${args.join(' ')} failed with exit code ${result.status}`);
  }
  return result;
}

/** Regenerates the command list of `file` (a copy of docs/cli-reference.md) between its markers. */
function generateCliReference(file) {
  const manifest = path.join(root, 'packages/cli/oclif.manifest.json');
  if (!existsSync(manifest))
    throw new Error('packages/cli/oclif.manifest.json is missing: run `npm run build` first');
  const before = readFileSync(file, 'utf8');
  if (!before.includes('<!-- commands -->') || !before.includes('<!-- commandsstop -->'))
    throw new Error(`${file} has lost its <!-- commands --> and <!-- commandsstop --> markers`);
  run(require.resolve('oclif/bin/run.js'), [
    'readme',
    '--plugin-directory',
    path.join(root, 'packages/cli'),
    '--readme-path',
    file,
    '--no-aliases',
    // Source links would name a version tag and the build's paths; the sources are at
    // packages/cli/src/commands/<topic>/<verb>.ts, as the reference says.
    '--no-source-links',
  ]);
  // oclif writes "* [`docs x`](#docs-x)" index lines and trailing spaces in wrapped help text;
  // normalize so that the file reads as the rest of docs/.
  const text = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n');
  writeFileSync(file, text);
}

function generateSdkReference(out) {
  rmSync(out, { recursive: true, force: true });
  run(path.join(path.dirname(require.resolve('typedoc/package.json')), 'bin', 'typedoc'), [
    '--options',
    path.join(root, 'typedoc.config.mjs'),
    '--out',
    out,
    '--logLevel',
    'Warn',
  ]);
}

function listFiles(dir, prefix = '') {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    )
    .sort();
}

/** The files that differ between the committed `expected` and the regenerated `actual`. */
function compare(committed, regenerated) {
  const a = new Set(listFiles(committed));
  const b = new Set(listFiles(regenerated));
  const differences = [];
  for (const file of new Set([...a, ...b])) {
    if (!a.has(file)) differences.push(`missing: ${file}`);
    else if (!b.has(file)) differences.push(`no longer generated: ${file}`);
    else if (!readFileSync(path.join(committed, file)).equals(readFileSync(path.join(regenerated, file))))
      differences.push(`changed: ${file}`);
  }
  return differences.sort();
}

function showDiff(committed, regenerated) {
  const diff = spawnSync(
    'git',
    ['diff', '--no-index', '--no-color', '--stat=120', '--', committed, regenerated],
    {
      encoding: 'utf8',
    },
  );
  if (diff.error) return;
  const full = spawnSync('git', ['diff', '--no-index', '--no-color', '--', committed, regenerated], {
    encoding: 'utf8',
  });
  const lines = full.stdout.split('\n');
  process.stderr.write(diff.stdout);
  process.stderr.write(lines.slice(0, 80).join('\n'));
  if (lines.length > 80) process.stderr.write(`\n... ${lines.length - 80} more lines of diff\n`);
}

function check() {
  const temp = mkdtempSync(path.join(tmpdir(), 'docs-check-'));
  let stale = false;
  try {
    // CLI reference: regenerate a copy of the committed file (its text outside the markers is kept).
    const cliDir = path.join(temp, 'cli');
    mkdirSync(cliDir);
    const committedCli = path.join(root, CLI_REFERENCE);
    if (!existsSync(committedCli)) {
      console.error(`${CLI_REFERENCE} is missing.`);
      stale = true;
    } else {
      cpSync(committedCli, path.join(cliDir, 'cli-reference.md'));
      generateCliReference(path.join(cliDir, 'cli-reference.md'));
      if (!readFileSync(committedCli).equals(readFileSync(path.join(cliDir, 'cli-reference.md')))) {
        console.error(`${CLI_REFERENCE} is stale: the commands' help has changed.`);
        showDiff(committedCli, path.join(cliDir, 'cli-reference.md'));
        stale = true;
      }
    }

    const sdkOut = path.join(temp, 'sdk-reference');
    generateSdkReference(sdkOut);
    const differences = compare(path.join(root, SDK_REFERENCE), sdkOut);
    if (differences.length > 0) {
      console.error(
        `${SDK_REFERENCE}/ is stale: ${differences.length} file(s) differ from the SDK's sources:`,
      );
      for (const line of differences.slice(0, 20)) console.error(`  ${line}`);
      if (differences.length > 20) console.error(`  ... and ${differences.length - 20} more`);
      showDiff(path.join(root, SDK_REFERENCE), sdkOut);
      stale = true;
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  if (stale) {
    console.error('\nRun `npm run docs:generate` and commit the result.');
    process.exit(1);
  }
  console.log(`${CLI_REFERENCE} and ${SDK_REFERENCE}/ are up to date.`);
}

function generate() {
  generateCliReference(path.join(root, CLI_REFERENCE));
  generateSdkReference(path.join(root, SDK_REFERENCE));
  console.log(`Wrote ${CLI_REFERENCE} and ${SDK_REFERENCE}/.`);
}

const mode = process.argv[2];
if (mode === 'generate') generate();
else if (mode === 'check') check();
else {
  console.error('Usage: node scripts/docs.mjs generate|check');
  process.exit(2);
}
