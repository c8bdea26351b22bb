/// <reference types="node" />
import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';

/*
 * `.gitbook.yaml`, the content configuration of Git Sync:
 *
 *     root: ./docs/             # where the content is; every other path is relative to it
 *     structure:
 *       readme: README.md       # the first page
 *       summary: SUMMARY.md     # the table of contents
 *     redirects:
 *       previous/page: new-folder/page.md
 *
 * Every key is optional. `redirects` are kept as written: the published document has no
 * space-level redirects, so a push reports them as not applied.
 */

export const CONFIG_FILE = '.gitbook.yaml';

export interface ContentConfig {
  /** The content root, relative to the folder, normalized: `''` or `docs`. */
  root: string;
  /** Relative to the root. */
  readme: string;
  /** Relative to the root. */
  summary: string;
  /** As written. */
  redirects: Record<string, string>;
  /** Whether the folder has a `.gitbook.yaml`. */
  present: boolean;
}

export const DEFAULT_CONFIG: ContentConfig = {
  root: '',
  readme: 'README.md',
  summary: 'SUMMARY.md',
  redirects: {},
  present: false,
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Normalizes a configured path: `./docs/` -> `docs`, `./` -> `''`; refuses one leaving the folder. */
function normalizePath(key: string, value: unknown): string {
  if (typeof value !== 'string') throw new ConfigError(`${key} is not a path`);
  const normalized = posix
    .normalize(value.trim() || '.')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');
  if (normalized === '..' || normalized.startsWith('../')) {
    throw new ConfigError(`${key} leaves the folder: ${value}`);
  }
  return normalized === '.' ? '' : normalized;
}

/** Reads `.gitbook.yaml`; throws a `ConfigError` naming the key that is wrong. */
export function parseConfig(text: string): ContentConfig {
  let data: unknown;
  try {
    // Invisible characters (a zero-width space before a key, a BOM) are not part of a key.
    data = parseYaml(text.replace(/[\u200B-\u200D\u2060\uFEFF]/g, ''));
  } catch (error) {
    throw new ConfigError(`not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (data === null || data === undefined) return { ...DEFAULT_CONFIG, present: true };
  if (typeof data !== 'object' || Array.isArray(data)) throw new ConfigError('not a YAML mapping');
  const record = data as Record<string, unknown>;
  const structure = record['structure'] ?? {};
  if (typeof structure !== 'object' || structure === null || Array.isArray(structure)) {
    throw new ConfigError('structure is not a mapping');
  }
  const { readme, summary } = structure as Record<string, unknown>;
  const redirects = record['redirects'] ?? {};
  if (typeof redirects !== 'object' || redirects === null || Array.isArray(redirects)) {
    throw new ConfigError('redirects is not a mapping');
  }
  const keptRedirects: Record<string, string> = {};
  for (const [from, to] of Object.entries(redirects as Record<string, unknown>)) {
    if (typeof to !== 'string') throw new ConfigError(`redirects.${from} is not a path`);
    keptRedirects[from] = to;
  }
  return {
    root: record['root'] === undefined ? '' : normalizePath('root', record['root']),
    readme: readme === undefined ? DEFAULT_CONFIG.readme : normalizePath('structure.readme', readme),
    summary: summary === undefined ? DEFAULT_CONFIG.summary : normalizePath('structure.summary', summary),
    redirects: keptRedirects,
    present: true,
  };
}

/** A path relative to the content root, as a path in the folder. */
export const inRoot = (config: ContentConfig, path: string): string =>
  config.root ? `${config.root}/${path}` : path;
