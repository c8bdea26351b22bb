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

/**
 * How a query parameter's value is read back from a query string: a number, a boolean
 * (`true`/`false`; any other value stays a string, for a union such as `true | 'deterministic-only'`
 * to check), or an array (repeated keys). A parameter not named is a string. The generator
 * declares them per operation (`operation.queryKinds`).
 */
export type QueryKind = 'number' | 'boolean' | 'array';

/**
 * Turns a query string back into the values an operation's query schema expects, so the same
 * schema can validate it; `kinds` is the operation's `queryKinds`. Unknown keys are kept as
 * strings and left for the schema to refuse.
 */
export function decodeQuery(
  kinds: Readonly<Record<string, QueryKind>>,
  params: URLSearchParams,
  wireNames: Record<string, string> = {},
): Record<string, unknown> {
  const sdkName = Object.fromEntries(Object.entries(wireNames).map(([sdk, wire]) => [wire, sdk]));
  const result: Record<string, unknown> = {};
  for (const wireName of new Set(params.keys())) {
    const key = sdkName[wireName] ?? wireName;
    const values = params.getAll(wireName);
    const kind = Object.hasOwn(kinds, key) ? kinds[key] : undefined;
    const last = values[values.length - 1] ?? '';
    if (kind === 'array') result[key] = values;
    else if (kind === 'boolean') result[key] = last === 'true' ? true : last === 'false' ? false : last;
    else if (kind === 'number')
      result[key] = last.trim() !== '' && !Number.isNaN(Number(last)) ? Number(last) : last;
    else result[key] = last;
  }
  return result;
}
