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

/** The API view of a space: its change-request and comment counts are derived from the store. */
export function spaceView(store: Store, space: Space): Space {
  const requests = [...store.changeRequests.values()].filter((row) => row.space === space.id);
  const openComments = [...store.comments.values()].filter(
    (comment) => comment.space === space.id && comment.status !== 'resolved',
  ).length;
  return {
    ...space,
    changeRequests: requests.length,
    changeRequestsOpen: requests.filter((row) => row.status === 'open').length,
    changeRequestsDraft: requests.filter((row) => row.status === 'draft').length,
    comments: openComments,
  };
}

export const spaceHandlers = [
  implement(listOrganizationSpaces, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const spaces = [...store.spaces.values()].filter((s) => s.organization === params.organizationId);
    return paginate(
      spaces.map((space) => spaceView(store, space)),
      query,
    );
  }),
  implement(getSpace, ({ store, params }) => spaceView(store, requireSpace(store, params.spaceId))),
];
