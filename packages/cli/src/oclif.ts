/*
 * Every part of @oclif/core the CLI uses, from one module. The build bundles this module with
 * oclif and its dependencies into dist/oclif.js (scripts/bundle.mjs): starting the CLI
 * then reads one file instead of some 150, a third of oclif's start-up cost. Tests use it as is.
 */
export { Command } from '@oclif/core/command';
export { execute } from '@oclif/core/execute';
export * as Args from '@oclif/core/args';
export * as Errors from '@oclif/core/errors';
export * as Flags from '@oclif/core/flags';
export type * as Interfaces from '@oclif/core/interfaces';
