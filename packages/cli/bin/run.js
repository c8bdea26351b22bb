#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import module from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// Node 22 and later keep the code they compile for the next start (Node 20: src/lib/startup/compile-cache.ts).
module.enableCompileCache?.();

// The package.json oclif would search for from here: read once, and given to it.
const pjsonPath = fileURLToPath(new URL('../package.json', import.meta.url));
const pjson = JSON.parse(readFileSync(pjsonPath, 'utf8'));

// oclif prints the version when `--version` comes first; so does this, without loading oclif.
if (process.argv[2] === '--version') {
  const { versionLine } = await import('../dist/lib/startup/version-line.js');
  process.stdout.write(`${await versionLine(pjson)}\n`);
} else {
  // oclif as the build bundled it (src/oclif.ts, scripts/bundle.mjs): the module the commands import.
  const { execute } = await import('../dist/oclif.js');
  await execute({ loadOptions: { root: dirname(pjsonPath), pjson } });
}
