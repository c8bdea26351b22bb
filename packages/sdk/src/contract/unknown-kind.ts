/*
 * The type of a discriminant this version does not know: in the contract, which the declared types
 * and the core both use (core/fields.ts re-exports it), the contract importing nothing from the core.
 */

declare const unknownKind: unique symbol;

/**
 * The discriminant (`kind`, `type`, `state`, `object`) of a variant this version of the SDK does
 * not know yet. At run time it is the string the service sent, never one of the known values (the
 * fallback refuses those), and it is typed apart from them: after `if (ref.kind === 'user')` the
 * reference is the `user` variant, and comparing with a misspelt kind (`'usr'`) is a compile error.
 * Read it as a string with `String(ref.kind)`; its string methods and template literals work as is.
 */
// Extends `String` (the object type) rather than `string`: a literal is never comparable to it, so
// narrowing leaves it out, while its string methods still type-check.
// eslint-disable-next-line @typescript-eslint/no-wrapper-object-types
export interface UnknownKind extends String {
  readonly [unknownKind]: true;
}
