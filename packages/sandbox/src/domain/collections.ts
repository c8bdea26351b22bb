import type { Collection } from '@docs-api/sdk/contract';
import { APP_HOST } from '../content.js';
import type { CollectionRow, Store } from '../store.js';

/*
 * A collection as every area shows it. A domain module: handlers import it, it imports no handler.
 */

/**
 * The API view of a collection, with every field the published document requires; its
 * permissions follow the actor's role in the organization.
 */
export function collectionView(store: Store, row: CollectionRow): Collection {
  const role = store.members.find((m) => m.organization === row.organization && m.user === store.actor)?.role;
  const admin = role === 'admin';
  return {
    object: 'collection',
    id: row.id,
    title: row.title,
    ...(row.description !== undefined ? { description: row.description } : {}),
    organization: row.organization,
    ...(row.parent ? { parent: row.parent } : {}),
    defaultLevel: row.defaultLevel,
    urls: {
      location: store.apiUrl(`/collections/${row.id}`),
      app: `https://${APP_HOST}/c/${row.id}`,
    },
    permissions: { view: true, admin, viewInviteLinks: admin, create: admin || role === 'create' },
  };
}
