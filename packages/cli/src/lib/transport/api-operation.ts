import type { OperationEntry } from '@docs-api/sdk/contract';
import { UsageError } from '../failures/exit-codes.js';
import { setPath, splitPair, typedValue } from './api-request.js';
import { distance } from '../../hooks/command-not-found.js';
import { wrapLine } from '../terminal/output.js';

/*
 * `docs api <operationId>`: any operation of the service by its id, with its path parameters as
 * arguments and its fields as `-f name=value` / `-F name=value`, checked by the SDK against the
 * operation before anything is sent. The help and the list come from the reference the contract's
 * generator writes (src/generated/api-reference.json: the document's summaries, each field's
 * type, limits and whether it is required), loaded only by the commands that print it.
 */

export interface ReferenceField {
  name: string;
  type: string;
  required: boolean;
  limits?: string[];
  description?: string;
}

export interface ReferenceOperation {
  id: string;
  /** The SDK's name, `sites.list`. */
  name: string;
  tag: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  deprecated?: boolean;
  /** False for an operation only the extract has. */
  inDocument?: boolean;
  paginated?: boolean;
  stream?: boolean;
  /** The SDK method's arguments: path parameters, then `body`, then `query`. */
  arguments: string[];
  params: ReferenceField[];
  query: ReferenceField[];
  body: ReferenceField[];
}

/** What the generated reference holds of an operation: its words (the index gives the rest). */
type ReferenceText = Omit<ReferenceOperation, 'name' | 'aliases' | 'paginated' | 'stream' | 'arguments'>;

let reference: Promise<ReferenceOperation[]> | undefined;

/**
 * The generated reference, loaded once, with each operation's SDK method, other names, kind and
 * arguments from the contract's operation index (which `client.call` reads too).
 */
export function loadReference(): Promise<ReferenceOperation[]> {
  reference ??= Promise.all([
    import('../../generated/api-reference.json', { with: { type: 'json' } }),
    import('../../sdk-contract.js'),
  ]).then(([module, { operationIndex }]) =>
    (module.default as { operations: ReferenceText[] }).operations.map((text) => {
      const entry = (operationIndex as Record<string, OperationEntry | undefined>)[text.id];
      if (!entry)
        throw new Error(`the CLI's API reference names ${text.id}, which the SDK's index does not have`);
      return {
        ...text,
        name: entry.method,
        ...(entry.kind === 'page' ? { paginated: true } : {}),
        ...(entry.kind === 'stream' ? { stream: true } : {}),
        arguments: entry.args.map((arg) => arg.replace(/^[?:]+/, '')),
      };
    }),
  );
  return reference;
}

/** Whether `target` names an operation rather than a path (a path has a `/`). */
export function isOperationName(target: string): boolean {
  return !target.includes('/');
}

/** The operation an id or SDK name names; a usage error naming the nearest if none. */
export async function findReference(target: string): Promise<ReferenceOperation> {
  const operations = await loadReference();
  const found = operations.find((operation) => operation.id === target || operation.name === target);
  if (found) return found;
  const lower = target.toLowerCase();
  const containing = operations.filter(
    (operation) => operation.id.toLowerCase().includes(lower) || operation.name.toLowerCase().includes(lower),
  );
  // A typo (`getSiteByIdd`): the ids a few edits away, nearest first.
  const allowed = Math.max(2, Math.floor(target.length / 5));
  const typos = operations
    .map((operation) => ({
      operation,
      edits: Math.min(
        distance(lower, operation.id.toLowerCase()),
        distance(lower, operation.name.toLowerCase()),
      ),
    }))
    .filter(({ edits }) => edits <= allowed)
    .sort((a, b) => a.edits - b.edits)
    .map(({ operation }) => operation);
  const near = [...new Set([...typos, ...containing])].slice(0, 5).map((operation) => operation.id);
  throw new UsageError(
    `No operation ${target}${near.length ? `: did you mean ${near.join(', ')}?` : '.'} ` +
      '`docs api --list` lists them; a path (with a /) is sent as it is.',
  );
}

/** Limits that say nothing: a minimum of 0 characters or items. */
const NOISE = /^at least 0 (characters?|items?)$/;

function fieldLine(field: ReferenceField): string {
  const facts = [field.type, ...(field.limits ?? []).filter((limit) => !NOISE.test(limit))].join(', ');
  const text = field.description ? `: ${field.description.split('\n')[0]}` : '';
  return `  ${field.name}${field.required ? ' (required)' : ''}  ${facts}${text}`;
}

/** The width the help wraps at: the terminal's, else COLUMNS, else 80 (as oclif's help). */
function helpWidth(): number {
  const fromEnv = Number(process.env.COLUMNS);
  return process.stdout.columns || (fromEnv > 0 ? fromEnv : 80);
}

/** `docs api <operationId> --help`. */
export function operationHelp(operation: ReferenceOperation): string {
  const usage = ['docs api', operation.id, ...operation.params.map((param) => `<${param.name}>`)];
  if (operation.body.length || operation.query.length) usage.push('[-f name=value] [-F name=value]');
  const lines = [
    `${operation.summary}${operation.deprecated ? ' (deprecated)' : ''}${operation.inDocument === false ? ' (not in the published API document)' : ''}`,
    '',
    `USAGE`,
    `  $ ${usage.join(' ')}`,
    '',
    `${operation.method} ${operation.path}`,
    // Its own line: at 60 columns `SDK:` and the name were broken apart.
    `SDK: client.${operation.name}()`,
  ];
  if (operation.description) lines.push('', operation.description);
  if (operation.params.length) lines.push('', 'ARGUMENTS', ...operation.params.map(fieldLine));
  if (operation.query.length)
    lines.push('', 'QUERY FIELDS (-f/-F, or -q)', ...operation.query.map(fieldLine));
  if (operation.body.length)
    lines.push('', 'BODY FIELDS (-f/-F; --input for a whole body)', ...operation.body.map(fieldLine));
  if (operation.paginated)
    lines.push('', 'The answer is a list: --paginate prints every item of every page.');
  if (operation.stream)
    lines.push(
      '',
      'The answer is a stream of events: each is printed as it arrives (Ctrl-C keeps what came).',
    );
  // One line points at the generic help, which is not appended.
  lines.push('', 'The flags of every call (-f, -F, -q, --input, --paginate): docs api --help');
  // At words, to the width: a field's text hangs under its name; a pattern or URL stays whole.
  const width = helpWidth() - 1;
  const wrapped = lines.flatMap((line) =>
    line.split('\n').flatMap((part) => wrapLine(part, width, part.startsWith('  ') ? '      ' : '')),
  );
  return `${wrapped.join('\n')}\n`;
}

/** The operations whose tag, resource or id holds `filter` (all without one). */
export async function listOperations(filter?: string): Promise<ReferenceOperation[]> {
  const operations = await loadReference();
  if (!filter) return operations;
  const lower = filter.toLowerCase();
  return operations.filter(
    (operation) =>
      operation.tag.toLowerCase() === lower ||
      operation.name.toLowerCase().startsWith(`${lower}.`) ||
      operation.id.toLowerCase().includes(lower),
  );
}

export interface OperationFields {
  rawFields: readonly string[];
  typedFields: readonly string[];
  query: readonly string[];
  input?: string | undefined;
}

/** What `client.call` takes: the path parameters, query and body by name. */
export interface OperationInput {
  params: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * The input of `client.call` for `operation`: the path parameters from the parser's positionals
 * (the organization may be left out when --org or DOCS_ORG gives it), then the body and the query
 * built from the fields. A field goes where the operation has it (its query, else its body); `-q`
 * is always the query. Types are the SDK's to check: nothing is sent when they do not fit.
 */
export async function operationInput(
  operation: ReferenceOperation,
  positionals: readonly string[],
  fields: OperationFields,
  defaults: { organizationId?: string | undefined },
): Promise<OperationInput> {
  const names = operation.params.map((param) => param.name);
  const usage = ['docs api', operation.id, ...names.map((name) => `<${name}>`)].join(' ');
  if (positionals.length > names.length) {
    throw new UsageError(
      `Unexpected argument ${positionals[names.length]}: ${operation.id} takes ${names.length} (${names.join(', ') || 'none'}).`,
    );
  }
  const given = [...positionals];
  // One short, and the operation's first parameter is the organization: the default one.
  if (given.length === names.length - 1 && names[0] === 'organizationId' && defaults.organizationId)
    given.unshift(defaults.organizationId);
  const params: Record<string, string> = {};
  operation.params.forEach((param, index) => {
    const value = given[index];
    if (value === undefined) {
      throw new UsageError(
        `Missing ${param.name}${param.description ? ` (${param.description})` : ''}: ${usage}`,
      );
    }
    params[param.name] = value;
  });
  const queryNames = new Set(operation.query.map((field) => field.name));
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  const place = (key: string) => {
    const root = key.replace(/\[.*$/, '');
    return queryNames.has(root) || !operation.arguments.includes('body') ? query : body;
  };
  for (const pair of fields.rawFields) {
    const [key, value] = splitPair(pair, '-f');
    const target = place(key);
    setPath(target, key, target === query ? queryValue(operation, key, value) : value, '-f');
  }
  for (const pair of fields.typedFields) {
    const [key, raw] = splitPair(pair, '-F');
    setPath(place(key), key, await typedValue(raw, '-F'), '-F');
  }
  for (const pair of fields.query) {
    const [key, value] = splitPair(pair, '-q');
    setPath(query, key, queryValue(operation, key, value), '-q');
  }
  let wholeBody: unknown;
  if (fields.input !== undefined) {
    if (!operation.arguments.includes('body'))
      throw new UsageError(`--input: ${operation.id} takes no body.`);
    if (Object.keys(body).length) throw new UsageError('--input cannot be combined with body fields.');
    const text = await typedValue(`@${fields.input}`, '--input');
    try {
      wholeBody = JSON.parse(String(text)) as unknown;
    } catch (error) {
      throw new UsageError(`--input: ${fields.input} is not valid JSON: ${(error as Error).message}`);
    }
  }
  const input: OperationInput = { params };
  const sentBody = wholeBody ?? (Object.keys(body).length ? body : undefined);
  if (operation.arguments.includes('body') && sentBody !== undefined) input.body = sentBody;
  if (operation.arguments.includes('query')) {
    if (Object.keys(query).length) input.query = query;
  } else if (Object.keys(query).length) {
    throw new UsageError(
      `${operation.id} takes no query: ${Object.keys(query).join(', ')} ${Object.keys(query).length > 1 ? 'are' : 'is'} not one of its fields.`,
    );
  }
  return input;
}

/** A query value from the command line, typed as the operation reads it (`limit=5` a number). */
function queryValue(operation: ReferenceOperation, key: string, value: string): unknown {
  const field = operation.query.find((each) => each.name === key.replace(/\[.*$/, ''));
  if (!field) return value;
  if (field.type.startsWith('integer') || field.type.startsWith('number')) {
    return value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
  }
  if (field.type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  if (field.type.startsWith('array')) return value.split(',');
  return value;
}
