import * as z from 'zod/mini';
import type { HttpMethod, OperationShape } from './operation-shape.js';
import type { QueryKind } from './query.js';
import type { Schema } from './schema.js';

export type { HttpMethod } from './operation-shape.js';

/** `{organizationId: string; siteId: string}` from `/v1/orgs/{organizationId}/sites/{siteId}`. */
export type PathParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParamsOf<Rest>
  : unknown;

/**
 * The declared types of one operation (generated/operation-types.ts): what its path parameters, query and
 * body are, and what it answers. The schemas check the same data at run time.
 */
export interface OperationIO {
  params: object;
  query: object | undefined;
  body: unknown;
  response: unknown;
  item?: unknown;
  event?: unknown;
}

/** A schema, or a function that builds it on first use (so that defining the contract is cheap). */
type Deferred<S> = S | (() => S);

/** One operation as written in a generated module (scripts/contract/emit.mjs). */
export interface OperationSpec {
  /** The document's operationId (`listSites`): the operation's public id. */
  id: string;
  /** The SDK's name, `<resource>.<method>` (`sites.list`); also accepted wherever an id is. */
  name: string;
  /** The extract's area (endpoints.tsv) for the endpoints it lists, else the document's tag. */
  area: string;
  summary: string;
  method: HttpMethod;
  path: string;
  status: number;
  /**
   * Whether replaying the call after the server may have received it leaves the same state as
   * one call: by method, unless the overlay says otherwise (a PUT that creates is not). The retry
   * policy reads it.
   */
  idempotent: boolean;
  paginated?: boolean;
  /** The answer is a stream of server-sent events (`event` is one event's schema). */
  stream?: boolean;
  deprecated?: boolean;
  /** False for an operation the published document does not have (only the extract; the overlay defines it). */
  inDocument?: boolean;
  /** False for an operation the extract does not list (only the published document). */
  inExtract?: boolean;
  /** Query parameters and body fields the published document does not have, only the extract (wire names). */
  notInDocument?: { query?: readonly string[]; body?: readonly string[] };
  /** Path parameters whose value is itself a path: slashes kept, each segment encoded. */
  pathValued?: readonly string[];
  /** Path parameters that also take a number (a change request's number). */
  numericParams?: readonly string[];
  /** The SDK method's arguments (`:organizationId`, `?query`): see OperationShape. */
  args?: readonly string[];
  /** The query's and the body's own field names. */
  fields?: { query?: readonly string[]; body?: readonly string[] };
  /** How the sandbox reads query values back from a query string (others are strings). */
  queryKinds?: Readonly<Record<string, QueryKind>>;
  params?: Deferred<Record<string, Schema>>;
  query?: Deferred<Schema>;
  body?: Deferred<Schema>;
  response?: Deferred<Schema>;
  event?: Deferred<Schema>;
}

export interface Operation<IO extends OperationIO = OperationIO> extends OperationShape {
  readonly name: string;
  readonly stream?: boolean | undefined;
  readonly deprecated?: boolean | undefined;
  readonly pathValued: readonly string[];
  readonly numericParams: readonly string[];
  readonly queryKinds: Readonly<Record<string, QueryKind>>;
  /** The path parameters' schema (built on first read). */
  readonly paramsSchema: Schema;
  readonly query?: Schema | undefined;
  readonly body?: Schema | undefined;
  readonly response?: Schema | undefined;
  /** One event's schema, for a stream. */
  readonly event?: Schema | undefined;
  /** Types only: never set. */
  readonly __types?: IO;
}

/** `.` and `..` would change the path once URLs are normalised: no path parameter may be one. */
const notDotSegment = (value: string) => value !== '.' && value !== '..';

/** A path-valued parameter (`guides/setup`): no empty, `.` or `..` segment. */
const safePath = (value: string) =>
  value.split('/').every((segment) => segment !== '' && notDotSegment(segment));

const resolve = <S>(value: Deferred<S> | undefined): S | undefined =>
  typeof value === 'function' ? (value as () => S)() : value;

/**
 * One operation of the contract, as data. Its schemas are built when first read, so the
 * contract's modules cost next to nothing to load.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineOperation<IO extends OperationIO>(spec: OperationSpec): Operation<IO> {
  const pathParams = [...spec.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const built = new Map<string, Schema | undefined>();
  const once = (key: string, build: () => Schema | undefined) => {
    if (!built.has(key)) built.set(key, build());
    return built.get(key);
  };
  const pathValued = spec.pathValued ?? [];
  const operation = {
    id: spec.id,
    name: spec.name,
    area: spec.area,
    summary: spec.summary,
    method: spec.method,
    idempotent: spec.idempotent,
    path: spec.path,
    status: spec.status,
    paginated: spec.paginated,
    stream: spec.stream,
    deprecated: spec.deprecated,
    inDocument: spec.inDocument,
    notInDocument: spec.notInDocument,
    inExtract: spec.inExtract,
    pathParams,
    pathValued,
    numericParams: spec.numericParams ?? [],
    args: spec.args ?? [],
    fields: spec.fields,
    queryKinds: spec.queryKinds ?? {},
    queryWireNames: {},
    get paramsSchema(): Schema {
      return once('params', () => {
        const rules = resolve(spec.params) ?? {};
        return z.strictObject(
          Object.fromEntries(
            pathParams.map((name) => {
              const base =
                (rules[name] as z.ZodMiniType<string> | undefined) ?? z.string().check(z.minLength(1));
              return [
                name,
                pathValued.includes(name)
                  ? base.check(z.refine(safePath, 'must be a path without empty, "." or ".." segments'))
                  : base.check(z.refine(notDotSegment, 'must not be "." or ".."')),
              ];
            }),
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
    get event() {
      return once('event', () => resolve(spec.event));
    },
  };
  return operation;
}

/** An operation's declared types. */
export type IOOf<O> = O extends Operation<infer IO> ? IO : never;
export type QueryOf<O> = NonNullable<IOOf<O>['query']>;
export type BodyOf<O> = IOOf<O>['body'];
export type ResponseOf<O> = IOOf<O>['response'] extends undefined ? void : IOOf<O>['response'];
export type ParamsOf<O> = IOOf<O>['params'];
