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

/** The readings of a query value other than its text: a boolean, a number, a list, the last of several. */
function readings(values: string[]): unknown[] {
  const last = values[values.length - 1] ?? '';
  const found: unknown[] = [];
  if (last === 'true' || last === 'false') found.push(last === 'true');
  if (last.trim() !== '' && !Number.isNaN(Number(last))) found.push(Number(last));
  found.push(values.length > 1 ? last : values);
  return found;
}

/** What the SDK needs of a query schema here: zod's `safeParse`. */
interface QuerySchema {
  safeParse(
    data: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[] }> } };
}

/** The top-level fields of `query` that `schema` refuses. */
function refused(schema: QuerySchema, query: Record<string, unknown>): Set<string> {
  const result = schema.safeParse(query);
  if (result.success) return new Set();
  return new Set(
    result.error.issues
      .map((issue) => issue.path[0])
      .filter((key): key is string => typeof key === 'string' && Object.hasOwn(query, key)),
  );
}

/**
 * Turns a query string back into the values a query schema expects, so the same schema can
 * validate it: each value is read as text (several values of one name as a list), and a field
 * the schema refuses as text is read as a boolean, a number or a list when the schema takes that.
 * Only the schema's `safeParse` is used. Unknown keys are kept as strings and left for the schema
 * to refuse.
 */
export function decodeQuery(
  schema: QuerySchema | undefined,
  params: URLSearchParams,
  wireNames: Record<string, string> = {},
): Record<string, unknown> {
  const sdkName = Object.fromEntries(Object.entries(wireNames).map(([sdk, wire]) => [wire, sdk]));
  const result: Record<string, unknown> = {};
  const given = new Map<string, string[]>();
  for (const wireName of new Set(params.keys())) {
    const key = sdkName[wireName] ?? wireName;
    const values = params.getAll(wireName);
    given.set(key, values);
    result[key] = values.length > 1 ? values : values[0];
  }
  if (!schema) return result;
  for (const key of refused(schema, result)) {
    const text = result[key];
    const reading = readings(given.get(key) ?? []).find(
      (value) => !refused(schema, { ...result, [key]: value }).has(key),
    );
    result[key] = reading === undefined ? text : reading;
  }
  return result;
}
