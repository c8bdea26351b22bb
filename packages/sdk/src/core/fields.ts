/*
 * The two type-level tools of the SDK's tolerant reading, kept free of zod so that the declared
 * public types (types.ts) can use them without loading zod's declarations in a consumer's compile.
 */

export type { UnknownKind } from '../contract/unknown-kind.js';

/**
 * The fields an object from the SDK came with, as data of unknown type: the one way to read a
 * field this version's types do not name yet (the service added it, or the SDK has not typed it).
 * The response types name their fields and nothing else, so that a typo (`site.hostName`) is a
 * compile error; unknown fields are still kept at run time, and this is where to find them:
 *
 * ```ts
 * const beta = extraFields(site)['betaFeature']; // unknown: check it before use
 * ```
 *
 * The named fields are there too, but read them from the object itself, typed. The view is the
 * object (nothing is copied) and read-only.
 */
export function extraFields(value: object): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null) {
    throw new TypeError(
      `extraFields() takes an object the SDK returned; got ${value === null ? 'null' : typeof value}`,
    );
  }
  return value as Readonly<Record<string, unknown>>;
}
