import { UsageError } from '../failures/exit-codes.js';
import { setPath, splitPair, typedValue } from './api-request.js';

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

let reference: Promise<ReferenceOperation[]> | undefined;

/** The generated reference, loaded once. */
export function loadReference(): Promise<ReferenceOperation[]> {
  reference ??= import('../../generated/api-reference.json', { with: { type: 'json' } }).then(
    (module) => (module.default as { operations: ReferenceOperation[] }).operations,
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
  const found = operations.find(
    (operation) => operation.id === target || operation.name === target,
  );
  if (found) return found;
  const lower = target.toLowerCase();
  const near = operations
    .filter(
      (operation) =>
        operation.id.toLowerCase().includes(lower) || operation.name.toLowerCase().includes(lower),
    )
    .slice(0, 5)
    .map((operation) => operation.id);
  throw new UsageError(
    `No operation ${target}${near.length ? `; did you mean ${near.join(', ')}?` : ''}. ` +
      '`docs api --list` lists them; a path (with a /) is sent as it is.',
  );
}

function fieldLine(field: ReferenceField): string {
  const facts = [field.type, ...(field.limits ?? [])].join(', ');
  const text = field.description ? `: ${field.description.split('\n')[0]}` : '';
  return `  ${field.name}${field.required ? ' (required)' : ''}  ${facts}${text}`;
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
    `${operation.method} ${operation.path}    SDK: client.${operation.name}()`,
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
  return `${lines.join('\n')}\n`;
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

/**
 * The SDK method's arguments for `operation`: the path parameters from `positionals` (a missing
 * organization is the default one), then the body and the query built from the fields. A field
 * goes where the operation has it (its query, else its body); `-q` is always the query. Types are
 * the SDK's to check: nothing is sent when they do not fit.
 */
export async function operationArguments(
  operation: ReferenceOperation,
  positionals: readonly string[],
  fields: OperationFields,
  defaults: { organizationId?: string | undefined },
): Promise<unknown[]> {
  const params: string[] = [];
  const given = [...positionals];
  for (const param of operation.params) {
    let value = given.shift();
    if (value === undefined && param.name === 'organizationId' && defaults.organizationId) {
      value = defaults.organizationId;
    }
    if (value === undefined) {
      const usage = ['docs api', operation.id, ...operation.params.map((each) => `<${each.name}>`)].join(' ');
      throw new UsageError(
        `Missing ${param.name}${param.description ? ` (${param.description})` : ''}: ${usage}`,
      );
    }
    params.push(value);
  }
  if (given.length) {
    throw new UsageError(
      `Unexpected argument ${given[0]}: ${operation.id} takes ${operation.params.length} (${operation.params.map((param) => param.name).join(', ') || 'none'}).`,
    );
  }
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
  const args: unknown[] = [...params];
  if (operation.arguments.includes('body'))
    args.push(wholeBody ?? (Object.keys(body).length ? body : undefined));
  if (operation.arguments.includes('query')) args.push(Object.keys(query).length ? query : undefined);
  else if (Object.keys(query).length) {
    throw new UsageError(
      `${operation.id} takes no query: ${Object.keys(query).join(', ')} ${Object.keys(query).length > 1 ? 'are' : 'is'} not one of its fields.`,
    );
  }
  return args;
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
