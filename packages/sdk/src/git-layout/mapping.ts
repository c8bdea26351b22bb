import { compareNames } from './fs.js';

/*
 * The mapping between a folder's files and a space's pages, written into the folder by pull and
 * push (`.gitbook/docs-sync.json` under the content root) and committed with it, so that a fresh
 * clone in CI knows which page each file is, and what the service stored for it:
 *
 *   {
 *     "version": 1,
 *     "space": "spc_1",
 *     "changeRequest": { "id": "cr_1", "number": 3 },       <- the last push's
 *     "pages": {
 *       "README.md": { "id": "pg_1", "path": "introduction", "stored": "sha256:…" },
 *       "guides/": { "id": "pg_2", "path": "guides" },                    <- a group
 *       "guides/setup.md": { "id": "pg_3", "path": "guides/setup",
 *                            "stored": "sha256:…", "sent": "sha256:…", "updatedAt": "…" }
 *     },
 *     "files": {
 *       ".gitbook/assets/diagram.png": { "id": "fl_1", "hash": "sha256:…", "size": 2048 }
 *     }
 *   }
 *
 * Keys are paths relative to the content root: a document's file, a group's folder (ending in
 * `/`), a link page's `link:<url>`. For a page: `stored` is the hash of the page as the service
 * stored it (its file as pull writes it), `sent` the hash of the file a push last sent for it.
 * A file whose hash is either is unchanged: so pushing an unchanged folder sends nothing even
 * though the service normalizes what it stores, and pull then push is no change. `path` is the
 * page's slug path when last synced (a file keeps its page's slug even when its name differs).
 */

export const MAPPING_FILE = '.gitbook/docs-sync.json';
export const MAPPING_VERSION = 1;

export interface MappedPage {
  id: string;
  path: string;
  stored?: string;
  sent?: string;
  /** The page's `updatedAt` when last synced: a later one means it changed in the space. */
  updatedAt?: string;
}

export interface MappedFile {
  id: string;
  hash: string;
  size: number;
}

/** The change request a push sends to: continued by the next push while it is open. */
export interface MappedChangeRequest {
  id: string;
  number: number;
}

export interface SyncMapping {
  version: typeof MAPPING_VERSION;
  space?: string;
  /**
   * The change request the folder was last pushed to (written from the first batch on), so that
   * a push run again after an interruption, or the next push, continues it while it is open
   * instead of opening another that would insert the same pages again.
   */
  changeRequest?: MappedChangeRequest;
  pages: Record<string, MappedPage>;
  files: Record<string, MappedFile>;
}

export const emptyMapping = (space?: string): SyncMapping => ({
  version: MAPPING_VERSION,
  ...(space === undefined ? {} : { space }),
  pages: {},
  files: {},
});

export class MappingError extends Error {
  override name = 'MappingError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown, where: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new MappingError(`${where} is not a string`);
  return value;
};

/** Reads the mapping file; throws a `MappingError` naming the entry that is wrong. */
export function parseMapping(text: string): SyncMapping {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new MappingError(`not JSON: ${(error as Error).message}`);
  }
  if (!isRecord(data)) throw new MappingError('not a JSON object');
  if (data['version'] !== MAPPING_VERSION) {
    throw new MappingError(
      `version ${JSON.stringify(data['version'])} is not ${MAPPING_VERSION}: written by another docs`,
    );
  }
  const mapping = emptyMapping(optionalString(data['space'], 'space'));
  const cr = data['changeRequest'];
  if (cr !== undefined) {
    if (!isRecord(cr) || typeof cr['id'] !== 'string' || typeof cr['number'] !== 'number') {
      throw new MappingError('changeRequest needs a string id and a number');
    }
    mapping.changeRequest = { id: cr['id'], number: cr['number'] };
  }
  const pages = data['pages'] ?? {};
  const files = data['files'] ?? {};
  if (!isRecord(pages)) throw new MappingError('pages is not an object');
  if (!isRecord(files)) throw new MappingError('files is not an object');
  for (const [key, entry] of Object.entries(pages)) {
    if (!isRecord(entry) || typeof entry['id'] !== 'string' || typeof entry['path'] !== 'string') {
      throw new MappingError(`pages["${key}"] needs a string id and path`);
    }
    const stored = optionalString(entry['stored'], `pages["${key}"].stored`);
    const sent = optionalString(entry['sent'], `pages["${key}"].sent`);
    const updatedAt = optionalString(entry['updatedAt'], `pages["${key}"].updatedAt`);
    mapping.pages[key] = {
      id: entry['id'],
      path: entry['path'],
      ...(stored === undefined ? {} : { stored }),
      ...(sent === undefined ? {} : { sent }),
      ...(updatedAt === undefined ? {} : { updatedAt }),
    };
  }
  for (const [key, entry] of Object.entries(files)) {
    if (
      !isRecord(entry) ||
      typeof entry['id'] !== 'string' ||
      typeof entry['hash'] !== 'string' ||
      typeof entry['size'] !== 'number'
    ) {
      throw new MappingError(`files["${key}"] needs a string id and hash and a number size`);
    }
    mapping.files[key] = { id: entry['id'], hash: entry['hash'], size: entry['size'] };
  }
  return mapping;
}

/** The mapping file's text: keys sorted, one entry per line, so that its diffs read well. */
export function renderMapping(mapping: SyncMapping): string {
  const sorted = <T>(record: Record<string, T>) =>
    Object.keys(record)
      .sort(compareNames)
      .map((key) => [key, record[key]] as const);
  const lines = ['{', `  "version": ${mapping.version},`];
  if (mapping.space !== undefined) lines.push(`  "space": ${JSON.stringify(mapping.space)},`);
  if (mapping.changeRequest !== undefined) {
    const { id, number } = mapping.changeRequest;
    lines.push(`  "changeRequest": ${JSON.stringify({ id, number })},`);
  }
  const block = (name: string, entries: (readonly [string, unknown])[], last: boolean) => {
    if (entries.length === 0) {
      lines.push(`  "${name}": {}${last ? '' : ','}`);
      return;
    }
    lines.push(`  "${name}": {`);
    entries.forEach(([key, value], index) => {
      lines.push(
        `    ${JSON.stringify(key)}: ${JSON.stringify(value)}${index < entries.length - 1 ? ',' : ''}`,
      );
    });
    lines.push(`  }${last ? '' : ','}`);
  };
  block('pages', sorted(mapping.pages), false);
  block('files', sorted(mapping.files), true);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** The key of the entry for page `id`, if any. */
export function keyOfPage(mapping: SyncMapping, id: string): string | undefined {
  for (const [key, entry] of Object.entries(mapping.pages)) if (entry.id === id) return key;
  return undefined;
}

/** Whether a file's hash is one the mapping knows for its page: then it did not change. */
export const isUnchanged = (entry: MappedPage | undefined, hash: string | undefined): boolean =>
  entry !== undefined && hash !== undefined && (entry.stored === hash || entry.sent === hash);
