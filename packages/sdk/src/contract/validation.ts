import type { ValidationIssue } from './issues.js';
import { zodMessages } from './messages.js';
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
  const result = schema.safeParse(value, { error: zodMessages });
  if (result.success) return { ok: true, value: result.data };
  const issues: ValidationIssue[] = [];
  for (const issue of result.error.issues) {
    const path = [prefix, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? [])
        issues.push({ path: [...path, key].join('.'), message: 'is not a known field' });
      continue;
    }
    const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
    issues.push({ path: path.join('.'), message: missing ? 'is required' : issue.message });
  }
  return { ok: false, issues };
}
