// From the contract, as everything the sandbox takes from the SDK: never the client's entry point.
import type { ValidationIssue } from '@docs-api/sdk/contract';

/**
 * An error the sandbox answers with. Every error body has one documented shape:
 * `{ "error": { "code": <status>, "message": "...", "issues"?: [{ "path", "message" }] } }`.
 */
export class SandboxError extends Error {
  readonly status: number;
  readonly issues: ValidationIssue[] | undefined;

  constructor(status: number, message: string, issues?: ValidationIssue[]) {
    super(message);
    this.status = status;
    this.issues = issues;
  }

  toBody(): { error: { code: number; message: string; issues?: ValidationIssue[] } } {
    return {
      error: { code: this.status, message: this.message, ...(this.issues ? { issues: this.issues } : {}) },
    };
  }
}

export const notFound = (kind: string, id: string) => new SandboxError(404, `${kind} "${id}" was not found`);
export const badRequest = (message: string) => new SandboxError(400, message);
/** A 400 naming one field, with the same `issues` shape request validation gives. */
export const invalidField = (path: string, message: string) =>
  new SandboxError(400, `Invalid request: ${path}: ${message}`, [{ path, message }]);
export const conflict = (message: string) => new SandboxError(409, message);
