import type { Plugin } from 'esbuild';

/** One edit of a file of `@oclif/core/lib`: `find` must occur exactly `count` times (1 unless said). */
export interface SourceEdit {
  file: string;
  why: string;
  find: string;
  replace: string;
  count?: number;
}

/** The name oclif's `import()` calls take in the bundle. */
export const IMPORTER: string;

export const SOURCE_EDITS: readonly SourceEdit[];

export function oclifTrims(): Plugin;
