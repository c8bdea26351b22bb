#!/usr/bin/env node
// Keeps the release invariants that `changeset version` leaves to us (docs/releasing.md):
//
// - the three packages share one version (the changesets `fixed` group bumps them together);
// - each pins the others exactly (`"@docs-api/sdk": "0.2.0"`, in dependencies and
//   devDependencies), except a peer dependency, which is the caret range of that version
//   (`"^0.2.0"`: the sandbox takes the app's own SDK, so one copy is installed); changesets is
//   told to leave these pins alone
//   (`bumpVersionsWithWorkspaceProtocolOnly`), since its peer-dependency rule would otherwise
//   turn every 0.x minor release into a 1.0.0;
// - the SDK's `VERSION` constant (packages/sdk/src/version.ts) is that version.
//
//   node scripts/sync-versions.mjs           rewrites the pins and VERSION
//   node scripts/sync-versions.mjs --check   exits 1, naming each difference, when out of sync
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const PACKAGES = ['sdk', 'sandbox', 'cli'];
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies'];
const VERSION_FILE = new URL('packages/sdk/src/version.ts', root);

const manifests = PACKAGES.map((dir) => {
  const url = new URL(`packages/${dir}/package.json`, root);
  const text = readFileSync(url, 'utf8');
  return { dir, url, text, json: JSON.parse(text) };
});
const names = new Set(manifests.map((m) => m.json.name));
const versions = new Set(manifests.map((m) => m.json.version));
const check = process.argv.includes('--check');
const problems = [];

if (versions.size !== 1) {
  const list = manifests.map((m) => `${m.json.name}@${m.json.version}`).join(', ');
  console.error(`The packages must share one version (the changesets fixed group): ${list}`);
  process.exit(1);
}
const [version] = versions;

for (const manifest of manifests) {
  let changed = false;
  for (const field of DEPENDENCY_FIELDS) {
    const wanted = field === 'peerDependencies' ? `^${version}` : version;
    for (const [name, range] of Object.entries(manifest.json[field] ?? {})) {
      if (!names.has(name) || range === wanted) continue;
      problems.push(`packages/${manifest.dir}/package.json ${field}.${name} is ${range}, not ${wanted}`);
      manifest.json[field][name] = wanted;
      changed = true;
    }
  }
  if (changed && !check) writeFileSync(manifest.url, `${JSON.stringify(manifest.json, null, 2)}\n`);
}

const versionSource = readFileSync(VERSION_FILE, 'utf8');
const wanted = versionSource.replace(
  /export const VERSION = '[^']*';/,
  `export const VERSION = '${version}';`,
);
if (wanted !== versionSource) {
  problems.push(`packages/sdk/src/version.ts VERSION is not ${version}`);
  if (!check) writeFileSync(VERSION_FILE, wanted);
}

if (check && problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error('Run `node scripts/sync-versions.mjs` (part of `npm run version`).');
  process.exit(1);
}
if (!check)
  console.log(
    problems.length > 0
      ? `Set ${problems.length} internal version(s) to ${version}.`
      : `Every internal version is already ${version}.`,
  );
else console.log(`The three packages are at ${version} and pin each other exactly.`);
