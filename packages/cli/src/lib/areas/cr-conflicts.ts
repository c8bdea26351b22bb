import type { ConflictError, MergeConflictError } from '@docs-api/sdk';

/**
 * A refusal of the service (HTTP 409, `reason` saying why), and when it is one, a merge or an
 * update that answered conflicts (`merged`, `revision`), as the SDK throws them.
 */
export interface Conflict {
  error: ConflictError;
  merge: MergeConflictError | undefined;
}

/** `error` as a conflict; none for any other error. Loads the SDK's error classes (sdk-errors.ts). */
export async function asConflict(error: unknown): Promise<Conflict | undefined> {
  const { ConflictError, MergeConflictError } = await import('../../sdk-errors.js');
  if (!(error instanceof ConflictError)) return undefined;
  return { error, merge: error instanceof MergeConflictError ? error : undefined };
}

/**
 * What `--json` prints when a merge or an update did not go through: an error result a script
 * tells apart by its `error` field (never a success's `result`), `reason` to switch on.
 */
export function conflictResult(
  { error, merge }: Conflict,
  message: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    error: {
      reason: error.reason,
      message,
      ...(merge
        ? { operation: merge.operation, merged: merge.merged, revision: merge.revision }
        : { status: error.status }),
      ...(error.requestId ? { requestId: error.requestId } : {}),
    },
    ...extra,
  };
}
