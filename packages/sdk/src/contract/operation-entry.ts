import type { OperationShape } from './operation-shape.js';

/*
 * One entry of the generated operation index (generated/operation-index.ts): what is known of an
 * operation before its module (its schemas) is loaded. The SDK's resource methods and
 * `client.call`, the sandbox's fault and hit names and the CLI's `docs api` all read it.
 */

/** What an operation answers: one value (`ApiPromise`), pages (`PagePromise`) or events (`EventStream`). */
export type OperationKind = 'call' | 'page' | 'stream';

/**
 * What a call needs of an operation before its module is loaded: its id, kind and loader (the
 * method's arguments are read from the module). The resource classes (generated/resources/*.ts)
 * hold one per operation of their resource, the loader reaching the operation's module through
 * the resource's loader chunk (generated/loaders/*.ts).
 */
export interface OperationRef<Id extends string = string> {
  /** The document's operationId (`getSiteById`). */
  readonly id: Id;
  readonly kind: OperationKind;
  /** Loads the operation's module (its schemas): its default export. */
  readonly load: () => Promise<{ default: OperationShape }>;
}

export interface OperationEntry<Id extends string = string> extends OperationRef<Id> {
  /**
   * The method's arguments, in order: `:name` a path parameter, `body`, `query`; a leading `?`
   * marks an optional one. The request options come after them.
   */
  readonly args: readonly string[];
  /** The SDK method, `<resource>.<method>` (`sites.get`). */
  readonly method: string;
}
