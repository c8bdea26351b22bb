import type { OperationId, OperationName } from '@docs-api/sdk';
import { operationIndex } from '@docs-api/sdk/contract';
import { implementations } from './registry.js';

/*
 * The names the sandbox's faults, hit counters and admin API take for an operation: its id (the
 * document's operationId), its SDK method (`sites.list`) and earlier ids, all read from the
 * contract's operation index. A name of no operation is a compile error, and at run time an
 * error listing the close matches.
 */

export type { OperationId };

/** Another name of an operation: its SDK method (`sites.list`) or an id it had before. */
export type OperationAlias = OperationName;

/** Anything that names an operation: its id or one of its other names. */
export type OperationRef = OperationId | OperationAlias;

/** Each name (id, SDK method) to the operation's id. */
const BY_NAME: ReadonlyMap<string, OperationId> = new Map(
  Object.values(operationIndex).flatMap((entry) =>
    [entry.id, entry.method].map((name) => [name, entry.id] as const),
  ),
);

/** The other name of an operation: its SDK method. */
export function operationNames(id: OperationId): readonly string[] {
  const entry = operationIndex[id];
  return [entry.method];
}

let served: ReadonlySet<string> | undefined;

/** The ids of the operations the sandbox keeps state for (read on first use: sandbox.ts imports this module). */
export function servedIds(): ReadonlySet<string> {
  return (served ??= new Set(implementations.map((implementation) => implementation.operation.id)));
}

/**
 * The public id of the operation `ref` names (its id, SDK name or an earlier id), if the sandbox
 * serves it; undefined otherwise.
 */
export function servedOperationId(ref: string): OperationId | undefined {
  const id = BY_NAME.get(ref);
  return id !== undefined && servedIds().has(id) ? id : undefined;
}

/**
 * Counts per operation, keyed by the operation's public id (`getSiteById`): what iterating it,
 * `Object.fromEntries()` and `GET /_sandbox/hits` show. Reading takes any name of the operation,
 * so `hits.get('sites.get')` and `hits.get('getSiteById')` are the same count.
 */
export class OperationCounts extends Map<string, number> {
  override get(ref: OperationRef | (string & {})): number | undefined {
    return super.get(canonical(ref));
  }

  override has(ref: OperationRef | (string & {})): boolean {
    return super.has(canonical(ref));
  }

  override set(ref: OperationRef | (string & {}), count: number): this {
    return super.set(canonical(ref), count);
  }

  override delete(ref: OperationRef | (string & {})): boolean {
    return super.delete(canonical(ref));
  }

  /** Adds one to the operation's count. */
  increment(ref: OperationRef | (string & {})): void {
    this.set(ref, (this.get(ref) ?? 0) + 1);
  }
}

/** The operation's public id, or `ref` itself when it names no operation of the contract. */
const canonical = (ref: string): string => BY_NAME.get(ref) ?? ref;
