import { ORG, type AreaCalls } from './types.js';

/*
 * Collections. Demo seed: col_product (space_handbook, space_api) and, nested in it,
 * col_internal (space_guides), in org_acme; org_beta has no collection.
 */

export const collectionCalls: AreaCalls = {
  'collections.list': {
    full: (c) => c.collections.list(ORG, { nested: false, limit: 10, page: 'p2' }),
    seed: (c) => c.collections.list(ORG),
  },
  'collections.create': {
    full: (c) => c.collections.create(ORG, { title: 'Archive', parent: 'col_product' }),
    seed: (c) => c.collections.create(ORG, {}),
  },
  'collections.get': {
    full: (c) => c.collections.get('col_product'),
    seed: (c) => c.collections.get('col_product'),
  },
  'collections.update': {
    full: (c) =>
      c.collections.update('col_product', {
        title: 'Customer docs',
        description: 'Read by customers',
        defaultLevel: null,
      }),
    seed: (c) => c.collections.update('col_product', {}),
  },
  'collections.delete': {
    full: (c) => c.collections.delete('col_internal'),
    seed: (c) => c.collections.delete('col_internal'),
  },
  'collections.listSpaces': {
    full: (c) => c.collections.listSpaces('col_product', { limit: 10, page: 'p2' }),
    seed: (c) => c.collections.listSpaces('col_product'),
  },
  'collections.move': {
    full: (c) =>
      c.collections.move('col_internal', {
        parent: null,
        position: { before: { type: 'collection', collection: 'col_product' } },
      }),
    seed: (c) => c.collections.move('col_internal', { parent: null }),
  },
  'collections.transfer': {
    full: (c) => c.collections.transfer('col_internal', { organization: 'org_beta' }),
    seed: (c) => c.collections.transfer('col_internal', { organization: 'org_beta' }),
  },
};
