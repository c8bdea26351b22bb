import type { Operation } from '@docs-api/sdk/contract';
import { APP_HOST } from '../content.js';
import { notFound } from '../errors.js';
import type { Implementation } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ResourceRow, Store } from '../store.js';
import { cannotFill, fill, type FillContext } from './fill.js';
import { familiesOf, operationsOf, type Family } from './families.js';
import { requireParents } from './parents.js';
import { FAMILY_RULES } from './service-fills.js';
import type { Walkable } from './schema-walk.js';

/*
 * The resource engine: the collection-and-item families of the contract that no hand-written
 * handler serves are kept in the store (`store.resources`), one mechanism for all of them.
 *
 * - create stores what was sent plus what the service fills (fill.ts, service-fills.ts) and
 *   answers it; get answers it; list lists exactly what exists in the parent, paginated like the
 *   other lists, with a true count; update merges the body into it (and moves `updatedAt`);
 *   delete removes it and every object of the families under it.
 * - A missing id answers 404; so does any operation under a parent the sandbox does not have.
 */

/** The name of a family's objects in messages: its id parameter without `Id` (`siteChannel`). */
function kindOf(family: Family): string {
  return family.idParam.replace(/Id$/, '');
}

const keyOf = (family: string, scope: string, id: string) => `${family}|${scope}|${id}`;

function scopeOf(family: Family, params: Record<string, string>): string {
  return family.parents.map((name) => params[name] ?? '').join('/');
}

/** The path of an object of the family, its parameters filled. */
function itemPath(family: Family, params: Record<string, string>, id: string): string {
  return family.item
    .replace(/^\/v1/, '')
    .replace(/\{(\w+)\}/g, (_match, name: string) =>
      encodeURIComponent(name === family.idParam ? id : (params[name] ?? '')),
    );
}

/** The sandbox's own origin for file URLs: the API root's. */
function origin(store: Store): string {
  return store.apiOrigin();
}

export class ResourceEngine {
  readonly families: Family[];
  /** Families by their id parameter, to check an object named as a parent of another. */
  readonly #byIdParam = new Map<string, Family[]>();

  constructor(operations: readonly Operation[]) {
    this.families = familiesOf(operations);
    for (const family of this.families) {
      this.#byIdParam.set(family.idParam, [...(this.#byIdParam.get(family.idParam) ?? []), family]);
    }
  }

  /** The implementations of every operation of the engine's families. */
  implementations(): Implementation[] {
    return this.families.flatMap((family) =>
      operationsOf(family).map((operation) => ({
        operation,
        answer: 'state' as const,
        handle: ({
          store,
          params,
          query,
          body,
        }: {
          store: Store;
          params: Record<string, string>;
          query: unknown;
          body: unknown;
        }) => this.#handle(family, operation, store, params, query ?? {}, body),
      })),
    );
  }

  /** 404 unless every object the path names exists: the known tables, then this engine's own objects. */
  requireParents(store: Store, operation: Operation, params: Record<string, string>, own?: string): void {
    const names = operation.pathParams.filter((name) => name !== own);
    requireParents(store, names, params);
    for (const name of names) {
      for (const family of this.#byIdParam.get(name) ?? []) {
        if (!operation.path.startsWith(`${family.item}/`)) continue;
        const key = keyOf(family.collection, scopeOf(family, params), params[name] ?? '');
        if (!store.resources.has(key)) throw notFound(kindOf(family), params[name] ?? '');
      }
    }
  }

  #handle(
    family: Family,
    operation: Operation,
    store: Store,
    params: Record<string, string>,
    query: { page?: string; limit?: number },
    body: unknown,
  ): unknown {
    this.requireParents(store, operation, params, family.idParam);
    const scope = scopeOf(family, params);
    const id = params[family.idParam];
    if (operation === family.list) {
      const rows = [...store.resources.values()].filter(
        (row) => row.family === family.collection && row.scope === scope,
      );
      return paginate(
        rows.map((row) => row.value),
        query,
      );
    }
    if (operation === family.create) return this.#create(family, operation, store, params, scope, body);
    if (id === undefined) throw new Error(`sandbox: ${operation.id} has no ${family.idParam}`);
    const key = keyOf(family.collection, scope, id);
    const row = store.resources.get(key);
    if (!row) throw notFound(kindOf(family), id);
    if (operation === family.get) return row.value;
    if (operation === family.delete) {
      this.#remove(store, family, params, row);
      return operation.response ? row.value : undefined;
    }
    // An update: the body's fields replace the object's; the service moves updatedAt.
    const changes = (body ?? {}) as Record<string, unknown>;
    const rule = FAMILY_RULES[family.collection];
    const merged = { ...row.value, ...(rule?.fromBody ? rule.fromBody(changes, origin(store)) : changes) };
    if ('updatedAt' in row.value) merged.updatedAt = store.now();
    row.value = merged;
    return operation.response ? row.value : undefined;
  }

  #create(
    family: Family,
    operation: Operation,
    store: Store,
    params: Record<string, string>,
    scope: string,
    body: unknown,
  ): unknown {
    const id = store.newId(kindOf(family));
    const rule = FAMILY_RULES[family.collection];
    const sent = (body ?? {}) as Record<string, unknown>;
    const base = rule?.fromBody ? rule.fromBody(sent, origin(store)) : sent;
    const actor = store.actorUser();
    const path = itemPath(family, params, id);
    const context: FillContext = {
      id,
      now: store.now(),
      location: store.apiUrl(path),
      app: `https://${APP_HOST}${path}`,
      actor: { id: actor.id, view: actor as unknown as Record<string, unknown> },
      fills: Object.fromEntries(
        Object.entries(rule?.fills ?? {}).map(([field, given]) => [
          field,
          'compute' in given ? given.compute(store, params) : given.value,
        ]),
      ),
      missing: [],
    };
    const schema = (family.get?.response ?? operation.response) as unknown as Walkable | undefined;
    const value = schema ? (fill(schema, base, context) as Record<string, unknown>) : { ...base, id };
    if (context.missing.length) throw cannotFill(operation.id, context.missing);
    const row: ResourceRow = { family: family.collection, scope, id, value };
    store.resources.set(keyOf(family.collection, scope, id), row);
    return value;
  }

  /** Removes an object and every object of the families under it. */
  #remove(store: Store, family: Family, params: Record<string, string>, row: ResourceRow): void {
    store.resources.delete(keyOf(row.family, row.scope, row.id));
    const childScope = [...family.parents.map((name) => params[name] ?? ''), row.id].join('/');
    for (const [key, other] of store.resources) {
      if (
        other.family.startsWith(`${family.item}/`) &&
        (other.scope === childScope || other.scope.startsWith(`${childScope}/`))
      )
        store.resources.delete(key);
    }
  }
}
