#!/usr/bin/env node
// Bundles what the CLI loads at start-up into dist, over the re-exporting modules tsc wrote
// there: src/oclif.ts (with @oclif/core and its dependencies), src/sdk.ts and src/sdk-contract.ts
// (with the SDK and zod). Node then reads and compiles a few files instead of some 300 (a
// third of the start-up time of `docs sites list`). Each SDK area's contract stays a chunk of
// its own, loaded on first call. Run after `tsc -b` (the `manifest` script does); idempotent.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { oclifTrims } from './oclif-trims.mjs';

const path = (relative) => fileURLToPath(new URL(`../${relative}`, import.meta.url));

rmSync(path('dist/chunks'), { recursive: true, force: true });
await build({
  entryPoints: ['src/oclif.ts', 'src/sdk.ts', 'src/sdk-contract.ts'].map(path),
  outdir: path('dist'),
  chunkNames: 'chunks/[name]-[hash]',
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // oclif is CommonJS: its require() calls (modules it loads by path, require.resolve) and its
  // __dirname need the real ones of an ES module.
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
      "const __dirname = __fileURLToPath(new URL('.', import.meta.url));",
    ].join('\n'),
  },
  // Loaded only to read a TypeScript plugin's tsconfig in development, from the user's install.
  external: ['typescript', 'ts-node'],
  // Half the bytes to read and compile at start-up; names are kept, as stack traces and
  // oclif's own `constructor.name` fallback read them.
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [oclifTrims()],
  logLevel: 'warning',
});
