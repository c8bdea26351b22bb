import { z } from 'zod';
import { pathParamNames } from '../core/path.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** `{organizationId: string; siteId: string}` from `/v1/orgs/{organizationId}/sites/{siteId}`. */
export type PathParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParamsOf<Rest>
  : unknown;

type AnySchema = z.ZodType;

export interface OperationSpec<
  Path extends string,
  Query extends AnySchema | undefined,
  Body extends AnySchema | undefined,
  Response extends AnySchema | undefined,
> {
  /** Stable id, `<area>.<verb>`: used by the sandbox's hit counter and the coverage tests. */
  id: string;
  /** The area name as in endpoints.tsv. */
  area: string;
  summary: string;
  method: HttpMethod;
  /**
   * Whether replaying the call after the server may have received it leaves the same state
   * as one call. Declared per operation, never inferred from the method: a PUT that creates
   * (teams) or inserts (glossary) is not, a PATCH that sets fields is. The retry policy reads it.
   */
  idempotent: boolean;
  /** Path template exactly as in the contract. */
  path: Path;
  /** Extra rules for path parameters (by default each is a non-empty string). */
  params?: Partial<Record<keyof PathParamsOf<Path> & string, z.ZodType<string>>>;
  query?: Query;
  /**
   * SDK name to wire name, for query parameters the contract does not name.
   * Kept here so that correcting a guessed name is a one-line change.
   */
  queryWireNames?: Record<string, string>;
  body?: Body;
  /**
   * Query parameters and body fields (wire names) that the extract names and the service's
   * published OpenAPI document does not: kept, sent when the caller gives them, and marked in
   * JSDoc and CLI help (docs/contract-notes.md). The conformance test allows exactly these.
   */
  extractOnly?: { query?: readonly string[]; body?: readonly string[] };
  /** The documented success status. */
  status: number;
  /** Undefined for "no content" answers. */
  response?: Response;
  /** Set when the response is the list envelope: the SDK returns a `PagePromise`. */
  paginated?: boolean;
}

export interface Operation<
  Path extends string = string,
  Query extends AnySchema | undefined = AnySchema | undefined,
  Body extends AnySchema | undefined = AnySchema | undefined,
  Response extends AnySchema | undefined = AnySchema | undefined,
> extends OperationSpec<Path, Query, Body, Response> {
  pathParams: readonly string[];
  paramsSchema: z.ZodObject;
  queryWireNames: Record<string, string>;
}

/** `.` and `..` would change the path once URLs are normalised: no path parameter may be one. */
function safeSegment(rule: z.ZodType<string>): z.ZodType<string> {
  return rule.refine((value) => value !== '.' && value !== '..', 'must not be "." or ".."');
}

/** One endpoint of the contract, as data. */
export function defineOperation<
  const Path extends string,
  Query extends AnySchema | undefined = undefined,
  Body extends AnySchema | undefined = undefined,
  Response extends AnySchema | undefined = undefined,
>(spec: OperationSpec<Path, Query, Body, Response>): Operation<Path, Query, Body, Response> {
  const pathParams = pathParamNames(spec.path);
  const rules = (spec.params ?? {}) as Record<string, z.ZodType<string> | undefined>;
  const paramsSchema = z.strictObject(
    Object.fromEntries(pathParams.map((name) => [name, safeSegment(rules[name] ?? z.string().min(1))])),
  );
  return { ...spec, pathParams, paramsSchema, queryWireNames: spec.queryWireNames ?? {} };
}

export type QueryOf<O> =
  O extends Operation<string, infer Q> ? (Q extends AnySchema ? z.input<Q> : never) : never;
export type BodyOf<O> =
  O extends Operation<string, AnySchema | undefined, infer B>
    ? B extends AnySchema
      ? z.input<B>
      : never
    : never;
export type ResponseOf<O> =
  O extends Operation<string, AnySchema | undefined, AnySchema | undefined, infer R>
    ? R extends AnySchema
      ? z.output<R>
      : void
    : never;
export type ParamsOf<O> = O extends Operation<infer P> ? PathParamsOf<P> : never;
