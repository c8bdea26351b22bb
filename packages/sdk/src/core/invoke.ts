import type { OperationRef } from '../contract/operation-entry.js';
import type { OperationShape } from '../contract/operation-shape.js';
import { ApiPromise } from './api-promise.js';
import { callSite, withCallSite, type CallSite } from './call-site.js';
import { RequestValidationError } from './errors.js';
import type { EventStream } from './event-stream.js';
import type { HttpClient, OperationInput, RequestOptions } from './http.js';
import { deferredPages, type PagePromise } from './pagination.js';

/*
 * How a resource method (generated/resources/*.ts) and `client.call` reach the transport: by the
 * operation's entry in its resource's table (its kind, arguments and loader). The operation's
 * module, its schemas, loads on the first call (through the resource's loader chunk); until it has, the call is already the
 * `ApiPromise`, `PagePromise` or `EventStream` its kind says, so `instanceof` holds at once.
 * Once loaded, a call goes straight to the transport.
 */

/** What a call answers, by its operation's kind. */
export type Answer = ApiPromise<unknown> | PagePromise<unknown> | EventStream<unknown>;

const INPUT_PARTS = new Set(['params', 'query', 'body']);

export class Invoker {
  readonly #http: HttpClient;
  /** Operations loaded so far, by id. */
  readonly #loaded = new Map<string, OperationShape>();
  readonly #loading = new Map<string, Promise<OperationShape>>();

  constructor(http: HttpClient) {
    this.#http = http;
  }

  /**
   * A resource method's call: its positional arguments (path parameters, body, query, as the
   * entry's `args` says), then the request options.
   */
  method(entry: OperationRef, args: readonly unknown[], options?: RequestOptions): Answer {
    return this.#invoke(entry, (operation) => inputOf(operation, args), options, callSite());
  }

  /** `client.call(id, { params, query, body }, options)`: the same call, its inputs by name. */
  call(entry: OperationRef, input: unknown, options?: RequestOptions): Answer {
    const site = callSite();
    if (input !== undefined && (input === null || typeof input !== 'object' || Array.isArray(input))) {
      return this.#failed(
        entry,
        new TypeError(`client.call(${entry.id}): the input must be { params, query, body }`),
        site,
      );
    }
    const given = (input ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(given).filter((part) => !INPUT_PARTS.has(part));
    if (unknown.length) {
      const issues = unknown.map((part) => ({ path: part, message: 'is not params, query or body' }));
      return this.#failed(entry, new RequestValidationError(entry.id, issues), site);
    }
    const { params, query, body } = given;
    const parts: OperationInput = { params: (params ?? {}) as Record<string, unknown> };
    if (query !== undefined) parts.query = query as Record<string, unknown>;
    if (body !== undefined) parts.body = body;
    return this.#invoke(entry, () => parts, options, site);
  }

  /** `input` gives the call's inputs from the operation (a method's by the module's `args`). */
  #invoke(
    entry: OperationRef,
    input: (operation: OperationShape) => OperationInput,
    options: RequestOptions | undefined,
    site: CallSite,
  ): Answer {
    const http = this.#http;
    const loaded = this.#loaded.get(entry.id);
    if (loaded) {
      const sent = numericParams(loaded, input(loaded));
      if (entry.kind === 'page') return http.list(loaded, sent, options, site);
      if (entry.kind === 'stream') return http.stream(loaded, sent, options, site);
      return http.call(loaded, sent, options, site);
    }
    // A module that fails to load (a chunk the network dropped) rejects the call, with the
    // caller's frames; the next call loads it again.
    const loading = this.#load(entry).catch((error: unknown) =>
      Promise.reject(withCallSite(error, site) as Error),
    );
    if (entry.kind === 'page')
      return deferredPages(
        loading.then((operation) => ({
          call: http.list(operation, numericParams(operation, input(operation)), options, site),
        })),
      );
    if (entry.kind === 'stream')
      // No streaming operation takes a number for a path parameter: the input goes as it is.
      return http.stream(loading, input, options, site);
    return new ApiPromise(
      loading.then((operation) =>
        http.call(operation, numericParams(operation, input(operation)), options, site).withResponse(),
      ),
    );
  }

  #load(entry: OperationRef): Promise<OperationShape> {
    let loading = this.#loading.get(entry.id);
    if (!loading) {
      loading = entry.load().then(({ default: operation }) => {
        this.#loaded.set(entry.id, operation);
        return operation;
      });
      loading.catch(() => this.#loading.delete(entry.id));
      this.#loading.set(entry.id, loading);
    }
    return loading;
  }

  /** A call refused before anything is sent, as the kind of answer its operation gives. */
  #failed(entry: OperationRef, error: Error, site: CallSite): Answer {
    withCallSite(error, site);
    const rejected = Promise.reject(error);
    if (entry.kind === 'page') return deferredPages(rejected);
    if (entry.kind === 'stream') return this.#http.stream(rejected, {}, undefined, site);
    return new ApiPromise(rejected);
  }
}

/**
 * A method's positional arguments as the operation's inputs, by its module's `args` (`:name` a
 * path parameter, `body`, `query`, a leading `?` for an optional one): the entry in the entry chunk
 * need not carry them.
 */
function inputOf(operation: OperationShape, args: readonly unknown[]): OperationInput {
  const params: Record<string, unknown> = {};
  const input: OperationInput = { params };
  (operation.args ?? []).forEach((spec, index) => {
    const value = args[index];
    const name = spec.charCodeAt(0) === 63 /* ? */ ? spec.slice(1) : spec;
    if (name.charCodeAt(0) === 58 /* : */) params[name.slice(1)] = value;
    else if (value === undefined) return;
    else if (name === 'body') input.body = value;
    else input.query = value as Record<string, unknown>;
  });
  return input;
}

/** A number given for a path parameter that takes one (a change request's number), as text. */
function numericParams(operation: OperationShape, input: OperationInput): OperationInput {
  const numeric = operation.numericParams;
  if (!numeric?.length || !input.params) return input;
  let params: Record<string, unknown> | undefined;
  for (const name of numeric) {
    const value = input.params[name];
    if (typeof value === 'number') (params ??= { ...input.params })[name] = String(value);
  }
  return params ? { ...input, params } : input;
}
