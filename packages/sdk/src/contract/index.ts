/**
 * The API contract as data: one operation object per endpoint, generated from the service's
 * published OpenAPI document (packages/sdk/src/generated, by scripts/contract/generate.mjs) with
 * the project's overlay (packages/sdk/overlay.yaml). Exported as `@docs-api/sdk/contract` so the
 * sandbox implements exactly what the SDK calls, and tools can walk it.
 */
import { generatedOperations } from '../generated/operations/index.js';
import type { Operation } from './operation.js';

export * from '../generated/operations/index.js';
export type * from '../generated/types.js';

export type * from '../generated/operation-types.js';
export * from './schema.js';
export * from './documents.js';
export * from './languages.js';
export * from './operation.js';
export * from './query.js';
export * from './validation.js';
export * from './messages.js';
export * from './states.js';
export * from './merge-rules-check.js';

/** Every operation the SDK knows: the document's (generated) and those only the extract has. */
export const operations: readonly Operation[] = generatedOperations;

const byId = new Map<string, Operation>();
for (const operation of operations) {
  byId.set(operation.id, operation);
  byId.set(operation.name, operation);
}

/**
 * The operation with this id: the document's operationId (`listSites`) or its SDK name
 * (`sites.list`). Undefined for no operation.
 */
export function operationById(id: string): Operation | undefined {
  return byId.get(id);
}

export {
  operationIndex,
  type OperationId,
  type OperationName,
  type OperationNames,
} from '../generated/operation-index.js';
export type { OperationEntry, OperationKind, OperationRef } from './operation-entry.js';
