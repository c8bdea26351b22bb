import { z } from 'zod';

/**
 * Schema helpers that encode the project's two reading rules:
 * responses are read tolerantly, requests are checked strictly.
 */

/**
 * An enum the contract lists only partly ("seen values"). The seen values are typed for
 * autocompletion, any other string is accepted, so a new server value never breaks a user.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodType<T[number] | (string & {}), string> {
  return z.string().meta({ knownValues: [...values] });
}

/** A response object: unknown fields are kept. */
export const loose = z.looseObject;

/**
 * A union read tolerantly: the known variants are tried in order, and a value of a variant not
 * known yet is kept as it came, typed by `fallback` (by default any object), rather than refused.
 * Put the fallback's discriminator in it (`loose({ kind: z.string() })`) so code can still switch.
 */
export function withFallback<
  const Variants extends readonly [z.ZodType, ...z.ZodType[]],
  Fallback extends z.ZodType = z.ZodObject<Record<never, never>, z.core.$loose>,
>(variants: Variants, fallback?: Fallback) {
  return z.union([...variants, fallback ?? z.looseObject({})] as unknown as [...Variants, Fallback]);
}

/** A request body: unknown keys are refused, so a typo is caught before sending. */
export const strict = z.strictObject;

/** The list envelope every paginated endpoint returns. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.looseObject({
    next: z.looseObject({ page: z.string() }).optional().nullable(),
    count: z.number().optional(),
    items: z.array(item),
  });
}

export type ListEnvelope<T> = {
  items: T[];
  count?: number | undefined;
  next?: { page: string } | null | undefined;
};

/** The contract's limit on every list endpoint. */
export const MAX_PAGE_SIZE = 1000;

/** `page` and `limit`, accepted by every list endpoint. */
export const pageQuery = {
  page: z.string().min(1).optional(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
};

/** A non-empty identifier in a request. */
export const id = () => z.string().min(1);
