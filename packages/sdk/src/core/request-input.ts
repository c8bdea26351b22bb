import type { ContractSchema, OperationShape as Operation } from '../contract/operation-shape.js';
import { encodeQuery } from '../contract/query.js';
import { requestPartIssues } from '../contract/request-issues.js';
import { loadZodMessages } from './answer.js';
import type { SendSpec } from './call.js';
import { RequestValidationError, type ValidationIssue } from './errors.js';
import { expandPath } from './path.js';

/*
 * An operation's inputs checked with its zod schemas before anything is sent, and turned into
 * what the call sends: the path with its parameters encoded, the query in its wire form, the body.
 */

/** Inputs of one operation call, before validation. */
export interface OperationInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  /** Fields sent beside the checked body (`RequestOptions.extraBody`): the caller's to get right. */
  extraBody?: Record<string, unknown> | undefined;
}

/** What zod reads of one part, or undefined when it does not fit. */
function parsed(schema: ContractSchema, value: unknown): { value: unknown } | undefined {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : undefined;
}

/**
 * What the call sends for `operation` given `input`. Synchronous when the inputs fit; a promise
 * rejected with the `RequestValidationError` naming every problem when they do not.
 */
export function requestFor(operation: Operation, input: OperationInput): SendSpec | Promise<never> {
  const params = parsed(operation.paramsSchema, input.params ?? {});
  const query = operation.query ? parsed(operation.query, input.query ?? {}) : { value: undefined };
  const body = operation.body ? parsed(operation.body, input.body ?? {}) : { value: undefined };
  if (!params || !query || !body) return invalidRequest(operation, input);
  return {
    label: operation.id,
    method: operation.method,
    path: expandPath(operation.path, params.value as Record<string, unknown>, operation.pathValued),
    search:
      query.value === undefined
        ? undefined
        : encodeQuery(query.value as Record<string, unknown>, operation.queryWireNames),
    body:
      input.extraBody && body.value && typeof body.value === 'object'
        ? { ...(body.value as Record<string, unknown>), ...input.extraBody }
        : body.value,
    response: operation.response,
    idempotent: operation.idempotent,
    rawJson: false,
  };
}

/**
 * The `RequestValidationError` of a call whose inputs do not fit: each part is checked again
 * with zod's English messages, loaded now (the first time a check fails).
 */
async function invalidRequest(operation: Operation, input: OperationInput): Promise<never> {
  const messages = await loadZodMessages();
  const issues: ValidationIssue[] = [];
  const parts: Array<[string, ContractSchema | undefined, unknown, readonly string[]]> = [
    ['path', operation.paramsSchema, input.params ?? {}, operation.pathParams],
    ['query', operation.query, input.query ?? {}, operation.fields?.query ?? []],
    ['body', operation.body, input.body ?? {}, operation.fields?.body ?? []],
  ];
  for (const [prefix, schema, value, known] of parts) {
    const result = schema ? requestPartIssues(schema, value, prefix, messages, known) : undefined;
    if (result && !result.ok) issues.push(...result.issues);
  }
  throw new RequestValidationError(operation.id, issues);
}
