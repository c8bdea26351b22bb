import { nearest } from './nearest.js';
import type { ValidationIssue } from './issues.js';
import type { ContractSchema, SchemaIssue } from './operation-shape.js';

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
  for (const issue of result.error.issues.flatMap((each) => closestBranch(each))) {
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

/** An issue as zod gives it; a union's (`invalid_union`) holds each branch's issues. */
type UnionIssue = SchemaIssue & { readonly errors?: readonly (readonly SchemaIssue[])[] };

/**
 * A union of forms none of which fits, without a discriminant to choose one (zod names the
 * union): the issues of the form that got furthest into the value (its deepest issue; of those,
 * the form with the fewest issues), at their place, so that the error names the field that does not fit rather than
 * the union. A union whose forms all stop at its own level stays one issue naming it.
 */
function closestBranch(issue: SchemaIssue): SchemaIssue[] {
  const branches = (issue as UnionIssue).errors?.filter((branch) => branch.length > 0);
  if (issue.code !== 'invalid_union' || !branches?.length) return [issue];
  const depth = (branch: readonly SchemaIssue[]) => Math.max(...branch.map((each) => each.path.length));
  const rank = (branch: readonly SchemaIssue[]) => depth(branch) * 1000 - branch.length;
  const top = Math.max(...branches.map(rank));
  const best = branches.filter((branch) => rank(branch) === top);
  // Forms that fit equally well but name different fields (a source of a url or a text, given
  // neither): the union itself is the issue.
  const paths = (branch: readonly SchemaIssue[]) => branch.map((each) => each.path.join('.')).join(' ');
  if (depth(best[0]!) === 0 || best.some((branch) => paths(branch) !== paths(best[0]!))) return [issue];
  return best[0]!.flatMap((each) => closestBranch({ ...each, path: [...issue.path, ...each.path] }));
}
