/*
 * Response samples generated from the document's schemas, in the shapes a reader must survive:
 * every property present, only the required ones, each oneOf/anyOf variant, and null wherever
 * the document allows it. Written here rather than taken from a sampler library because the
 * point is to enumerate variants and nulls deterministically, which samplers do not offer
 * (docs/decisions/0009-openapi-conformance.md).
 */
import { resolve } from './document.js';

type Schema = Record<string, unknown>;

export type SampleMode =
  { kind: 'all' } | { kind: 'required' } | { kind: 'variant'; index: number } | { kind: 'nulls' };

export function describeMode(mode: SampleMode): string {
  return mode.kind === 'variant' ? `variant ${mode.index}` : mode.kind;
}

interface Context {
  mode: SampleMode;
  refs: readonly string[];
  /** Past this nesting, optional content is left out so recursive schemas end. */
  deep: boolean;
  depth: number;
  /** Set for the direct members of an allOf (kept across a `$ref`). */
  allOfMember?: boolean;
}

const FORMATS: Record<string, string> = {
  'date-time': '2024-05-06T07:08:09.000Z',
  date: '2024-05-06',
  uri: 'https://app.example.com/o/org_1/item',
  email: 'ada@example.com',
  uuid: '0b2f6c3e-6c62-4a4c-9a55-7f1f6c1d2e3a',
  byte: 'aGVsbG8=',
  emoji: '1f4d8',
  icon: 'book',
  int32: '1',
};

/** Strings tried in turn for a `pattern`; the first that fits (pattern and length) is used. */
const PATTERN_CANDIDATES = [
  'docs',
  'docs-site',
  'docs.example.com',
  'docs.app.example.com',
  'example.com/docs',
  'integration:acme:main',
  'integration:acme',
  'connection:acme',
  'refs/heads/main',
  '#3366ff',
  '/docs',
  'UCabcdefghijklmnopqrstuv',
  '@acme-docs',
  'acme/docs',
  'text/plain',
  'a docs title',
];

/** The largest number of branches in any union reachable from `schema`: how many variant samples to make. */
export function variantCount(schema: unknown): number {
  let most = 1;
  const seen = new Set<unknown>();
  const visit = (node: unknown, depth: number) => {
    if (depth > 40 || !node || typeof node !== 'object') return;
    const resolved = resolve(node);
    if (seen.has(resolved)) return;
    seen.add(resolved);
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = (resolved[key] as unknown[] | undefined)?.filter((b) => !isNullSchema(b)) ?? [];
      most = Math.max(most, branches.length);
    }
    for (const value of Object.values(resolved)) {
      if (Array.isArray(value)) value.forEach((item) => visit(item, depth + 1));
      else if (value && typeof value === 'object') visit(value, depth + 1);
    }
  };
  visit(schema, 0);
  return most;
}

/** Every mode worth generating for `schema`. */
export function modesFor(schema: unknown): SampleMode[] {
  const modes: SampleMode[] = [{ kind: 'all' }, { kind: 'required' }, { kind: 'nulls' }];
  const variants = variantCount(schema);
  for (let index = 1; index < variants; index++) modes.push({ kind: 'variant', index });
  return modes;
}

export function generateSample(schema: unknown, mode: SampleMode): unknown {
  return generate(schema, { mode, refs: [], deep: false, depth: 0 });
}

function isNullSchema(schema: unknown): boolean {
  const resolved = resolve(schema);
  return (
    resolved.type === 'null' ||
    (Array.isArray(resolved.enum) && resolved.enum.length === 1 && resolved.enum[0] === null)
  );
}

function allowsNull(schema: Schema): boolean {
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  if (schema.nullable === true) return true;
  for (const key of ['oneOf', 'anyOf'] as const) {
    if ((schema[key] as unknown[] | undefined)?.some(isNullSchema)) return true;
  }
  return false;
}

function generate(schema: unknown, context: Context): unknown {
  if (context.depth > 60) return undefined;
  const ref = (schema as Schema | undefined)?.$ref;
  if (typeof ref === 'string') {
    const repeats = context.refs.filter((seen) => seen === ref).length;
    return generate(resolve(schema), {
      ...context,
      refs: [...context.refs, ref],
      deep: context.deep || repeats >= 1,
      depth: context.depth + 1,
    });
  }
  const node = schema as Schema;
  const allOfMember = context.allOfMember === true;
  const inner = { ...context, depth: context.depth + 1, allOfMember: false };
  if (context.mode.kind === 'nulls' && allowsNull(node) && context.depth > 0) return null;
  if (node.const !== undefined) return node.const;
  if (Array.isArray(node.enum)) {
    // Only values of the declared type: the document has a string enum that lists numbers.
    const declared = Array.isArray(node.type) ? node.type : node.type ? [node.type] : undefined;
    const values = node.enum.filter(
      (value) =>
        value !== null &&
        (!declared ||
          declared.includes(typeof value) ||
          (typeof value === 'number' && declared.includes('integer') && Number.isInteger(value))),
    );
    const index = context.mode.kind === 'variant' ? context.mode.index % values.length : 0;
    return values[index];
  }
  if (Array.isArray(node.allOf)) {
    const parts = node.allOf.map((member) => generate(member, { ...inner, allOfMember: true }));
    const own = node.properties ? generate({ ...node, allOf: undefined }, inner) : undefined;
    return mergeAll([...parts, own]);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const listed = (node[key] as unknown[] | undefined)?.filter((branch) => !isNullSchema(branch));
    if (!listed) continue;
    const branches = key === 'oneOf' ? unshadowed(listed, allOfMember) : listed;
    if (branches.length === 0) return null;
    const chosen = chooseBranch(branches, context);
    const value = generate(chosen, inner);
    // Properties next to a union apply to every branch.
    if (node.properties) return mergeAll([value, generate({ ...node, [key]: undefined }, inner)]);
    return value;
  }
  const type: unknown = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  if (type === 'object' || node.properties || (node.additionalProperties && !type))
    return objectSample(node, context);
  if (type === 'array') {
    const min = typeof node.minItems === 'number' ? node.minItems : 0;
    const max = typeof node.maxItems === 'number' ? node.maxItems : Infinity;
    const count = context.deep ? min : Math.min(Math.max(1, min), max);
    return Array.from({ length: count }, () => generate(node.items, inner));
  }
  if (type === 'string') return stringSample(node);
  if (type === 'integer' || type === 'number') return numberSample(node);
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  return 'value';
}

/**
 * The branches of a oneOf that a value can match alone; the others the document itself refuses.
 * A branch every object matches (an object schema with no `required`, e.g. `{documentId?}` or
 * `PlainObject`) shadows the other object branches; without a `type` it also matches strings,
 * numbers, booleans and arrays. Inside an allOf, a closed empty branch (`additionalProperties:
 * false`) cannot take the properties of the other members.
 */
function unshadowed(branches: unknown[], allOfMember: boolean): unknown[] {
  const info = branches.map((branch) => ({ branch, schema: resolve(branch) }));
  const objectish = (schema: Schema) =>
    schema.type === 'object' ||
    (schema.type === undefined &&
      (schema.properties !== undefined || schema.additionalProperties !== undefined));
  const combined = (schema: Schema) => Boolean(schema.oneOf || schema.anyOf || schema.allOf);
  const open = (schema: Schema) =>
    objectish(schema) &&
    !combined(schema) &&
    schema.additionalProperties !== false &&
    !(Array.isArray(schema.required) && schema.required.length > 0);
  let kept = info;
  if (allOfMember) kept = kept.filter(({ schema }) => schema.additionalProperties !== false);
  const catchAll = kept.find(({ schema }) => open(schema));
  if (catchAll) {
    const typeless = catchAll.schema.type === undefined;
    kept = kept.filter(
      ({ branch, schema }) =>
        branch === catchAll.branch || (!typeless && schema.type !== undefined && !objectish(schema)),
    );
  }
  return kept.length ? kept.map(({ branch }) => branch) : branches;
}

function chooseBranch(branches: unknown[], context: Context): unknown {
  if (context.deep) {
    // In recursion, prefer a branch that does not re-enter a schema already on the way down.
    const ending = branches.find((branch) => {
      const ref = (branch as Schema).$ref;
      return typeof ref !== 'string' || !context.refs.includes(ref);
    });
    if (ending) return ending;
  }
  const index = context.mode.kind === 'variant' ? context.mode.index % branches.length : 0;
  return branches[index];
}

function objectSample(node: Schema, context: Context): Record<string, unknown> {
  const inner = { ...context, depth: context.depth + 1 };
  const required = new Set((node.required as string[] | undefined) ?? []);
  const result: Record<string, unknown> = {};
  const keepOptional = context.mode.kind !== 'required' && !context.deep;
  for (const [key, property] of Object.entries(
    (node.properties as Record<string, unknown> | undefined) ?? {},
  )) {
    if (!required.has(key) && !keepOptional) continue;
    // A field the document says is never given (`x-typescript: never`: a length no string has).
    const own = resolve(property);
    if (own['x-typescript'] === 'never') continue;
    const value = generate(property, inner);
    if (value !== undefined) result[key] = value;
  }
  const extra = node.additionalProperties;
  const minProperties = typeof node.minProperties === 'number' ? node.minProperties : 0;
  // An object that needs more fields than its required ones (`minProperties`) gets its first optional ones.
  for (const [key, property] of Object.entries(
    (node.properties as Record<string, unknown> | undefined) ?? {},
  )) {
    if (Object.keys(result).length >= minProperties) break;
    if (key in result || resolve(property)['x-typescript'] === 'never') continue;
    const value = generate(property, inner);
    if (value !== undefined) result[key] = value;
  }
  if (extra && typeof extra === 'object' && (keepOptional || Object.keys(result).length < minProperties)) {
    const key = node.propertyNames ? String(generate(node.propertyNames, inner)) : 'key';
    result[key] = generate(extra, inner);
  }
  return result;
}

function stringSample(node: Schema): string {
  const min = typeof node.minLength === 'number' ? node.minLength : 0;
  const max = typeof node.maxLength === 'number' ? node.maxLength : Infinity;
  if (typeof node.pattern === 'string') {
    const pattern = new RegExp(node.pattern, 'u');
    const fit = PATTERN_CANDIDATES.find(
      (candidate) => pattern.test(candidate) && candidate.length >= min && candidate.length <= max,
    );
    if (fit) return fit;
    throw new Error(`no sample string fits the pattern ${node.pattern}: add one to PATTERN_CANDIDATES`);
  }
  let value = typeof node.format === 'string' ? (FORMATS[node.format] ?? 'text') : 'text';
  if (value.length < min) value = value.padEnd(min, 'x');
  if (value.length > max) value = value.slice(0, max);
  return value;
}

function numberSample(node: Schema): number {
  const minimum =
    typeof node.minimum === 'number'
      ? node.minimum
      : typeof node.exclusiveMinimum === 'number'
        ? node.exclusiveMinimum + 1
        : 1;
  const maximum = typeof node.maximum === 'number' ? node.maximum : Infinity;
  return Math.min(Math.max(minimum, 1), maximum);
}

function mergeAll(values: unknown[]): unknown {
  const objects = values.filter(
    (value): value is Record<string, unknown> =>
      !!value && typeof value === 'object' && !Array.isArray(value),
  );
  if (objects.length === 0) return values.find((value) => value !== undefined);
  const merged: Record<string, unknown> = {};
  for (const object of objects) {
    for (const [key, value] of Object.entries(object)) {
      const existing = merged[key];
      merged[key] =
        existing &&
        value &&
        typeof existing === 'object' &&
        typeof value === 'object' &&
        !Array.isArray(value)
          ? mergeAll([existing, value])
          : value;
    }
  }
  return merged;
}
