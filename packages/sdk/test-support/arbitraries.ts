/*
 * fast-check arbitraries for the SDK's property tests: values of every kind, records over an
 * operation's field names, and values shaped by a zod schema (types, enums, lengths, patterns)
 * so that many generated inputs are valid. Lives outside src so it is neither built nor published.
 */
import fc from 'fast-check';
import type * as z from 'zod/mini';

/** The schema a `z.lazy()` stands for (the contract's top-level schemas are lazy). */
function built(schema: z.ZodMiniType): z.ZodMiniType {
  let current = schema;
  while (current._zod.def.type === 'lazy')
    current = (current._zod as unknown as { innerType: z.ZodMiniType }).innerType;
  return current;
}

export function shapeKeys(schema: z.ZodMiniType | undefined): string[] {
  const shape = schema ? (built(schema)._zod.def as { shape?: Record<string, unknown> }).shape : undefined;
  return shape ? Object.keys(shape) : [];
}

/** Values of every kind, with a few that often pass a contract rule. */
export const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    '.',
    '..',
    'a/b',
    '%2e%2e',
    'x?y#z',
    'Handbook',
    'en',
    'fr',
    'public',
    'admin',
    'org_1',
  ),
  fc.integer({ min: -5, max: 2000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
  fc.anything({ maxDepth: 2 }),
);

/** A record with some of `keys` (the operation's field names) and sometimes an unknown one. */
export function crafted(keys: readonly string[]): fc.Arbitrary<unknown> {
  const known = fc.record(Object.fromEntries(keys.map((key) => [key, value])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 4, arbitrary: known },
    {
      weight: 1,
      arbitrary: fc
        .tuple(known, fc.string(), value)
        .map(([record, key, extra]) => ({ ...record, [key]: extra })),
    },
    { weight: 1, arbitrary: fc.object({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
}

/** Nesting generated from a schema: deep enough for envelopes and items, small enough to stay fast. */
const MAX_DEPTH = 6;
const OPTIONAL_DEPTH = 3;

type Check = {
  check?: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  format?: string;
  pattern?: RegExp;
};

function checksOf(schema: z.ZodMiniType): Check[] {
  const checks = (schema._zod.def as { checks?: Array<{ _zod: { def: Check } }> }).checks ?? [];
  return checks.map((check) => check._zod.def);
}

/**
 * Values shaped by a schema (its types, enums, lengths, patterns), so that many generated
 * inputs are valid and the wire form of valid requests gets exercised, not only refusals.
 */
export function plausible(schema: z.ZodMiniType, depth = 0): fc.Arbitrary<unknown> {
  // One arbitrary per schema and depth: built eagerly, a tree of shared schemas is exponential.
  let byDepth = made.get(schema);
  if (!byDepth) made.set(schema, (byDepth = new Map<number, fc.Arbitrary<unknown>>()));
  let arbitrary = byDepth.get(depth);
  if (!arbitrary) byDepth.set(depth, (arbitrary = build(schema, depth)));
  return arbitrary;
}

const made = new WeakMap<z.ZodMiniType, Map<number, fc.Arbitrary<unknown>>>();

function build(schema: z.ZodMiniType, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(undefined);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => plausible(def[key] as z.ZodMiniType, depth + 1);
  const checks = checksOf(schema);
  const find = (name: string) => checks.find((check) => check.check === name);
  switch (def.type) {
    case 'string': {
      const min = find('min_length')?.minimum ?? 0;
      const max = Math.min(find('max_length')?.maximum ?? min + 20, min + 20);
      const pattern = checks.find((check) => check.format === 'regex')?.pattern;
      if (pattern) {
        try {
          return fc.stringMatching(pattern, { size: 'xsmall' });
        } catch {
          // A pattern fast-check cannot generate from: plain strings then.
        }
      }
      if (checks.some((check) => check.format === 'email')) return fc.emailAddress();
      if (checks.some((check) => check.format === 'url')) return fc.webUrl();
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'number': {
      const min = find('greater_than')?.value ?? -1000;
      const max = find('less_than')?.value ?? 1000;
      return checks.some((check) => check.format === 'safeint')
        ? fc.integer({ min, max })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array': {
      // Deep lists hold only the items they must: a page tree of lists of objects of lists grows
      // as 3^depth otherwise (a computed revision's sample never ended).
      const minLength = find('min_length')?.minimum ?? 0;
      const maxLength = depth >= OPTIONAL_DEPTH ? minLength : Math.min(find('max_length')?.maximum ?? 3, 3);
      return fc.array(inner('element'), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodMiniType>;
      return fc.record(
        Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, plausible(field, depth + 1)])),
      );
    }
    case 'optional':
      // Deep optional fields stay out, so that values stay small.
      return depth >= OPTIONAL_DEPTH
        ? fc.constant(undefined)
        : fc.option(inner('innerType'), { nil: undefined });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'union':
      return fc.oneof(...(def.options as z.ZodMiniType[]).map((option) => plausible(option, depth + 1)));
    case 'record':
      // Keys at any depth: past MAX_DEPTH a schema's arbitrary is `undefined`, which no string
      // filter ever passes (a deep map's generation never ended).
      return fc.dictionary(
        plausible(def.keyType as z.ZodMiniType, 0).filter((key): key is string => typeof key === 'string'),
        inner('valueType'),
        { maxKeys: 3 },
      );
    case 'pipe':
      return inner('in');
    case 'lazy':
      // The contract's schemas are all lazy: going through one is no level of nesting.
      return plausible(built(schema), depth);
    default:
      return value;
  }
}

/** Mostly schema-shaped values, often random ones over the same field names. */
export function mixed(schema: z.ZodMiniType, keys: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: plausible(schema) }, { weight: 2, arbitrary: crafted(keys) });
}
