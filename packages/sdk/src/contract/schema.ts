import * as z from 'zod/mini';

/**
 * Schema helpers that encode the project's two reading rules:
 * responses are read tolerantly, requests are checked strictly.
 *
 * The contract is written with `zod/mini` (docs/decisions/0015-zod-mini-and-lazy-contract.md):
 * schemas are built by functions, not methods, so that bundlers keep only what an app uses, and
 * every top-level schema of the contract is `/* @__PURE__ *\/ z.lazy(() => ...)`: built on first
 * use, dropped by bundlers when nothing reaches it.
 */

/**
 * An enum the contract lists only partly ("seen values"). The seen values are typed for
 * autocompletion, any other string is accepted, so a new server value never breaks a user.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodMiniType<T[number] | (string & {}), string> {
  return z.string().register(z.globalRegistry, { knownValues: [...values] });
}

/** A response object: unknown fields are kept. */
export const loose = z.looseObject;

/**
 * A union read tolerantly: the known variants are tried in order, and a value of a variant not
 * known yet is kept as it came, typed by `fallback` (by default any object), rather than refused.
 * Put the fallback's discriminator in it (`loose({ kind: z.string() })`) so code can still switch.
 */
export function withFallback<
  const Variants extends readonly [z.ZodMiniType, ...z.ZodMiniType[]],
  Fallback extends z.ZodMiniType = z.ZodMiniObject<Record<never, never>, z.core.$loose>,
>(variants: Variants, fallback?: Fallback) {
  return z.union([...variants, fallback ?? z.looseObject({})] as unknown as [...Variants, Fallback]);
}

/** A request body: unknown keys are refused, so a typo is caught before sending. */
export const strict = z.strictObject;

/** The list envelope every paginated endpoint returns. */
export function listOf<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({
    next: z.nullable(z.optional(z.looseObject({ page: z.string() }))),
    count: z.optional(z.number()),
    items: z.array(item),
  });
}

export type { ListEnvelope } from './list-envelope.js';

/** The contract's limit on every list endpoint. */
export const MAX_PAGE_SIZE = 1000;

/** `page` and `limit`, accepted by every list endpoint (a shape to spread in a query schema). */
export const pageQuery = () => ({
  page: z.optional(z.string().check(z.minLength(1))),
  limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE))),
});

/** A non-empty identifier in a request. */
export const id = () => z.string().check(z.minLength(1));

/** The schema a `z.lazy()` stands for, to extend or read the shape of a lazily built one. */
export function built<T extends z.core.SomeType>(schema: z.ZodMiniLazy<T>): T {
  return schema._zod.innerType;
}

/*
 * Vocabulary most areas share. It lives here rather than in common.ts so that an area using only
 * these (e.g. sites) does not load the user, document and content-reference schemas.
 */

/**
 * The language codes of the service's content, spaces and translations alike: the published
 * document's `TranslationLanguage`. Requests take only these; answers are read with any string.
 */
export const CONTENT_LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'zh-tw',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const;

/** Roles, from most to least powerful: the extract and the published document list the same six. */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = /* @__PURE__ */ z.lazy(() => openEnum(ROLES));
/** A role in a request: only the documented values. */
export const RoleInput = /* @__PURE__ */ z.lazy(() => z.enum(ROLES));

/** `permissions` objects: booleans telling what the caller may do. */
export const PermissionsSchema = /* @__PURE__ */ z.lazy(() => z.record(z.string(), z.optional(z.boolean())));
