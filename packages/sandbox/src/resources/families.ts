import type { Operation } from '@docs-api/sdk/contract';

/*
 * The collection-and-item families the contract's paths describe: a list (a paginated GET) or a
 * create (POST or PUT with a body) at a path, and a get, update or delete at that path plus one
 * id. Read from the generated contract, so a family the document adds is found without a line
 * here.
 */

export interface Family {
  /** The collection's path template (`/v1/orgs/{organizationId}/fonts`): the family's name. */
  collection: string;
  /** The item's path template (`.../fonts/{fontId}`). */
  item: string;
  /** The item's id parameter (`fontId`). */
  idParam: string;
  /** The parents' path parameters, in path order. */
  parents: string[];
  list?: Operation;
  create?: Operation;
  get?: Operation;
  update?: Operation;
  delete?: Operation;
}

/** The families of `operations`, by collection path (an item path with no list or create has none). */
export function familiesOf(operations: readonly Operation[]): Family[] {
  const byPath = new Map<string, Operation[]>();
  for (const operation of operations) {
    byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  }
  const families: Family[] = [];
  for (const [item, itemOperations] of byPath) {
    const match = /^(.*)\/\{(\w+)\}$/.exec(item);
    if (!match?.[1] || !match[2]) continue;
    const [, collection, idParam] = match;
    const collectionOperations = byPath.get(collection) ?? [];
    const family: Family = { collection, item, idParam, parents: paramsOf(collection) };
    for (const operation of collectionOperations) {
      if (operation.method === 'GET' && operation.paginated) family.list ??= operation;
      else if (
        (operation.method === 'POST' || operation.method === 'PUT') &&
        operation.body &&
        operation.response
      )
        family.create ??= operation;
    }
    for (const operation of itemOperations) {
      if (operation.method === 'GET') family.get ??= operation;
      else if (operation.method === 'DELETE') family.delete ??= operation;
      else if (['PATCH', 'PUT', 'POST'].includes(operation.method)) family.update ??= operation;
    }
    if (!family.list && !family.create) continue;
    if (!family.get && !family.update && !family.delete) continue;
    families.push(family);
  }
  return families;
}

/** The parameters of a path template, in order. */
export function paramsOf(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/** The operations of a family. */
export function operationsOf(family: Family): Operation[] {
  return [family.list, family.create, family.get, family.update, family.delete].filter(
    (operation): operation is Operation => operation !== undefined,
  );
}
