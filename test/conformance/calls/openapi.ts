import { ORG, type AreaCalls } from './types.js';

export const openApiCalls: AreaCalls = {
  'openapi.list': {
    full: (c) => c.openapi.list(ORG, { limit: 10, page: 'p2' }),
    seed: (c) => c.openapi.list(ORG),
  },
  'openapi.create': {
    full: (c) =>
      c.openapi.create(ORG, {
        slug: 'billing-v2',
        source: { url: 'https://api.acme.test/openapi/billing.yaml' },
      }),
    seed: (c) =>
      c.openapi.create(ORG, {
        slug: 'billing',
        source: { text: 'openapi: 3.1.0\ninfo: { title: Billing }' },
      }),
  },
  'openapi.get': {
    full: (c) => c.openapi.get(ORG, 'petstore'),
    seed: (c) => c.openapi.get(ORG, 'petstore'),
  },
  'openapi.replace': {
    full: (c) => c.openapi.replace(ORG, 'petstore', { source: { text: 'openapi: 3.1.0\npaths: {}' } }),
    seed: (c) =>
      c.openapi.replace(ORG, 'petstore', { source: { url: 'https://api.acme.test/openapi/v2.yaml' } }),
  },
  'openapi.delete': {
    full: (c) => c.openapi.delete(ORG, 'petstore'),
    seed: (c) => c.openapi.delete(ORG, 'petstore'),
  },
  'openapi.update': {
    full: (c) => c.openapi.update(ORG, 'petstore', { visibility: 'private' }),
    seed: (c) => c.openapi.update(ORG, 'petstore', { visibility: 'private' }),
  },
};
