import {
  createCollection,
  deleteCollectionById,
  getCollectionById,
  listCollectionsInOrganizationById,
  listSpacesInCollectionById,
  moveCollection,
  transferCollection,
  updateCollectionById,
  ROLES,
  type Role,
} from '@docs-api/sdk/contract';
import { badRequest } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { CollectionRow, Store } from '../store.js';
import {
  checkTransfer,
  children,
  moveNode,
  placeLast,
  requireCollection,
  softDeleteSpace,
  spacesIn,
  subtree,
} from '../tree.js';
import { requireOrganization } from '../domain/organizations.js';
import { spaceView, unpublishSpaces } from '../domain/spaces.js';
import { collectionView } from '../domain/collections.js';

/*
 * Collections: nestable groups of spaces. The list shows nested ones too unless `nested=false`
 * (the published document's default). Deleting one deletes the collections nested in it and
 * deletes the spaces of all of them (each restorable for 7 days, at the top level since its
 * collection is gone); deleting an absent one succeeds. A transfer takes the nested collections
 * and the spaces along. Moves and transfers follow tree.ts.
 */

/** The title of a collection created without one. */
export const UNTITLED_COLLECTION = 'Untitled collection';

/** The organization's default role, as a collection's default level (`read` when it has none). */
function asRole(value: string | null | undefined): Role {
  return ROLES.find((role) => role === value) ?? 'read';
}

/** The organization's collections, depth first in their order; only the top level when not `nested`. */
function listed(store: Store, organization: string, nested: boolean): CollectionRow[] {
  const walk = (parent: string | null): CollectionRow[] =>
    children(store, organization, parent).flatMap((node) => {
      const row = node.kind === 'collection' ? store.collections.get(node.id) : undefined;
      if (!row) return [];
      return nested ? [row, ...walk(row.id)] : [row];
    });
  return walk(null);
}

export const collectionHandlers = [
  implement(listCollectionsInOrganizationById, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    return paginate(
      // The service lists nested collections unless told not to (`nested` defaults to true).
      listed(store, params.organizationId, query.nested !== false).map((row) => collectionView(store, row)),
      query,
    );
  }),

  implement(createCollection, ({ store, params, body }) => {
    const organization = requireOrganization(store, params.organizationId);
    if (body.parent !== undefined) {
      const parent = store.collections.get(body.parent);
      if (parent?.organization !== params.organizationId) {
        throw badRequest(
          `body.parent: collection "${body.parent}" is not in organization "${params.organizationId}"`,
        );
      }
    }
    const row: CollectionRow = {
      id: store.newId('col'),
      organization: params.organizationId,
      title: body.title ?? UNTITLED_COLLECTION,
      ...(body.parent !== undefined ? { parent: body.parent } : {}),
      defaultLevel: asRole(organization.defaultRole),
    };
    store.collections.set(row.id, row);
    placeLast(store, row.organization, row.parent ?? null, { kind: 'collection', id: row.id });
    return collectionView(store, row);
  }),

  implement(getCollectionById, ({ store, params }) =>
    collectionView(store, requireCollection(store, params.collectionId)),
  ),

  implement(updateCollectionById, ({ store, params, body }) => {
    const row = requireCollection(store, params.collectionId);
    if (body.title !== undefined) row.title = body.title;
    if (body.description !== undefined) row.description = body.description;
    if (body.defaultLevel !== undefined) row.defaultLevel = body.defaultLevel;
    return collectionView(store, row);
  }),

  implement(deleteCollectionById, ({ store, params }) => {
    // Absent or out of reach: nothing to delete, and that is a success.
    const row = store.collections.get(params.collectionId);
    if (!row) return;
    if (!store.members.some((m) => m.organization === row.organization && m.user === store.actor)) return;
    const doomed = subtree(store, row.id);
    for (const space of spacesIn(store, doomed)) softDeleteSpace(store, space);
    for (const collection of doomed) {
      store.collections.delete(collection.id);
      store.ranks.delete(collection.id);
    }
  }),

  implement(listSpacesInCollectionById, ({ store, params, query }) => {
    const row = requireCollection(store, params.collectionId);
    const spaces = children(store, row.organization, row.id).flatMap((node) => {
      const space = node.kind === 'space' ? store.spaces.get(node.id) : undefined;
      return space ? [spaceView(store, space)] : [];
    });
    return paginate(spaces, query);
  }),

  implement(moveCollection, ({ store, params, body }) => {
    const row = requireCollection(store, params.collectionId);
    const parent = moveNode(
      store,
      { kind: 'collection', id: row.id },
      row.organization,
      row.parent ?? null,
      body,
    );
    if (parent) row.parent = parent;
    else delete row.parent;
    return collectionView(store, row);
  }),

  implement(transferCollection, ({ store, params, body }) => {
    const row = requireCollection(store, params.collectionId);
    const from = row.organization;
    const moving = subtree(store, row.id);
    const spaces = spacesIn(store, moving);
    checkTransfer(store, `collection "${row.id}"`, from, body.organization, spaces);
    unpublishSpaces(store, from, new Set(spaces.map((space) => space.id)));
    const now = store.now();
    for (const collection of moving) collection.organization = body.organization;
    for (const space of spaces) {
      space.organization = body.organization;
      space.updatedAt = now;
    }
    delete row.parent;
    placeLast(store, body.organization, null, { kind: 'collection', id: row.id });
    return collectionView(store, row);
  }),
];
