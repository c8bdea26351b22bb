import type { OperationKind, OperationRef } from '../contract/operation-entry.js';
import type { OperationShape } from '../contract/operation-shape.js';
import type { ApiPromise } from './api-promise.js';
import type { EventStream } from './event-stream.js';
import type { RequestOptions } from './http.js';
import type { Invoker } from './invoke.js';
import type { PagePromise } from './pagination.js';
import type { ListEnvelope } from '../contract/list-envelope.js';

/*
 * What every generated resource class (generated/resources/*.ts) extends: one method per
 * operation, each a line that calls the operation's entry in its resource's table (`ops`, built
 * by `operationTable`) through these helpers. The helpers only say which of the transport's
 * answers the entry's kind gives.
 */
export abstract class APIResource {
  /** How the resource's methods reach the transport (shared by every resource of a client). */
  protected readonly _invoker: Invoker;

  constructor(invoker: Invoker) {
    this._invoker = invoker;
  }

  /** An operation that answers one value. */
  protected _call<T>(entry: OperationRef, args: readonly unknown[], options?: RequestOptions): ApiPromise<T> {
    return this._invoker.method(entry, args, options) as ApiPromise<T>;
  }

  /** An operation that answers pages. */
  protected _list<T, E extends ListEnvelope<T> = ListEnvelope<T>>(
    entry: OperationRef,
    args: readonly unknown[],
    options?: RequestOptions,
  ): PagePromise<T, E> {
    return this._invoker.method(entry, args, options) as PagePromise<T, E>;
  }

  /** An operation that answers server-sent events. */
  protected _stream<T>(
    entry: OperationRef,
    args: readonly unknown[],
    options?: RequestOptions,
  ): EventStream<T> {
    return this._invoker.method(entry, args, options) as EventStream<T>;
  }
}

/**
 * The implementations of a resource's hand-written methods (packages/sdk/src/resources): each
 * takes the resource it is a method of, the client's invoker (to call an operation the method
 * builds on, by its index entry), then the method's own arguments.
 */
export type HandWritten<I, R> = {
  [K in keyof I]: I[K] extends (...args: infer A) => infer Result
    ? (resource: R, invoker: Invoker, ...args: A) => Result
    : never;
};

/** An operation's modules' loaders, by id: a resource's loader chunk (generated/loaders/*.ts). */
export type Loaders = Readonly<Record<string, () => Promise<{ default: OperationShape }>>>;

/**
 * A resource's operations, by id, from their kinds (`call`, `page`, `stream`): all a call needs
 * to answer at once. `loaders` imports the resource's loader chunk on the first call of one of its
 * operations; that chunk imports the operation's module, which gives the method's arguments. So
 * an app's entry chunk holds each operation's id and kind, not its arguments or the name of its
 * chunk, and the generated operation index (methods, arguments) is not in it at all.
 */
export function operationTable<const T extends Readonly<Record<string, OperationKind>>>(
  loaders: () => Promise<Loaders>,
  table: T,
): { readonly [Id in keyof T & string]: OperationRef<Id> } {
  const refs: Record<string, OperationRef> = {};
  for (const id of Object.keys(table)) {
    refs[id] = { id, kind: table[id]!, load: () => loaders().then((chunk) => chunk[id]!()) };
  }
  return refs as { readonly [Id in keyof T & string]: OperationRef<Id> };
}
