/**
 * The API contract as data: zod schemas and one operation object per endpoint.
 * Exported as `@docs-api/sdk/contract` so the sandbox implements exactly what the SDK calls.
 */
import { organizationOperations } from './organizations.js';
import { siteOperations } from './sites.js';
import type { Operation } from './operation.js';

export * from './schema.js';
export * from './common.js';
export * from './operation.js';
export * from './query.js';
export * from './validation.js';
export * from './spaces.js';
export * from './integrations.js';
export * from './organizations.js';
export * from './sites.js';

/** Every operation the SDK knows, in contract order. */
export const operations: readonly Operation[] = [...siteOperations, ...organizationOperations];
