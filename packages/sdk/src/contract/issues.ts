/*
 * Request validation issues as the SDK reports them. Without zod (validation.ts checks with it):
 * the SDK's errors carry them, and their public types must not load zod's.
 */

export interface ValidationIssue {
  /** Dotted path of the offending field, e.g. `body.title` or `query.limit`. */
  path: string;
  message: string;
}

export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
}
