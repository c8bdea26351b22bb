import * as z from 'zod/mini';
import type { Schema } from './schema.js';

/**
 * A request's union told apart by `key` (zod's discriminated union): a value is checked against
 * the variant its discriminant names, so an error names the field that does not fit. The generated
 * schemas are typed opaquely (`Schema`); zod reads each variant's values at run time. In a module
 * of its own: only the operations that send such a union load zod's discriminated union.
 */
export function tagged(key: string, options: readonly Schema[]): Schema {
  return z.discriminatedUnion(key, options as unknown as Parameters<typeof z.discriminatedUnion>[1]);
}
