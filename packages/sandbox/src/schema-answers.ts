import { sample } from 'openapi-sampler';
import type { Operation } from '@docs-api/sdk/contract';

/*
 * Answers built from the operation's schema, as Prism builds them from an OpenAPI document: for
 * the operations the sandbox keeps no state for, every request checked as for any other gets an
 * answer valid under the document, marked with the `X-Sandbox-Answer: schema` header. The schemas
 * are the document's own (src/generated/answer-schemas.json, written by the contract's generator
 * with the overlay's patches), sampled by Redocly's openapi-sampler: formats, patterns, lengths
 * and enums come out as the document says. The file loads with the first such answer.
 */

/** The header that marks an answer built from the schema rather than from the sandbox's state. */
export const SCHEMA_ANSWER_HEADER = 'x-sandbox-answer';

type JsonSchema = Record<string, unknown>;

interface AnswerSchemas {
  components: { schemas: Record<string, JsonSchema> };
  operations: Record<string, { answer?: JsonSchema; event?: JsonSchema }>;
}

let schemas: Promise<AnswerSchemas> | undefined;

function answerSchemas(): Promise<AnswerSchemas> {
  schemas ??= import('./generated/answer-schemas.json', { with: { type: 'json' } }).then(
    (module) => module.default as unknown as AnswerSchemas,
  );
  return schemas;
}

interface Issue {
  path: PropertyKey[];
  code?: string;
  errors?: Issue[][];
}

/** What a schema needs of zod's: `safeParse`. */
interface Checkable {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly unknown[] } };
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
 * that does not fit, `{}` or `null`; such items are dropped from their list, which the schema
 * allows empty.
 */
function repaired(schema: Checkable | undefined, value: unknown): unknown {
  const cleaned = withoutUnbuiltItems(value);
  if (!schema) return cleaned;
  for (let round = 0; round < 12; round++) {
    const result = schema.safeParse(cleaned);
    if (result.success) return cleaned;
    const issue = (result.error.issues as Issue[])
      .flatMap(leaves)
      .find((candidate) => candidate.path.some((key) => typeof key === 'number'));
    if (!issue) return cleaned;
    let cut = issue.path.length - 1;
    while (cut >= 0 && typeof issue.path[cut] !== 'number') cut--;
    let parent: unknown = cleaned;
    for (const key of issue.path.slice(0, cut))
      parent = (parent as Record<PropertyKey, unknown> | undefined)?.[key];
    if (!Array.isArray(parent)) return cleaned;
    parent.splice(issue.path[cut] as number, 1);
  }
  return cleaned;
}

/** An item the sampler could not build (`null`, or `{}` where it cut a recursion) is dropped. */
function isUnbuilt(item: unknown): boolean {
  return (
    item === null || (typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length === 0)
  );
}

function withoutUnbuiltItems(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => !isUnbuilt(item)).map(withoutUnbuiltItems);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutUnbuiltItems(item)]));
  }
  return value;
}

/** One value of a document schema: of a union, the first variant whose sample fits `check`. */
function sampled(schema: JsonSchema, document: AnswerSchemas, check: Checkable | undefined): unknown {
  const options = {
    skipNonRequired: false,
    skipReadOnly: false,
    enablePatterns: true,
    maxSampleDepth: 16,
    quiet: true,
  };
  const one = (part: JsonSchema) => repaired(check, sample(part, options, document));
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (!Array.isArray(variants)) return one(schema);
  let first: unknown;
  for (const variant of variants) {
    const value = one(variant);
    first ??= value;
    if (!check || check.safeParse(value).success) return value;
  }
  return first;
}

/**
 * The answer of an operation the sandbox keeps no state for: its document schema sampled; a list
 * has no next page; an object named by the path's last parameter (an id) carries that id.
 */
export async function schemaAnswer(operation: Operation, params: Record<string, string>): Promise<unknown> {
  const document = await answerSchemas();
  const schema = document.operations[operation.id]?.answer;
  if (!schema) return undefined;
  const answer = sampled(schema, document, operation.response);
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return answer;
  const record = { ...(answer as Record<string, unknown>) };
  if (operation.paginated) delete record.next;
  const last = operation.pathParams.at(-1);
  if (
    last?.endsWith('Id') &&
    operation.path.endsWith(`{${last}}`) &&
    typeof record.id === 'string' &&
    params[last]
  ) {
    record.id = params[last];
  }
  return record;
}

/** One event of a stream the sandbox keeps no state for. */
export async function schemaEvent(operation: Operation): Promise<unknown> {
  const document = await answerSchemas();
  const schema = document.operations[operation.id]?.event;
  return schema ? sampled(schema, document, operation.event) : {};
}
