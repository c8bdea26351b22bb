import { getSpace, listOrganizationSpaces, type Space } from '@docs-api/sdk/contract';
import { notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { Store } from '../store.js';
import { requireOrganization } from './organizations.js';

/** A space the actor can reach (a member of its organization); 404 otherwise. */
export function requireSpace(store: Store, spaceId: string): Space {
  const space = store.spaces.get(spaceId);
  if (!space?.organization) throw notFound('space', spaceId);
  try {
    requireOrganization(store, space.organization);
  } catch {
    throw notFound('space', spaceId);
  }
  return space;
}

export const spaceHandlers = [
  implement(listOrganizationSpaces, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const spaces = [...store.spaces.values()].filter((s) => s.organization === params.organizationId);
    return paginate(spaces, query);
  }),
  implement(getSpace, ({ store, params }) => requireSpace(store, params.spaceId)),
];
