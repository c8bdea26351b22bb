#!/usr/bin/env node
// Bundles what the CLI loads at start-up into dist, over the re-exporting modules tsc wrote
// there. Node then reads and compiles a few files instead of some 300 (a third of the start-up
// time of `docs sites list`). Run after `tsc -b` (the `manifest` script does); idempotent.
//
// - src/sdk.ts and src/sdk-contract.ts, with the SDK and zod: ES modules, each SDK area's
//   contract a chunk of its own, loaded on first call; src/sdk-errors.ts and src/sdk-helpers.ts,
//   the SDK's error classes and readers, chunks shared with sdk.js; src/sdk-redact.ts, the SDK's
//   redaction rules alone, for the output layer.
// - src/oclif.ts, with @oclif/core and its dependencies (trimmed, scripts/oclif-trims.mjs): one
//   CommonJS file, dist/oclif.cjs, so that V8's code cache can be kept for it on Node 20
//   (src/lib/startup/compile-cache.ts); dist/oclif.js becomes the ES module that loads it.
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { IMPORTER_PARAMETER } from '../dist/lib/startup/compile-cache.js';
import { IMPORTER, oclifTrims } from './oclif-trims.mjs';

const path = (relative) => fileURLToPath(new URL(`../${relative}`, import.meta.url));

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // Half the bytes to read and compile at start-up; names are kept, as stack traces and
  // oclif's own `constructor.name` fallback read them.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
};

const sdkIndex = createRequire(import.meta.url).resolve('@docs-api/sdk');
const sdkModule = (relative) => sdkIndex.replace(/index\.js$/, relative);

/*
 * src/sdk-errors.ts and src/sdk-helpers.ts take a few names of '@docs-api/sdk': here they take
 * them from the SDK's modules that define them, not its entry point (whose modules have effects
 * esbuild keeps). Built with sdk.ts, those modules are chunks that sdk.js shares: one copy of each
 * error class and helper in the process, a few kilobytes to load where the client is not needed.
 */
const SDK_PARTS = {
  'sdk-errors.ts': `export * from ${JSON.stringify(sdkModule('core/errors.js'))};`,
  'sdk-helpers.ts': [
    `export { extraFields } from ${JSON.stringify(sdkModule('core/fields.js'))};`,
    `export { reviewerUser, reviewerTeam } from ${JSON.stringify(sdkModule('resources/reviewers.js'))};`,
    `export { childPages, pageMarkdown } from ${JSON.stringify(sdkModule('resources/content.js'))};`,
  ].join('\n'),
};
const sdkParts = {
  name: 'sdk-parts',
  setup(context) {
    context.onResolve({ filter: /^@docs-api\/sdk$/ }, (args) => {
      const part = Object.keys(SDK_PARTS).find((file) => args.importer.endsWith(`/src/${file}`));
      return part ? { path: part, namespace: 'sdk-part' } : undefined;
    });
    context.onLoad({ filter: /.*/, namespace: 'sdk-part' }, (args) => ({
      contents: SDK_PARTS[args.path],
      resolveDir: path('src'),
      loader: 'js',
    }));
  },
};

rmSync(path('dist/chunks'), { recursive: true, force: true });
await build({
  ...common,
  entryPoints: ['src/sdk.ts', 'src/sdk-contract.ts', 'src/sdk-errors.ts', 'src/sdk-helpers.ts'].map(path),
  outdir: path('dist'),
  chunkNames: 'chunks/[name]-[hash]',
  allowOverwrite: true,
  splitting: true,
  format: 'esm',
  plugins: [sdkParts],
});

// The redaction rules alone: the SDK's module of them, not its entry point (whose modules have
// effects esbuild keeps), so that printing a message loads a few hundred bytes.
const sdkRedact = sdkModule('core/redact.js');
await build({
  ...common,
  entryPoints: [path('src/sdk-redact.ts')],
  outfile: path('dist/sdk-redact.js'),
  allowOverwrite: true,
  format: 'esm',
  plugins: [
    {
      name: 'sdk-redact',
      setup(context) {
        context.onResolve({ filter: /^@docs-api\/sdk$/ }, () => ({ path: sdkRedact }));
      },
    },
  ],
});

await build({
  ...common,
  entryPoints: [path('src/oclif.ts')],
  outfile: path('dist/oclif.cjs'),
  format: 'cjs',
  // Loaded only to read a TypeScript plugin's tsconfig in development, from the user's install.
  external: ['typescript', 'ts-node'],
  plugins: [oclifTrims()],
  // oclif's import() calls go through this: the loader's importer, else the bundle's own import().
  // Strict first: a banner comes before the bundle's own "use strict".
  banner: {
    js: `'use strict';\nvar ${IMPORTER} = typeof ${IMPORTER_PARAMETER} === 'function' ? ${IMPORTER_PARAMETER} : (specifier) => import(specifier);`,
  },
});

// The names src/oclif.ts exports, as the bundle has them.
const names = Object.keys(createRequire(import.meta.url)(path('dist/oclif.cjs'))).sort();
writeFileSync(
  path('dist/oclif.js'),
  [
    '// Written by scripts/bundle.mjs: oclif as bundled in oclif.cjs, loaded with its compiled code kept (lib/startup/compile-cache.js).',
    "import { fileURLToPath } from 'node:url';",
    "import { requireCompiled } from './lib/startup/compile-cache.js';",
    '',
    "const oclif = requireCompiled(fileURLToPath(new URL('./oclif.cjs', import.meta.url)));",
    `export const { ${names.join(', ')} } = oclif;`,
    '',
  ].join('\n'),
);
