import * as z from 'zod/mini';
import { pathParamNames } from '../core/path.js';
import type { HttpMethod } from './operation-shape.js';

export type { HttpMethod } from './operation-shape.js';

/** `{organizationId: string; siteId: string}` from `/v1/orgs/{organizationId}/sites/{siteId}`. */
export type PathParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParamsOf<Rest>
  : unknown;

type AnySchema = z.ZodMiniType;

/** A schema, or a function that builds it on first use (so that defining the contract is cheap). */
type Deferred<S> = S | (() => S);

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
  params?: Deferred<Partial<Record<keyof PathParamsOf<Path> & string, z.ZodMiniType<string>>>>;
  query?: Deferred<Query>;
  /**
   * SDK name to wire name, for query parameters the contract does not name.
   * Kept here so that correcting a guessed name is a one-line change.
   */
  queryWireNames?: Record<string, string>;
  body?: Deferred<Body>;
  /**
   * Query parameters and body fields (wire names) that the extract names and the service's
   * published OpenAPI document does not: kept, sent when the caller gives them, and marked in
   * JSDoc and CLI help (docs/contract-notes.md). The conformance test allows exactly these.
   */
  extractOnly?: { query?: readonly string[]; body?: readonly string[] };
  /**
   * Set on an operation taken from the service's published OpenAPI document that the extract's
   * endpoint list does not have (e.g. change request reviews): marked in JSDoc, CLI help and
   * docs/contract-notes.md, and left out of the extract's endpoint count.
   */
  beyondExtract?: boolean;
  /** The documented success status. */
  status: number;
  /** Undefined for "no content" answers. */
  response?: Deferred<Response>;
  /** Set when the response is the list envelope: the SDK returns a `PagePromise`. */
  paginated?: boolean;
}

export interface Operation<
  Path extends string = string,
  Query extends AnySchema | undefined = AnySchema | undefined,
  Body extends AnySchema | undefined = AnySchema | undefined,
  Response extends AnySchema | undefined = AnySchema | undefined,
> {
  readonly id: string;
  readonly area: string;
  readonly summary: string;
  readonly method: HttpMethod;
  readonly idempotent: boolean;
  readonly path: Path;
  readonly status: number;
  readonly paginated?: boolean | undefined;
  readonly extractOnly?: { query?: readonly string[]; body?: readonly string[] } | undefined;
  /** True for an operation of the published document that the extract does not list. */
  readonly beyondExtract?: boolean | undefined;
  /** The names of the path parameters, in order. */
  readonly pathParams: readonly string[];
  readonly queryWireNames: Record<string, string>;
  /** The path parameters' schema (built on first read). */
  readonly paramsSchema: z.ZodMiniObject;
  /** The query's schema (built on first read). */
  readonly query?: Query;
  /** The body's schema (built on first read). */
  readonly body?: Body;
  /** The success answer's schema (built on first read); undefined for "no content" answers. */
  readonly response?: Response;
}

/** `.` and `..` would change the path once URLs are normalised: no path parameter may be one. */
const notDotSegment = (value: string) => value !== '.' && value !== '..';

const resolve = <S>(value: Deferred<S> | undefined): S | undefined =>
  typeof value === 'function' ? (value as () => S)() : value;

/**
 * One endpoint of the contract, as data. Its schemas are built when first read, so the
 * contract's modules cost next to nothing to load.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineOperation<
  const Path extends string,
  Query extends AnySchema | undefined = undefined,
  Body extends AnySchema | undefined = undefined,
  Response extends AnySchema | undefined = undefined,
>(spec: OperationSpec<Path, Query, Body, Response>): Operation<Path, Query, Body, Response> {
  const pathParams = pathParamNames(spec.path);
  const schemas: { params?: z.ZodMiniObject; query?: Query; body?: Body; response?: Response } = {};
  const once = <K extends keyof typeof schemas>(key: K, build: () => (typeof schemas)[K]) =>
    key in schemas ? schemas[key] : (schemas[key] = build());
  const operation = {
    id: spec.id,
    area: spec.area,
    summary: spec.summary,
    method: spec.method,
    idempotent: spec.idempotent,
    path: spec.path,
    status: spec.status,
    paginated: spec.paginated,
    extractOnly: spec.extractOnly,
    beyondExtract: spec.beyondExtract,
    pathParams,
    queryWireNames: spec.queryWireNames ?? {},
    get paramsSchema() {
      return once('params', () => {
        const rules = (resolve(spec.params) ?? {}) as Record<string, z.ZodMiniType<string> | undefined>;
        return z.strictObject(
          Object.fromEntries(
            pathParams.map((name) => [
              name,
              (rules[name] ?? z.string().check(z.minLength(1))).check(
                z.refine(notDotSegment, 'must not be "." or ".."'),
              ),
            ]),
          ),
        );
      })!;
    },
    get query() {
      return once('query', () => resolve(spec.query));
    },
    get body() {
      return once('body', () => resolve(spec.body));
    },
    get response() {
      return once('response', () => resolve(spec.response));
    },
  };
  return operation as Operation<Path, Query, Body, Response>;
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
