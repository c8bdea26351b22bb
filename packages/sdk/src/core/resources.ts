import type { OperationShape } from '../contract/operation-shape.js';
import type { ClientResources } from '../generated/api.js';
import type { ApiPromise, WithResponse } from './api-promise.js';
import type { EventStream } from './event-stream.js';
import type { HttpClient, OperationInput, RequestOptions } from './http.js';
import type { PagePromise } from './pagination.js';
import type { MethodEntry, ResourceIndex, ResourceTable } from './resource-table.js';

/*
 * The client's resources (`client.sites`, `client.sites.shareLinks`) are built from data: the
 * generated index says which resources exist and which methods answer pages or events; a
 * resource's table (its methods and how their arguments map to operations) is loaded on its
 * first call, and each operation on its own first call. So `new DocsClient()` builds no class per
 * resource, and an app that lists sites loads the code of listing sites and nothing else.
 *
 * A method's types are declared in generated/api.ts from the same operations, so a wrong name or
 * argument is a compile error; at run time a wrong name is a TypeError naming the nearest one.
 */

/** A hand-written method beside the generated ones (resources/extensions.ts). */
export interface Extension {
  /** `promise`: any promise (a waiter); `call`: one answer, as an `ApiPromise`. */
  kind: 'promise' | 'call';
  load: () => Promise<ExtensionFunction>;
}

/**
 * An extension's code: it gets the resources (to call other methods) and the call's arguments.
 * A `call` extension resolves to the answer with its response (`withResponse()`).
 */
export type ExtensionFunction = (context: ExtensionContext, ...args: unknown[]) => unknown;

export interface ExtensionContext {
  /** The client's resources, as the caller sees them. */
  readonly resources: ClientResources;
  readonly http: HttpClient;
  /** Calls a generated method by path (`changeRequests.merge`), bypassing any extension of it. */
  generated(path: string, args: readonly unknown[]): unknown;
}

/**
 * The implementations of a resource's hand-written methods, checked against the methods its
 * interface declares: each takes the context first; one declared to give an `ApiPromise` resolves
 * to the answer with its response.
 */
export type ExtensionImplementations<I> = {
  [K in keyof I]: I[K] extends (...args: infer A) => ApiPromise<infer T>
    ? (context: ExtensionContext, ...args: A) => Promise<WithResponse<T>>
    : I[K] extends (...args: infer A) => infer R
      ? (context: ExtensionContext, ...args: A) => R
      : never;
};

/** How one call of a method was resolved: its operation and the inputs taken from its arguments. */
export interface ResolvedCall {
  operation: OperationShape;
  input: OperationInput;
  options: RequestOptions | undefined;
}

/** Names a resource answers for itself rather than as a method. */
const NOT_METHODS = new Set(['then', 'catch', 'finally', 'toJSON', 'constructor', 'valueOf', 'toString']);

export class Resources {
  readonly #http: HttpClient;
  readonly #index: ResourceIndex;
  readonly #extensions: Readonly<Record<string, Extension>>;
  readonly #tables = new Map<string, Promise<ResourceTable>>();
  readonly #proxies = new Map<string, object>();
  /** The top-level resources, as `client.<name>` gives them. */
  readonly root: Record<string, unknown> = {};

  constructor(http: HttpClient, index: ResourceIndex, extensions: Readonly<Record<string, Extension>>) {
    this.#http = http;
    this.#index = index;
    this.#extensions = extensions;
    for (const name of Object.keys(index.tables)) {
      Object.defineProperty(this.root, name, { enumerable: true, get: () => this.resource(name) });
    }
  }

  /** The resource at `path` (`sites`, `sites.shareLinks`), built once. */
  resource(path: string): object {
    let proxy = this.#proxies.get(path);
    if (!proxy) {
      proxy = new Proxy(Object.create(null) as object, {
        get: (_target, property) => this.#member(path, property),
        has: (_target, property) => typeof property === 'string' && this.#index.children.has(`${path}.${property}`),
        ownKeys: () => [],
        getOwnPropertyDescriptor: () => undefined,
        set: () => false,
      });
      this.#proxies.set(path, proxy);
    }
    return proxy;
  }

  #member(path: string, property: string | symbol): unknown {
    if (typeof property === 'symbol') {
      if (property === Symbol.toStringTag) return `Resource ${path}`;
      if (property === Symbol.for('nodejs.util.inspect.custom')) return () => `[Resource client.${path}]`;
      return undefined;
    }
    // `await client.sites` must not take the resource for a promise.
    if (NOT_METHODS.has(property)) return property === 'toJSON' ? () => `client.${path}` : undefined;
    const full = `${path}.${property}`;
    if (this.#index.children.has(full)) return this.resource(full);
    return (...args: unknown[]) => this.call(path, property, args);
  }

  /** Calls `client.<path>.<name>(...args)`: an extension if there is one, else the operation. */
  call(path: string, name: string, args: readonly unknown[], bypassExtension = false): unknown {
    const full = `${path}.${name}`;
    const extension = bypassExtension ? undefined : this.#extensions[full];
    const site = this.#http.callSite();
    if (extension) return this.#callExtension(extension, args, site);
    const resolve = () => this.#resolve(path, name, args);
    switch (this.#index.kinds[full]) {
      case 'list':
        return this.#http.listResolved(resolve, site) satisfies PagePromise<unknown>;
      case 'stream':
        return this.#http.streamResolved(resolve, site) satisfies EventStream<unknown>;
      default:
        return this.#http.callResolved(resolve, site) satisfies ApiPromise<unknown>;
    }
  }

  #callExtension(extension: Extension, args: readonly unknown[], site: object): unknown {
    const context: ExtensionContext = {
      resources: this.root as unknown as ClientResources,
      http: this.#http,
      generated: (target, targetArgs) => {
        const dot = target.lastIndexOf('.');
        return this.call(target.slice(0, dot), target.slice(dot + 1), targetArgs, true);
      },
    };
    const run = async () => (await extension.load())(context, ...args);
    switch (extension.kind) {
      case 'call':
        return this.#http.callExtension(run as () => Promise<never>, site);
      default:
        return run();
    }
  }

  async #resolve(path: string, name: string, args: readonly unknown[]): Promise<ResolvedCall> {
    const entry = await this.#method(path, name);
    const operation = await entry.operation();
    return { operation, ...splitArguments(`${path}.${name}`, entry, operation, args) };
  }

  async #method(path: string, name: string): Promise<MethodEntry> {
    const table = await this.#table(path);
    const entry = Object.hasOwn(table.methods, name) ? table.methods[name] : undefined;
    if (!entry) {
      const known = [...Object.keys(table.methods), ...Object.keys(table.resources)];
      const near = nearest(name, known);
      throw new TypeError(
        `client.${path}.${name} is not a method${near ? ` (did you mean ${near}?)` : ''}; client.${path} has ${known.join(', ')}`,
      );
    }
    return entry;
  }

  #table(path: string): Promise<ResourceTable> {
    let table = this.#tables.get(path);
    if (!table) {
      const dot = path.lastIndexOf('.');
      table =
        dot < 0
          ? this.#index.tables[path]!()
          : this.#table(path.slice(0, dot)).then((parent) => parent.resources[path.slice(dot + 1)]!());
      // A failed load (a chunk the network dropped) is tried again on the next call.
      table.catch(() => this.#tables.delete(path));
      this.#tables.set(path, table);
    }
    return table;
  }
}

/**
 * Maps a method's positional arguments to its operation's inputs: path parameters by name
 * (a number where the operation takes one, e.g. a change request's), then the body and the query,
 * then the request options.
 */
export function splitArguments(
  method: string,
  entry: Pick<MethodEntry, 'args'>,
  operation: Pick<OperationShape, 'numericParams'>,
  args: readonly unknown[],
): { input: OperationInput; options: RequestOptions | undefined } {
  const params: Record<string, unknown> = {};
  const input: OperationInput = { params };
  const declared = entry.args;
  if (args.length > declared.length + 1) {
    throw new TypeError(
      `client.${method}() takes ${declared.length + 1} arguments at most (${[...declared.map((arg) => arg.replace(/^[?:]+/, '')), 'options'].join(', ')}); got ${args.length}`,
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
    } else if (name === 'query') {
      if (value !== undefined) input.query = value as Record<string, unknown>;
    }
  });
  return { input, options: args[declared.length] as RequestOptions | undefined };
}

/** The known name nearest to a misspelt one, if one is close. */
export function nearest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
