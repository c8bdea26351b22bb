#!/usr/bin/env node
// Moves the contract to another version of the service's API document, in one command:
// installs `@gitbook/api@<version>` (default: latest) as the pinned dev dependency, regenerates
// the contract, and prints what changed for users, breaking changes first (for the changelog).
//
//   npm run contract:update               the latest @gitbook/api
//   npm run contract:update -- 0.203.0    that version
//   node scripts/contract/update.mjs --compare old.json new.json   compare two documents, install nothing
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_PACKAGE, buildModel } from './model.mjs';
import { changesMarkdown, compareSurfaces, surfaceOf } from './surface.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);

if (args[0] === '--compare') {
  const [oldFile, newFile] = args.slice(1);
  if (!oldFile || !newFile) {
    console.error('usage: update.mjs --compare <old openapi.json> <new openapi.json>');
    process.exit(2);
  }
  const before = surfaceOf(buildModel({ documentFile: oldFile, packageVersion: oldFile }));
  const after = surfaceOf(buildModel({ documentFile: newFile, packageVersion: newFile }));
  const changes = compareSurfaces(before, after);
  console.log(changesMarkdown(before, after, changes));
  process.exit(0);
}

const version = args[0] ?? 'latest';
const before = surfaceOf(buildModel());
console.error(`Installing ${DOCUMENT_PACKAGE}@${version} (was ${before.version})...`);
execFileSync(
  'npm',
  ['install', '--save-dev', '--save-exact', '--no-audit', '--no-fund', `${DOCUMENT_PACKAGE}@${version}`],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
execFileSync(process.execPath, [fileURLToPath(new URL('./generate.mjs', import.meta.url))], {
  cwd: root,
  stdio: 'inherit',
});
const after = surfaceOf(buildModel());
const changes = compareSurfaces(before, after);
console.log(changesMarkdown(before, after, changes));
console.error(
  `${changes.filter((change) => change.breaking).length} breaking change(s), ${changes.filter((change) => !change.breaking).length} addition(s). ` +
    'Review the overlay (packages/sdk/overlay.yaml) for entries the new document makes unneeded, run the tests, and add a changeset.',
);
