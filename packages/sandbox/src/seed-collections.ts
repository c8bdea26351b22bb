import type { Store } from './store.js';

/**
 * Demo collections of org_acme: "Product docs" (col_product) holds space_handbook and space_api,
 * and the nested "Internal" (col_internal) holds space_guides. space_legal and the translated
 * space_handbook_fr stay at the top level. No space is added: only existing ones are placed.
 */
export function seedCollections(store: Store): void {
  store.collections.set('col_product', {
    id: 'col_product',
    organization: 'org_acme',
    title: 'Product docs',
    description: 'Everything customers read',
    defaultLevel: 'read',
  });
  store.collections.set('col_internal', {
    id: 'col_internal',
    organization: 'org_acme',
    title: 'Internal',
    parent: 'col_product',
    defaultLevel: 'comment',
  });
  for (const [spaceId, collectionId] of [
    ['space_handbook', 'col_product'],
    ['space_api', 'col_product'],
    ['space_guides', 'col_internal'],
  ] as const) {
    const space = store.spaces.get(spaceId);
    if (!space) throw new Error(`seed: no space ${spaceId}`);
    space.parent = collectionId;
  }
}
