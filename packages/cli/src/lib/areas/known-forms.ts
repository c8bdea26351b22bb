import type { UnknownKind } from '@docs-api/sdk';

/*
 * The SDK's tolerant unions (a comment by `status`, a revision by `type`, a review request by
 * `kind`, ...) end in a fallback for a form this version does not know yet, typed with its
 * discriminant only (or as `object` where the forms have no discriminant). Every form the service sends carries the fields the known forms share, so the
 * commands read those through the known forms. Read defensively: under the CLI's `warn` response
 * policy an answer comes as received and any field may be missing.
 */

/**
 * The forms of a tolerant union this version knows: its fallback left out, whether typed by its
 * discriminant (`{ type: UnknownKind }`) or, for a union without one, as any `object`.
 */
export type KnownForms<T> = T extends
  { type: UnknownKind } | { kind: UnknownKind } | { status: UnknownKind } | { rule: UnknownKind }
  ? never
  : object extends T
    ? never
    : T;

/** `value` read through its known forms (a view: nothing is checked or copied). */
export const knownForms = <T>(value: T): KnownForms<T> => value as KnownForms<T>;
