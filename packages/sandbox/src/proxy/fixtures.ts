import { matchOperation } from './match-operation.js';
import type { Cassette } from './cassette.js';
import { REDACTED } from './redact.js';

/*
 * A recorded session as data rows, to seed a stateful sandbox: every object the service answered
 * to a successful GET (a single object, or each item of a list), grouped by its `object` kind
 * and keyed by id, the latest answer winning (an object read before and after an update keeps
 * its later state). Each row keeps the path parameters of the request that returned it (the
 * organization a site belongs to, the space of a change request ...), which the objects
 * themselves do not always carry. Turning rows into the fixture format's store rows is the
 * fixture loader's part.
 */

export const CASSETTE_OBJECTS_FORMAT = 'docs-api-cassette-objects';

export interface CassetteObjectRow {
  /** The object as the service answered it (secrets stay `[redacted]`). */
  data: Record<string, unknown> & { object: string; id: string };
  /** The contract operation that answered it, e.g. `sites.get`. */
  operation: string;
  /** The path parameters of that request, e.g. `{ organizationId: 'org_1' }`. */
  params: Record<string, string>;
}

export interface CassetteObjects {
  format: typeof CASSETTE_OBJECTS_FORMAT;
  version: 1;
  /** The cassette's upstream, when it says. */
  source?: string;
  /** Rows by object kind (`site`, `space`, `collection`, `organization`, ...), sorted by id. */
  objects: Record<string, CassetteObjectRow[]>;
  /** How many objects hold a `[redacted]` value: a loader must fill or drop those fields. */
  redacted: number;
}

const isObjectRow = (value: unknown): value is CassetteObjectRow['data'] =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { object?: unknown }).object === 'string' &&
  typeof (value as { id?: unknown }).id === 'string';

/** The objects a cassette's successful GET answers hold, by kind. */
export function cassetteToFixtures(cassette: Cassette): CassetteObjects {
  const byKind = new Map<string, Map<string, CassetteObjectRow>>();
  for (const entry of cassette.entries) {
    const { request, response } = entry;
    if (request.method !== 'GET' || response.status < 200 || response.status >= 300) continue;
    const matched = matchOperation(request.method, request.path);
    if (!matched) continue;
    const body = response.body as { items?: unknown } | undefined;
    const found = isObjectRow(body)
      ? [body]
      : Array.isArray(body?.items)
        ? body.items.filter(isObjectRow)
        : [];
    for (const data of found) {
      const rows = byKind.get(data.object) ?? new Map<string, CassetteObjectRow>();
      byKind.set(data.object, rows);
      rows.set(data.id, { data, operation: matched.operation.id, params: matched.params });
    }
  }
  const objects: Record<string, CassetteObjectRow[]> = {};
  let redacted = 0;
  for (const kind of [...byKind.keys()].sort()) {
    const rows = [...byKind.get(kind)!.values()].sort((a, b) => (a.data.id < b.data.id ? -1 : 1));
    redacted += rows.filter((row) => JSON.stringify(row.data).includes(JSON.stringify(REDACTED))).length;
    objects[kind] = rows;
  }
  return {
    format: CASSETTE_OBJECTS_FORMAT,
    version: 1,
    ...(cassette.upstream ? { source: cassette.upstream } : {}),
    objects,
    redacted,
  };
}
