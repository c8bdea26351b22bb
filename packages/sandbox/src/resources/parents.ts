import { notFound } from '../errors.js';
import type { Store } from '../store.js';

/*
 * Whether the objects a path names exist: an operation under a parent the sandbox does not have
 * answers 404, as the service does. Each known path parameter names a table of the store; an
 * object under another one (a site of an organization) must be that one's.
 */

type Check = (store: Store, value: string, params: Record<string, string>) => boolean;

const KNOWN: Record<string, { kind: string; exists: Check }> = {
  organizationId: { kind: 'organization', exists: (store, id) => store.organizations.has(id) },
  siteId: {
    kind: 'site',
    exists: (store, id, params) => {
      const row = store.sites.get(id);
      return !!row && (params.organizationId === undefined || row.organization === params.organizationId);
    },
  },
  spaceId: { kind: 'space', exists: (store, id) => store.spaces.has(id) },
  collectionId: { kind: 'collection', exists: (store, id) => store.collections.has(id) },
  teamId: {
    kind: 'team',
    exists: (store, id, params) => {
      const row = store.teams.get(id);
      return !!row && (params.organizationId === undefined || row.organization === params.organizationId);
    },
  },
  userId: { kind: 'user', exists: (store, id) => store.users.has(id) },
  changeRequestId: {
    kind: 'change request',
    exists: (store, id, params) => {
      const row = store.changeRequests.get(id);
      if (row) return params.spaceId === undefined || row.space === params.spaceId;
      // A change request may be named by its number within its space.
      return [...store.changeRequests.values()].some(
        (candidate) => candidate.space === params.spaceId && String(candidate.number) === id,
      );
    },
  },
  integrationName: { kind: 'integration', exists: (store, name) => store.integrations.has(name) },
  specSlug: {
    kind: 'OpenAPI spec',
    exists: (store, slug, params) =>
      [...store.openapiSpecs.values()].some(
        (spec) =>
          spec.slug === slug &&
          (params.organizationId === undefined || spec.organization === params.organizationId),
      ),
  },
};

/** The path parameters the sandbox can check, and the kind each names. */
export const CHECKED_PARAMS: ReadonlySet<string> = new Set(Object.keys(KNOWN));

/**
 * Throws the 404 of the first parameter in `names` (in path order) whose object the sandbox does
 * not have.
 */
export function requireParents(store: Store, names: readonly string[], params: Record<string, string>): void {
  for (const name of names) {
    const known = KNOWN[name];
    const value = params[name];
    if (!known || value === undefined) continue;
    if (!known.exists(store, value, params)) throw notFound(known.kind, value);
  }
}
