/*
 * The SDK as the CLI loads it at run time (types come from '@docs-api/sdk' directly). The build
 * bundles it with ky and zod into dist/sdk.js and shared chunks (scripts/bundle.mjs), each
 * area's contract still a chunk of its own loaded on first call. Tests use it as is.
 */
export * from '@docs-api/sdk';
