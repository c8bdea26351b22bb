import type { OperationShape } from '../contract/operation-shape.js';
import type { ClientResources } from '../generated/api.js';
import { ApiPromise, type WithResponse } from './api-promise.js';
import type { CallSite } from './call-site.js';
import type { HttpClient, OperationInput, RequestOptions } from './http.js';
import { LazyCall, type Boxed } from './lazy-call.js';
import { nearest } from './options.js';
import { deferredPages, type PagePromise } from './pagination.js';

/*
 * The client's resources (`client.sites`, `client.sites.shareLinks`) are built from data, not
 * classes: the client knows only its top-level resources and how to load each one's table
 * (generated/areas.ts); a table (generated/resources/*.ts) names the resource's methods, its
 * sub-resources and its hand-written methods, and is loaded on the resource's first call; each
 * method's operation is loaded on its own first call. So `new DocsClient()` builds nothing per
 * resource, and an app that lists sites loads the code of listing sites and nothing else.
 *
 * A method's types are declared in generated/api.ts from the same operations, so a wrong name or
 * argument is a compile error; at run time a wrong name is a TypeError naming the nearest one.
 */

/** A resource's table: its methods, sub-resources and hand-written methods, each loaded on use. */
export interface ResourceTable {
  /** Each loads the module of an operation (its default export). */
  methods: Readonly<Record<string, () => Promise<{ default: OperationShape }>>>;
  /** Each loads the module of a sub-resource's table (its default export). */
  resources: Readonly<Record<string, () => Promise<{ default: ResourceTable }>>>;
  extensions?: Readonly<Record<string, () => Promise<ExtensionFunction>>>;
}

/** A hand-written method (packages/sdk/src/resources): the context, then the call's arguments. */
export type ExtensionFunction = (context: ExtensionContext, ...args: never[]) => unknown;

export interface ExtensionContext {
  /** The client's resources, as the caller sees them. */
  readonly resources: ClientResources;
  /** An answer worked out by the method itself, as the `ApiPromise` its callers expect. */
  readonly answer: <T>(result: Promise<WithResponse<T>>) => ApiPromise<T>;
  /** Calls a generated method by path (`changeRequests.update`), not the hand-written one of that name. */
  readonly generated: (path: string, args: readonly unknown[]) => unknown;
}

/**
 * The implementations of a resource's hand-written methods, checked against the methods its
 * interface declares: each takes the context, then the method's own arguments.
 */
export type ExtensionImplementations<I> = {
  [K in keyof I]: I[K] extends (...args: infer A) => infer R
    ? (context: ExtensionContext, ...args: A) => R
    : never;
};

/** Names a resource answers for itself rather than as a method or a sub-resource. */
const NOT_MEMBERS = new Set([
  'then',
  'catch',
  'finally',
  'toJSON',
  'constructor',
  'valueOf',
  'toString',
  'prototype',
]);

export class Resources {
  readonly #http: HttpClient;
  readonly #tables: Readonly<Record<string, () => Promise<{ default: ResourceTable }>>>;
  /** The methods that answer pages, by path (`sites.list`): their calls are PagePromises at once. */
  readonly #paginated: ReadonlySet<string>;
  readonly #loaded = new Map<string, Promise<ResourceTable>>();
  readonly #proxies = new Map<string, object>();
  readonly #context: ExtensionContext;

  constructor(
    http: HttpClient,
    tables: Readonly<Record<string, () => Promise<{ default: ResourceTable }>>>,
    paginated: ReadonlySet<string> = new Set(),
  ) {
    this.#http = http;
    this.#tables = tables;
    this.#paginated = paginated;
    const root: Record<string, unknown> = {};
    for (const name of Object.keys(tables)) {
      Object.defineProperty(root, name, { enumerable: true, get: () => this.resource(name) });
    }
    this.#context = {
      resources: root as unknown as ClientResources,
      answer: (result) => new ApiPromise(result),
      generated: (target, args) => {
        const dot = target.lastIndexOf('.');
        return this.#call(target.slice(0, dot), target.slice(dot + 1), args, this.#http.callSite(), false);
      },
    };
  }

  /**
   * The member at `path` (`sites`, `sites.shareLinks`, `sites.list`): callable, as a method, and
   * with members of its own, as a resource; which it is is known when its table is loaded.
   */
  resource(path: string): object {
    let proxy = this.#proxies.get(path);
    if (!proxy) {
      const dot = path.lastIndexOf('.');
      const call = (...args: unknown[]) =>
        this.#call(path.slice(0, dot), path.slice(dot + 1), args, this.#http.callSite(), true);
      proxy = new Proxy(call, {
        get: (_target, property) => this.#member(path, property),
        apply: (_target, _this, args: unknown[]) => call(...args),
        set: () => false,
      });
      this.#proxies.set(path, proxy);
    }
    return proxy;
  }

  #member(path: string, property: string | symbol): unknown {
    if (typeof property === 'symbol') {
      if (property === Symbol.toStringTag) return 'Resource';
      if (property === Symbol.for('nodejs.util.inspect.custom')) return () => `[client.${path}]`;
      return undefined;
    }
    // `await client.sites` must not take the resource for a promise.
    if (NOT_MEMBERS.has(property)) return property === 'toJSON' ? () => `client.${path}` : undefined;
    return this.resource(`${path}.${property}`);
  }

  /** Calls `client.<path>.<name>(...args)`: the hand-written method if there is one, else the operation. */
  #call(
    path: string,
    name: string,
    args: readonly unknown[],
    site: CallSite,
    extensions: boolean,
  ): LazyCall | PagePromise<unknown> {
    const dispatched = this.#dispatch(path, name, args, site, extensions).catch((error: unknown) => {
      throw this.#http.withCallSite(error, site);
    });
    // A list method's call is a PagePromise, as its declared type says, before its operation is loaded.
    if (this.#paginated.has(`${path}.${name}`))
      return deferredPages(dispatched as Promise<{ call: PagePromise<unknown> }>);
    return new LazyCall(dispatched);
  }

  /**
   * The loaded method's own call (an `ApiPromise`, `PagePromise`, `EventStream`, or a waiter's
   * promise), boxed: an async function returning a promise-like would wait for it.
   */
  async #dispatch(
    path: string,
    name: string,
    args: readonly unknown[],
    site: CallSite,
    extensions: boolean,
  ): Promise<Boxed> {
    if (!path) throw new TypeError(`client.${name} is a resource, not a method`);
    const table = await this.#table(path);
    const extension = extensions ? table.extensions?.[name] : undefined;
    if (extension) return { call: (await extension())(this.#context, ...(args as never[])) as object };
    const load = Object.hasOwn(table.methods, name) ? table.methods[name] : undefined;
    if (!load) throw unknownMember(path, name, table);
    const operation = (await load()).default;
    const { input, options } = splitArguments(`${path}.${name}`, operation, args);
    if (operation.paginated) return { call: this.#http.list(operation, input, options, site) };
    if (operation.stream) return { call: this.#http.stream(operation, input, options, site) };
    return { call: this.#http.call(operation, input, options, site) };
  }

  #table(path: string): Promise<ResourceTable> {
    let table = this.#loaded.get(path);
    if (!table) {
      const dot = path.lastIndexOf('.');
      const parentPath = path.slice(0, dot);
      const name = path.slice(dot + 1);
      const load: () => Promise<{ default: ResourceTable }> =
        dot < 0
          ? (this.#tables[path] ??
            (() => Promise.reject(unknownMember('', path, { methods: {}, resources: this.#tables }))))
          : () =>
              this.#table(parentPath).then((parent) => {
                const child = Object.hasOwn(parent.resources, name) ? parent.resources[name] : undefined;
                if (!child) throw unknownMember(parentPath, name, parent);
                return child();
              });
      table = load().then((module) => module.default);
      // A failed load (a chunk the network dropped) is tried again on the next call.
      table.catch(() => this.#loaded.delete(path));
      this.#loaded.set(path, table);
    }
    return table;
  }
}

function unknownMember(
  path: string,
  name: string,
  table: Pick<ResourceTable, 'methods' | 'resources'>,
): TypeError {
  const known = [...Object.keys(table.methods), ...Object.keys(table.resources)];
  const near = nearest(name, known);
  const where = path ? `client.${path}` : 'client';
  return new TypeError(
    `${where}.${name} is not a method or a resource${near ? ` (did you mean ${near}?)` : ''}; ${where} has ${known.join(', ')}`,
  );
}

/**
 * Maps a method's positional arguments to its operation's inputs (`args`: `:name` a path
 * parameter, `body`, `query`, a leading `?` for an optional one): path parameters by name (a
 * number where the operation takes one, e.g. a change request's), the body and the query, then
 * the request options.
 */
export function splitArguments(
  method: string,
  operation: Pick<OperationShape, 'args' | 'numericParams'>,
  args: readonly unknown[],
): { input: OperationInput; options: RequestOptions | undefined } {
  const params: Record<string, unknown> = {};
  const input: OperationInput = { params };
  const declared = operation.args ?? [];
  if (args.length > declared.length + 1) {
    const names = [...declared.map((arg) => arg.replace(/^[?:]+/, '')), 'options'];
    throw new TypeError(
      `client.${method}() takes ${names.length} arguments at most (${names.join(', ')}); got ${args.length}`,
    );
  }
  declared.forEach((spec, index) => {
    const value = args[index];
    const name = spec.replace(/^\?/, '');
    if (name.startsWith(':')) {
      const param = name.slice(1);
      params[param] =
        typeof value === 'number' && operation.numericParams?.includes(param) ? String(value) : value;
    } else if (name === 'body') {
      if (value !== undefined) input.body = value;
    } else if (value !== undefined) {
      input.query = value as Record<string, unknown>;
    }
  });
  return { input, options: args[declared.length] as RequestOptions | undefined };
}
