import type { Plugin } from 'esbuild';

/** One edit of a file of `@oclif/core/lib`: `find` must occur exactly once. */
export interface SourceEdit {
  file: string;
  why: string;
  find: string;
  replace: string;
}

export const SOURCE_EDITS: readonly SourceEdit[];

export function oclifTrims(): Plugin;
