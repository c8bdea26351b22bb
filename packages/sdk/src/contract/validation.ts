import type { ValidationIssue } from './issues.js';
import { zodMessages } from './messages.js';
import { requestPartIssues } from './request-issues.js';
import type { ContractSchema } from './operation-shape.js';

export { describeIssues, type ValidationIssue } from './issues.js';

/**
 * Validates one part of a request (`path`, `query` or `body`) and turns zod's issues into
 * messages that name the field. Shared by the SDK (before sending) and the sandbox (on receipt).
 */
export function checkRequestPart(
  schema: ContractSchema,
  value: unknown,
  prefix: string,
): { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] } {
  return requestPartIssues(schema, value, prefix, zodMessages);
}
