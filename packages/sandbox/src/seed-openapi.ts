import type { Store } from './store.js';

/**
 * The demo's OpenAPI spec: `petstore` (id `spec_petstore`) of org_acme, public, processed
 * (version `specv_petstore_1`), fetched from `https://api.acme.test/openapi/petstore.yaml`.
 */
export function seedOpenApi(store: Store): void {
  store.openapiSpecs.set('spec_petstore', {
    id: 'spec_petstore',
    organization: 'org_acme',
    slug: 'petstore',
    sourceURL: 'https://api.acme.test/openapi/petstore.yaml',
    processingState: 'complete',
    visibility: 'public',
    createdAt: '2026-01-06T09:00:00.000Z',
    updatedAt: '2026-01-06T09:00:30.000Z',
    lastVersion: 'specv_petstore_1',
    lastProcessedAt: '2026-01-06T09:00:30.000Z',
  });
}
