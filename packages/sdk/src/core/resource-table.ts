import type { OperationShape } from '../contract/operation-shape.js';

/*
 * The data a resource is made of (generated/resources/*.ts, generated/areas.ts): which methods
 * it has, how each method's arguments map to its operation, and its sub-resources. A resource is
 * loaded on its first call, so an app's bundle holds the resources it calls and nothing more.
 */

/** What a method answers: one value (`ApiPromise`), pages (`PagePromise`), or events (`EventStream`). */
export type MethodKind = 'call' | 'list' | 'stream';

export interface MethodEntry {
  kind: MethodKind;
  /**
   * The method's arguments, in order: `:name` a path parameter, `body`, `query`; a leading `?`
   * marks an optional one. The request options come after them.
   */
  args: readonly string[];
  /** Loads the operation (its module and schemas). */
  operation: () => Promise<OperationShape>;
}

export interface ResourceTable {
  methods: Readonly<Record<string, MethodEntry>>;
  resources: Readonly<Record<string, () => Promise<ResourceTable>>>;
}

/** What the client knows of its resources before loading any: enough to build them. */
export interface ResourceIndex {
  /** Top-level resources (`sites`) and how to load each one's table. */
  readonly tables: Readonly<Record<string, () => Promise<ResourceTable>>>;
  /** Every sub-resource path (`sites.shareLinks`). */
  readonly children: ReadonlySet<string>;
  /** The methods that answer pages or events (`sites.list`); every other method answers one value. */
  readonly kinds: Readonly<Record<string, 'list' | 'stream'>>;
}
