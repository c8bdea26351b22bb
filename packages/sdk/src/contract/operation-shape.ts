/*
 * What the SDK's transport reads of a contract operation, declared without zod: the transport's
 * public types (`HttpClient`, `OperationRef`) use it, and a consumer type-checking against them
 * must not load zod's declarations. operation.ts defines the operations, whose zod-typed
 * `Operation` fits this shape.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** One issue of a failed check, as zod gives it. */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  /** The unknown keys, for `unrecognized_keys`. */
  keys?: readonly string[];
}

/** What the SDK needs of a contract schema: a zod (or zod/mini) schema fits. */
export interface ContractSchema {
  safeParse(
    data: unknown,
    params?: { error?: (issue: never) => unknown },
  ): { success: true; data: unknown } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

export interface OperationShape {
  readonly id: string;
  readonly area: string;
  readonly summary: string;
  readonly method: HttpMethod;
  readonly idempotent: boolean;
  readonly path: string;
  readonly status: number;
  readonly paginated?: boolean | undefined;
  /** False for an operation the published document does not have (only the extract; the overlay defines it). */
  readonly inDocument?: boolean | undefined;
  /** Query parameters and body fields (wire names) the published document does not have, only the extract. */
  readonly notInDocument?: { query?: readonly string[]; body?: readonly string[] } | undefined;
  /** False for an operation of the published document that the extract does not list. */
  readonly inExtract?: boolean | undefined;
  readonly pathParams: readonly string[];
  readonly queryWireNames: Record<string, string>;
  /** Path parameters whose value is itself a path (slashes kept, each segment encoded). */
  readonly pathValued?: readonly string[] | undefined;
  /** Path parameters that also take a number (a change request's number). */
  readonly numericParams?: readonly string[] | undefined;
  /**
   * The arguments of the operation's SDK method, in order: `:name` a path parameter, `body`,
   * `query`; a leading `?` marks an optional one. The request options come after them.
   */
  readonly args?: readonly string[] | undefined;
  /** The names of the query's and the body's own fields (for suggestions on a misspelt one). */
  readonly fields?: { readonly query?: readonly string[]; readonly body?: readonly string[] } | undefined;
  /** The answer is a stream of server-sent events, each checked with `event`. */
  readonly stream?: boolean | undefined;
  readonly paramsSchema: ContractSchema;
  readonly query?: ContractSchema | undefined;
  readonly body?: ContractSchema | undefined;
  readonly response?: ContractSchema | undefined;
  readonly event?: ContractSchema | undefined;
}
