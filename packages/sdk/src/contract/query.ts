import type * as z from 'zod/mini';

/**
 * The wire form of query strings, shared by the SDK (encode) and the sandbox (decode):
 * booleans as `true`/`false`, numbers in decimal, arrays as repeated keys.
 */

export function encodeQuery(
  query: Record<string, unknown> | undefined,
  wireNames: Record<string, string> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const name = wireNames[key] ?? key;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  return params;
}

type Kind = 'boolean' | 'number' | 'array' | 'string';

type Def = { type: string; innerType?: z.ZodMiniType; options?: z.ZodMiniType[] };

/** The schema a `z.lazy()` stands for (the contract's top-level schemas are lazy); zod builds it once. */
function unlazy(schema: z.ZodMiniType): z.ZodMiniType {
  let current = schema;
  while (current._zod.def.type === 'lazy')
    current = (current._zod as unknown as { innerType: z.ZodMiniType }).innerType;
  return current;
}

function kindOf(schema: z.ZodMiniType): Kind {
  let current: z.ZodMiniType = schema;
  // Unwrap optional/default/nullable/lazy wrappers to find the value's type.
  for (let depth = 0; depth < 10; depth++) {
    current = unlazy(current);
    const def = current._zod.def as Def;
    if (def.type === 'boolean' || def.type === 'number' || def.type === 'array') return def.type;
    // A union with a boolean member (e.g. `true | 'deterministic-only'`): `true`/`false` are
    // booleans, any other value stays a string for the union to check.
    if (def.type === 'union' && def.options?.some((option) => kindOf(option) === 'boolean')) {
      return 'boolean';
    }
    if (!def.innerType) return 'string';
    current = def.innerType;
  }
  return 'string';
}

/**
 * Turns a query string back into the values a query schema expects, so the same schema can
 * validate it. Unknown keys are kept as strings and left for the schema to refuse.
 */
export function decodeQuery(
  schema: z.ZodMiniType | undefined,
  params: URLSearchParams,
  wireNames: Record<string, string> = {},
): Record<string, unknown> {
  const shape =
    (schema && (unlazy(schema)._zod.def as { shape?: Record<string, z.ZodMiniType> }).shape) ?? {};
  const sdkName = Object.fromEntries(Object.entries(wireNames).map(([sdk, wire]) => [wire, sdk]));
  const result: Record<string, unknown> = {};
  for (const wireName of new Set(params.keys())) {
    const key = sdkName[wireName] ?? wireName;
    const values = params.getAll(wireName);
    const field = shape[key];
    const kind = field ? kindOf(field) : 'string';
    const last = values[values.length - 1] ?? '';
    if (kind === 'array') result[key] = values;
    else if (kind === 'boolean') result[key] = last === 'true' ? true : last === 'false' ? false : last;
    else if (kind === 'number')
      result[key] = last.trim() !== '' && !Number.isNaN(Number(last)) ? Number(last) : last;
    else result[key] = last;
  }
  return result;
}
