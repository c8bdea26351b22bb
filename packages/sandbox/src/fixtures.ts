import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { parse as parseYaml } from 'yaml';
import type { RowKindName } from './fixture-kinds.js';
import { normalizeStoredPages } from './content-stored.js';
import { ROW_KIND_NAMES, ROW_KINDS } from './fixture-rows.js';
import { processText, processUrl } from './openapi-processing.js';
import type { Fixture, FixtureSource, SeedName } from './public-types.js';
import { applySeed } from './seed.js';
import type { Store } from './store.js';

export type { Fixture, FixtureBase, FixtureSource } from './public-types.js';

/*
 * Fixtures as data: a versioned JSON (or YAML) file holding rows of every kind the store keeps,
 * loaded on top of a base (`demo`, `empty`, `none` or another fixture file), and written back by
 * `exportFixture()` from any state. See docs/sandbox.md, "Fixtures".
 */

/** The version of the fixture format this sandbox reads and writes. */
export const FIXTURE_VERSION: Fixture['version'] = 1;

/** A fixture that does not fit the format: `issues` name the file, the path and what is allowed. */
export class FixtureError extends Error {
  override name = 'FixtureError';
  readonly file: string | undefined;
  readonly issues: Array<{ path: string; message: string }>;
  constructor(file: string | undefined, issues: Array<{ path: string; message: string }>) {
    const where = file ?? 'fixtures';
    super(
      issues.length === 1
        ? `${where}: ${issues[0]!.path ? `${issues[0]!.path}: ` : ''}${issues[0]!.message}`
        : `${where} has ${issues.length} problems:\n${issues
            .slice(0, 20)
            .map((issue) => `  ${issue.path ? `${issue.path}: ` : ''}${issue.message}`)
            .join('\n')}`,
    );
    this.file = file;
    this.issues = issues;
  }
}

const TOP_LEVEL = ['$schema', 'version', 'base', 'actor', 'sequence', 'remove', ...ROW_KIND_NAMES];

const fixtureSchema = z.looseObject({
  $schema: z.string().optional(),
  version: z.literal(FIXTURE_VERSION, {
    message: `must be ${FIXTURE_VERSION}, the fixture format's version`,
  }),
  base: z.string().min(1).optional(),
  actor: z.string().min(1).optional(),
  sequence: z.number().int().nonnegative().optional(),
  remove: z.partialRecord(z.enum(ROW_KIND_NAMES), z.array(z.string())).optional(),
  ...(Object.fromEntries(
    ROW_KIND_NAMES.map((name) => [name, z.array(ROW_KINDS[name].schema).optional()]),
  ) as Record<RowKindName, z.ZodOptional<z.ZodArray<z.ZodType>>>),
});

/** A fixture checked and filled in, with its base resolved: ready to apply. */
export interface ParsedFixture {
  file: string | undefined;
  base: SeedName | 'none' | ParsedFixture | undefined;
  fixture: Fixture;
}

/** `spaces[2].title` from zod's path. */
function showPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`,
    )
    .join('');
}

/**
 * Checks `data` against the fixture format and fills in defaults. `file` names it in errors and
 * resolves a `base` path. Throws a `FixtureError`. The cassette loader and tests use this to turn
 * any object into rows the store takes.
 */
export function parseFixture(data: unknown, file?: string, seen: readonly string[] = []): ParsedFixture {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new FixtureError(file, [
      { path: '', message: `must be an object such as { "version": ${FIXTURE_VERSION} }` },
    ]);
  const unknown = Object.keys(data).filter((key) => !TOP_LEVEL.includes(key));
  if (unknown.length) {
    throw new FixtureError(
      file,
      unknown.map((key) => ({
        path: key,
        message: `is not part of the fixture format: use ${TOP_LEVEL.filter((k) => k !== '$schema').join(', ')}`,
      })),
    );
  }
  const result = fixtureSchema.safeParse(data);
  if (!result.success) {
    throw new FixtureError(
      file,
      result.error.issues.map((issue) => ({ path: showPath(issue.path), message: issue.message })),
    );
  }
  const fixture = result.data as Fixture;
  // The rows as given, with what the schemas filled in: a row keeps its fields' order.
  for (const name of ROW_KIND_NAMES) {
    const given = (data as Fixture)[name];
    if (given) fixture[name] = given.map((row, index) => ({ ...row, ...fixture[name]?.[index] }));
  }
  duplicates(fixture, file);
  let base: ParsedFixture['base'];
  const named: string | undefined = fixture.base;
  if (named === undefined) base = undefined;
  else if (named === 'demo' || named === 'empty' || named === 'none') base = named;
  else {
    const path = resolve(file ? dirname(file) : process.cwd(), named);
    if (seen.includes(path) || path === file)
      throw new FixtureError(file, [
        { path: 'base', message: `"${named}" leads back to itself (${[...seen, path].join(' -> ')})` },
      ]);
    base = readFixtureFile(path, [...seen, ...(file ? [file] : [])]);
  }
  return { file, base, fixture };
}

/** Rows of one kind given twice in one file would silently keep the last: an error instead. */
function duplicates(fixture: Fixture, file: string | undefined): void {
  const issues: Array<{ path: string; message: string }> = [];
  for (const name of ROW_KIND_NAMES) {
    const keys = new Map<string, number>();
    (fixture[name] ?? []).forEach((row, index) => {
      const key = ROW_KINDS[name].key(row);
      const first = keys.get(key);
      if (first !== undefined)
        issues.push({
          path: `${name}[${index}]`,
          message: `repeats "${key}" of ${name}[${first}]: each row once`,
        });
      else keys.set(key, index);
    });
  }
  if (issues.length) throw new FixtureError(file, issues);
}

/** Reads and checks a fixture file (`.json`, `.yaml` or `.yml`), and the files it is based on. */
export function readFixtureFile(path: string | URL, seen: readonly string[] = []): ParsedFixture {
  const file = typeof path === 'string' ? resolve(path) : fileURLToPath(path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new FixtureError(file, [{ path: '', message: `cannot be read (${code})` }]);
  }
  let data: unknown;
  try {
    data = /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw new FixtureError(file, [
      {
        path: '',
        message: `is not valid ${/\.ya?ml$/i.test(file) ? 'YAML' : 'JSON'}: ${(error as Error).message.split('\n')[0]}`,
      },
    ]);
  }
  return parseFixture(data, file, seen);
}

/** `source` with a relative path made absolute against the calling file (see `FixtureSource`). */
export function resolveFixtureSource<S extends FixtureSource | undefined>(source: S): S | string {
  if (typeof source !== 'string' || isAbsolute(source)) return source;
  const caller = callerFile();
  return caller ? resolve(dirname(caller), source) : resolve(source);
}

/** The sandbox package's own code (`dist/` or `src/`): its frames are not the caller's. */
const PACKAGE_CODE = fileURLToPath(new URL('.', import.meta.url));

/** The file of the first stack frame outside this package and Node's own code. */
function callerFile(): string | undefined {
  const stack = new Error().stack ?? '';
  for (const line of stack.split('\n').slice(1)) {
    const found = /\(?((?:file:\/\/)?\/[^()]*?|[A-Za-z]:\\[^()]*?):\d+:\d+\)?$/.exec(line.trim())?.[1];
    if (!found) continue;
    const file = found.startsWith('file:') ? fileURLToPath(found) : found;
    if (!file.startsWith(PACKAGE_CODE) && !file.includes('/node_modules/@docs-api/sandbox/')) return file;
  }
  return undefined;
}

/** A fixture given in code (an object), as a `file:` URL, or as a path to a file. */
export function loadFixture(source: FixtureSource): ParsedFixture {
  if (source instanceof URL) return readFixtureFile(source);
  return typeof source === 'string' ? readFixtureFile(resolveFixtureSource(source)) : parseFixture(source);
}

/** References checked once a fixture is applied: a row naming an object the state does not hold is an error. */
/** Row fields that name another row, and the kinds that row may be of. */
const REFERENCES: Array<[kind: RowKindName, field: string, target: RowKindName | RowKindName[]]> = [
  ['members', 'organization', 'organizations'],
  ['members', 'user', 'users'],
  ['spaces', 'organization', 'organizations'],
  ['collections', 'organization', 'organizations'],
  // A deleted space keeps its change requests for the 7 days it can be restored.
  ['changeRequests', 'space', ['spaces', 'deletedSpaces']],
  ['changeRequests', 'revision', 'revisions'],
  ['comments', 'changeRequest', 'changeRequests'],
  ['teams', 'organization', 'organizations'],
  ['translations', 'organization', 'organizations'],
  ['sites', 'organization', 'organizations'],
  ['openapiSpecs', 'organization', 'organizations'],
  ['gitSync', 'space', ['spaces', 'deletedSpaces']],
  ['openapiSpecVersions', 'spec', 'openapiSpecs'],
  ['siteShareLinks', 'site', 'sites'],
  ['siteRedirects', 'site', 'sites'],
  ['installations', 'organization', 'organizations'],
  ['installations', 'integration', 'integrations'],
  ['installations', 'site', 'sites'],
  ['installations', 'installation', 'installations'],
  // An event names its installation, which may be uninstalled since: only the integration is checked.
  ['integrationEvents', 'integration', 'integrations'],
];

/** Rows of a kind that may not share these fields' values (a site has one live and one draft redirect per source). */
const UNIQUE: Array<[kind: RowKindName, fields: string[], what: string]> = [
  ['siteRedirects', ['site', 'source', 'draft'], 'a redirect of the same site, source and draft state'],
];

/**
 * Loads a parsed fixture into `store`, on top of its base (`fallback` when it names none).
 * `trusted` (a state the sandbox saved itself) skips the reference checks.
 */
export function applyFixture(
  store: Store,
  parsed: ParsedFixture,
  fallback: SeedName | 'none' = 'demo',
  trusted = false,
): void {
  const base = parsed.base ?? fallback;
  if (typeof base === 'object') applyFixture(store, base, fallback);
  else if (base !== 'none') applySeed(store, base);
  const { fixture } = parsed;
  for (const [name, keys] of Object.entries(fixture.remove ?? {}) as Array<[RowKindName, string[]]>) {
    for (const key of keys) ROW_KINDS[name].delete(store, key);
  }
  for (const name of ROW_KIND_NAMES) {
    for (const row of fixture[name] ?? [])
      ROW_KINDS[name].set(store, ROW_KINDS[name].key(row), structuredClone(row));
  }
  if (fixture.actor !== undefined) store.actor = fixture.actor;
  if (fixture.sequence !== undefined) store.sequence = Math.max(store.sequence, fixture.sequence);
  if (!trusted) {
    checkReferences(store, parsed);
    // Written as page files may be; stored as an edit stores them (a state saved is already so).
    for (const row of fixture.revisions ?? []) {
      const revision = store.revisions.get(ROW_KINDS.revisions.key(row));
      if (revision) normalizeStoredPages(revision);
    }
  }
  reviveProcessing(store);
}

function checkReferences(store: Store, parsed: ParsedFixture): void {
  const issues: Array<{ path: string; message: string }> = [];
  const { fixture } = parsed;
  for (const [kind, field, target] of REFERENCES) {
    const targets = Array.isArray(target) ? target : [target];
    const keys = new Set(targets.flatMap((each) => ROW_KINDS[each].rows(store).map(([key]) => key)));
    (fixture[kind] ?? []).forEach((row, index) => {
      const value = row[field];
      if (typeof value === 'string' && !keys.has(value))
        issues.push({
          path: `${kind}[${index}].${field}`,
          message: `"${value}" is not one of the ${targets[0]} of this fixture or its base`,
        });
    });
  }
  // A file's bytes: a row of blobs.
  (fixture.revisions ?? []).forEach((row, index) => {
    const files = Array.isArray(row.files) ? (row.files as Array<{ blob?: unknown }>) : [];
    files.forEach((file, at) => {
      if (typeof file.blob === 'string' && !store.blobs.has(file.blob))
        issues.push({
          path: `revisions[${index}].files[${at}].blob`,
          message: `"${file.blob}" is not one of the blobs of this fixture or its base`,
        });
    });
  });
  for (const [kind, fields, what] of UNIQUE) {
    const seen = new Map<string, string>();
    for (const [key, row] of ROW_KINDS[kind].rows(store)) {
      const value = JSON.stringify(fields.map((field) => (row as Record<string, unknown>)[field] ?? false));
      const other = seen.get(value);
      const index = (fixture[kind] ?? []).findIndex((given) => ROW_KINDS[kind].key(given) === key);
      if (other !== undefined && index !== -1)
        issues.push({ path: `${kind}[${index}]`, message: `repeats ${what} ("${other}")` });
      seen.set(value, key);
    }
  }
  if (fixture.actor !== undefined && !store.users.has(fixture.actor))
    issues.push({
      path: 'actor',
      message: `"${fixture.actor}" is not one of the users of this fixture or its base`,
    });
  if (issues.length) throw new FixtureError(parsed.file, issues);
}

/** A spec saved while `pending` is processed again from its source (the promise is not data). */
function reviveProcessing(store: Store): void {
  for (const row of store.openapiSpecs.values()) {
    if (row.processingState !== 'pending' || row.processing) continue;
    const result =
      row.sourceText !== undefined ? processText(row.sourceText) : processUrl(row.sourceURL ?? '');
    row.processing = { result, startedAt: row.updatedAt };
  }
}

/** The whole state of `store` in the fixture format (`base: none`): loading it gives the same state. */
export function exportFixture(store: Store): Fixture {
  const fixture: Fixture = {
    version: FIXTURE_VERSION,
    base: 'none',
    actor: store.actor,
    sequence: store.sequence,
  };
  for (const name of ROW_KIND_NAMES) {
    fixture[name] = ROW_KINDS[name].rows(store).map(([, row]) => plainRow(row));
  }
  return fixture;
}

/** A row as JSON data: without what is not data (a spec's processing promise). */
export function plainRow(row: unknown): Record<string, unknown> {
  const { processing: _processing, ...rest } = row as Record<string, unknown>;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}

/** The JSON Schema of the fixture format (draft 2020-12), e.g. for an editor's completion. */
export function fixtureJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(fixtureSchema, { io: 'input', unrepresentable: 'any' });
}
