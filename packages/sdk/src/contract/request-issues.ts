import { nearest } from '../core/options.js';
import type { ValidationIssue } from './issues.js';
import type { ContractSchema } from './operation-shape.js';

/** zod's error map, as `safeParse` takes it (`zodMessages` of messages.ts, for English). */
export type ErrorMessages = (issue: never) => unknown;

/**
 * Validates one part of a request (`path`, `query` or `body`) and turns zod's issues into
 * messages that name the field, with the messages of `messages`. Without zod's locale: the SDK's
 * http layer loads it only when a check fails (docs/performance.md, browser bundle).
 */
export function requestPartIssues(
  schema: ContractSchema,
  value: unknown,
  prefix: string,
  messages: ErrorMessages | undefined,
  /** The part's own field names, to suggest the one a misspelt key meant. */
  known: readonly string[] = [],
): { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] } {
  const result = schema.safeParse(value, messages ? { error: messages } : undefined);
  if (result.success) return { ok: true, value: result.data };
  const issues: ValidationIssue[] = [];
  for (const issue of result.error.issues) {
    const path = [prefix, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) {
        const near = issue.path.length === 0 ? nearest(key, known) : undefined;
        issues.push({
          path: [...path, key].join('.'),
          message: `is not a known field${near ? ` (did you mean ${near}?)` : ''}`,
        });
      }
      continue;
    }
    const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
    issues.push({ path: path.join('.'), message: missing ? 'is required' : issue.message });
  }
  return { ok: false, issues };
}
