import { getOrganization, listOrganizations } from '@docs-api/sdk/contract';
import { notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { Store } from '../store.js';

/** The organization, if the actor is a member of it; 404 otherwise (as for an absent one). */
export function requireOrganization(store: Store, organizationId: string) {
  const organization = store.organizations.get(organizationId);
  const isMember = store.members.some((m) => m.organization === organizationId && m.user === store.actor);
  if (!organization || !isMember) throw notFound('organization', organizationId);
  return organization;
}

export const organizationHandlers = [
  implement(listOrganizations, ({ store, query }) => {
    const mine = [...store.organizations.values()].filter((org) =>
      store.members.some((m) => m.organization === org.id && m.user === store.actor),
    );
    return paginate(mine, query);
  }),
  implement(getOrganization, ({ store, params }) => requireOrganization(store, params.organizationId)),
];
