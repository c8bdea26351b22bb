import type { Store } from './store.js';

/** The source the demo's petstore spec was processed from (a small, valid OpenAPI 3.0 document). */
export const PETSTORE_YAML = `openapi: 3.0.3
info:
  title: Petstore
  version: 1.0.0
paths:
  /pets:
    get:
      summary: List all pets
      operationId: listPets
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Pet'
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id:
          type: integer
        name:
          type: string
`;

/**
 * The demo's OpenAPI spec: `petstore` (id `spec_petstore`) of org_acme, public, processed
 * (version `specv_petstore_1`, holding `PETSTORE_YAML`), fetched from
 * `https://api.acme.test/openapi/petstore.yaml`.
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
  store.openapiVersions.set('specv_petstore_1', {
    id: 'specv_petstore_1',
    spec: 'spec_petstore',
    createdAt: '2026-01-06T09:00:30.000Z',
    sourceURL: 'https://api.acme.test/openapi/petstore.yaml',
    text: PETSTORE_YAML,
  });
}
