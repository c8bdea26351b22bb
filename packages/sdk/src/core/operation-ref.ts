import type { OperationShape as Operation } from '../contract/operation-shape.js';

/** The names of a module's exports that are operations. */
export type OperationKey<M> = { [K in keyof M]: M[K] extends Operation ? K : never }[keyof M] & string;

/**
 * A contract operation that a resource names without loading it: the operation's area module
 * (its operations and schemas) is imported on the first call that needs it. So importing the SDK
 * builds no schema and `client.sites.list()` loads the Sites area only, and a bundler puts each
 * area in a chunk of its own that an app loads when it first calls that area.
 */
export class OperationRef {
  readonly #load: () => Promise<Operation>;
  #operation: Operation | undefined;
  #loading: Promise<Operation> | undefined;

  constructor(load: () => Promise<Operation>) {
    this.#load = load;
  }

  /** The operation, once loaded. */
  get loaded(): Operation | undefined {
    return this.#operation;
  }

  /** Loads the operation's area (once) and gives the operation. */
  resolve(): Promise<Operation> {
    this.#loading ??= this.#load().then(
      (operation) => (this.#operation = operation),
      (error: unknown) => {
        // A failed load (a chunk the network dropped) is tried again on the next call.
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }
}

/**
 * `lazyOperation(() => import('../contract/sites.js'), 'listSites')`: the operation `listSites`
 * of the Sites area, loaded on first use. The import is written out at each area so that
 * bundlers see it.
 */
export function lazyOperation<M, K extends OperationKey<M>>(area: () => Promise<M>, key: K): OperationRef {
  return new OperationRef(async () => (await area())[key] as Operation);
}
