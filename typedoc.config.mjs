// TypeDoc configuration of the SDK API reference (docs/sdk-reference/, Markdown through
// typedoc-plugin-markdown). `npm run docs:generate` writes it, `npm run docs:check` fails when
// the committed copy is stale (scripts/docs.mjs). See docs/decisions/0020-typedoc-sdk-reference.md.
//
// The entry points are the SDK's public entry points: every subpath of `exports` in
// packages/sdk/package.json, mapped from its built `.d.ts` back to the source it is compiled from.
// A subpath added to or removed from `exports` is documented, or dropped, with no change here.
import { readFileSync } from 'node:fs';
import { sdkEntryPoints } from './scripts/sdk-entry-points.mjs';

const sdk = JSON.parse(readFileSync(new URL('./packages/sdk/package.json', import.meta.url), 'utf8'));

/** @type {Partial<import('typedoc').TypeDocOptions & import('typedoc-plugin-markdown').PluginOptions>} */
export default {
  name: sdk.name,
  entryPoints: sdkEntryPoints().map((entry) => entry.source),
  tsconfig: './packages/sdk/tsconfig.json',
  plugin: ['typedoc-plugin-markdown', './scripts/typedoc-module-names.mjs'],
  out: './docs/sdk-reference',
  readme: 'none',
  // No "Defined in: file:line": a line moved in the sources must not make the reference stale.
  disableSources: true,
  excludePrivate: true,
  excludeProtected: true,
  excludeInternal: true,
  excludeExternals: true,
  // References to unexported helper types are expected (they show as their names).
  validation: { notExported: false, invalidLink: true, notDocumented: false },
  treatWarningsAsErrors: false,
  hidePageHeader: true,
  // The same bytes on every machine: no timestamps, sorted output.
  sort: ['kind', 'alphabetical'],
};
