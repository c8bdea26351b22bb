import { seedFixture } from './seed.js';

/**
 * The source the demo's petstore spec was processed from (a small, valid OpenAPI 3.0 document),
 * as fixtures/demo.json holds it in version `specv_petstore_1`.
 */
export const PETSTORE_YAML = String(
  seedFixture('demo').fixture.openapiSpecVersions?.find((row) => row.id === 'specv_petstore_1')?.text,
);
