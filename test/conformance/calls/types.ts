import type { DocsClient } from '@docs-api/sdk';

/**
 * How the conformance tests call one contract operation through the SDK's public methods.
 * `full` gives every query parameter and body field the method takes, with valid values: the
 * request it sends must validate against the published document. `seed` gives only what is
 * required, with ids from the sandbox's demo seed: the sandbox must answer it with a success
 * that validates against the document, and a document sample answered to it must parse.
 */
export interface OperationCalls {
  full: (client: DocsClient) => PromiseLike<unknown>;
  seed: (client: DocsClient) => PromiseLike<unknown>;
}

export type AreaCalls = Record<string, OperationCalls>;

/** Ids of the sandbox's demo seed. */
export const ORG = 'org_acme';
