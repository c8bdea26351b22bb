import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The build bundles oclif and the SDK into dist (scripts/bundle.mjs). A module that imported
 * '@oclif/core' or '@docs-api/sdk' itself would load a second copy beside the bundle: twice the
 * start-up cost, and oclif's error classes no longer the ones `instanceof` checks expect.
 */
const src = fileURLToPath(new URL('.', import.meta.url));
// sdk-redact, sdk-errors and sdk-helpers: parts of the SDK, bundled in chunks sdk.js shares;
// sdk-git-layout: the layout module, loaded from the installed SDK by pull and push only.
const GATEWAYS = new Set([
  'oclif.ts',
  'sdk.ts',
  'sdk-contract.ts',
  'sdk-redact.ts',
  'sdk-errors.ts',
  'sdk-helpers.ts',
  'sdk-git-layout.ts',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('src/oclif.ts and the src/sdk*.ts gateways', () => {
  it('are the only modules that load @oclif/core or the SDK at run time', () => {
    const offenders = sources(src)
      .filter((path) => !GATEWAYS.has(relative(src, path)))
      .filter((path) => {
        // Type-only imports and exports are erased by tsc, and a package.json is no code: they load nothing.
        const code = readFileSync(path, 'utf8').replace(/(import|export) type [\s\S]*?from '[^']+';/g, '');
        return /['"](@oclif\/core|@docs-api\/sdk)(\/(?!package\.json)[^'"]*)?['"]/.test(code);
      })
      .map((path) => relative(src, path));
    expect(offenders).toEqual([]);
  });
});
