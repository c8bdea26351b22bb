import * as z from 'zod/mini';
import { sample } from 'openapi-sampler';
import type { Operation } from '@docs-api/sdk/contract';

/*
 * Answers built from the operation's schema, as Prism builds them from an OpenAPI document: for
 * the operations the sandbox keeps no state for, every request checked as for any other gets an
 * answer valid under the contract, marked with the `X-Sandbox-Answer: schema` header. The schema
 * is read through zod's public `toJSONSchema` and sampled by Redocly's openapi-sampler; known
 * values of open enums are used, so that `visibility` says `public`, not `string`.
 */

/** The header that marks an answer built from the schema rather than from the sandbox's state. */
export const SCHEMA_ANSWER_HEADER = 'x-sandbox-answer';

type JsonSchema = Record<string, unknown>;

/** zod's JSON Schema, made samplable: open enums as their known values, no free-form extra keys. */
function samplable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(samplable);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === 'knownValues' && Array.isArray(value)) out.enum = value;
    // A loose object's `additionalProperties: {}` would make the sampler invent keys.
    else if (key === 'additionalProperties' && value && typeof value === 'object' && !Object.keys(value).length) continue;
    else out[key] = samplable(value);
  }
  return out;
}

const cache = new WeakMap<object, JsonSchema>();

function jsonSchemaOf(schema: z.ZodMiniType): JsonSchema {
  let json = cache.get(schema);
  if (!json) {
    json = samplable(
      z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', cycles: 'ref', reused: 'ref' }),
    ) as JsonSchema;
    cache.set(schema, json);
  }
  return json;
}

interface Issue {
  path: PropertyKey[];
  code?: string;
  errors?: Issue[][];
}

/** An issue's leaves: a union's are those of every variant, under the union's path. */
function leaves(issue: Issue): Issue[] {
  if (issue.code === 'invalid_union' && issue.errors?.length) {
    return issue.errors.flat().flatMap((inner) => leaves({ ...inner, path: [...issue.path, ...inner.path] }));
  }
  return [issue];
}

/**
 * The sampler stops at a recursive schema (a document's blocks hold blocks) and leaves an item
 * that does not fit; such items are dropped from their list, which the schema allows empty.
 */
function repaired(schema: z.ZodMiniType, value: unknown): unknown {
  for (let round = 0; round < 12; round++) {
    const result = schema.safeParse(value);
    if (result.success) return value;
    const issue = (result.error.issues as Issue[]).flatMap(leaves).find((candidate) => candidate.path.some((key) => typeof key === 'number'));
    if (!issue) return value;
    // The last list index on the path (ES2022, the package's lib, has no findLastIndex).
    let cut = issue.path.length - 1;
    while (cut >= 0 && typeof issue.path[cut] !== 'number') cut -= 1;
    let parent: unknown = value;
    for (const key of issue.path.slice(0, cut)) parent = (parent as Record<PropertyKey, unknown> | undefined)?.[key];
    if (!Array.isArray(parent)) return value;
    parent.splice(issue.path[cut] as number, 1);
  }
  return value;
}

/** Where the sampler stopped at a recursive schema it leaves `null` in a list: the list goes without. */
function withoutNullItems(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== null).map(withoutNullItems);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutNullItems(item)]));
  }
  return value;
}

/** One value valid under `schema`: of a union, the first variant whose sample fits. */
export function sampleOf(schema: z.ZodMiniType): unknown {
  const json = jsonSchemaOf(schema);
  const sampled = (part: JsonSchema) =>
    repaired(
      schema,
      withoutNullItems(sample({ ...part, $defs: json.$defs } as never, { skipNonRequired: false, maxSampleDepth: 12, quiet: true }, json)),
    );
  const variants = (json.anyOf ?? json.oneOf) as JsonSchema[] | undefined;
  if (!Array.isArray(variants)) return sampled(json);
  let first: unknown;
  for (const variant of variants) {
    const value = sampled(variant);
    first ??= value;
    if (schema.safeParse(value).success) return value;
  }
  return first;
}

/**
 * The answer of an operation the sandbox keeps no state for: its response schema sampled; a list
 * has one item and no next page; an object named by the path's last parameter carries that id.
 */
export function schemaAnswer(operation: Operation, params: Record<string, string>): unknown {
  if (!operation.response) return undefined;
  const answer = sampleOf(operation.response as z.ZodMiniType) as Record<string, unknown> | unknown;
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return answer;
  const record = { ...(answer as Record<string, unknown>) };
  if (operation.paginated) delete record.next;
  const last = operation.pathParams.at(-1);
  if (last?.endsWith('Id') && operation.path.endsWith(`{${last}}`) && typeof record.id === 'string' && params[last]) {
    record.id = params[last];
  }
  return record;
}

/** One event of a stream the sandbox keeps no state for. */
export function schemaEvent(operation: Operation): unknown {
  return operation.event ? sampleOf(operation.event as z.ZodMiniType) : {};
}
