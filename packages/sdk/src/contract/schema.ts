import * as z from 'zod/mini';
import type { UnknownKind } from './unknown-kind.js';

export type { UnknownKind } from './unknown-kind.js';

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

/**
 * The declared type of every generated schema: opaque on purpose. The SDK's public types are
 * declared from the document (generated/types.ts), so no compile, the SDK's or a consumer's, has
 * to infer a type through zod for 1,000 schemas.
 */
export type Schema = z.ZodMiniType<unknown, unknown>;

/** A response object: unknown fields are kept. */
export const loose = z.looseObject;

/** `uniqueItems` of JSON Schema, for request arrays. */
export const uniqueItems = () =>
  z.refine(
    (items: unknown) =>
      new Set((items as unknown[]).map((item) => JSON.stringify(item))).size === (items as unknown[]).length,
    {
      message: 'must not hold the same item twice',
    },
  );

/** The fields a request object sends: a field set to `undefined` is left out of its JSON. */
const sentFields = (value: unknown) =>
  Object.values(value as object).filter((field) => field !== undefined).length;

/** `minProperties` of JSON Schema, for request objects (counting the fields JSON will carry). */
export const minProperties = (count: number) =>
  z.refine((value: unknown) => sentFields(value) >= count, {
    message: `must have at least ${count} field${count === 1 ? '' : 's'}`,
  });

/** `maxProperties` of JSON Schema, for request objects. */
export const maxProperties = (count: number) =>
  z.refine((value: unknown) => sentFields(value) <= count, {
    message: `must have at most ${count} field${count === 1 ? '' : 's'}`,
  });

/** A fallback's output, its discriminant `Key` typed as a value none of the known variants have. */
export type WithUnknownKind<T, Key extends PropertyKey> = {
  [P in keyof T]: P extends Key ? Exclude<T[P], string> | UnknownKind : T[P];
};

/** A fallback's input: its discriminant `Key` a string, or a value read as `UnknownKind`. */
export type AlsoUnknownKind<T, Key extends PropertyKey> = {
  [P in keyof T]: P extends Key ? T[P] | UnknownKind : T[P];
};

/**
 * A union read tolerantly: the known variants are tried in order, and a value of a variant not
 * known yet is kept as it came, typed by `fallback` (by default `object`: an object of another
 * form, its fields read with `extraFields()`), rather than refused.
 *
 * A union with a discriminant names it (`withFallback([...], loose({ kind: z.string() }), 'kind')`,
 * and the values its variants take when they are known, as the generated contract's are):
 * the fallback then takes only values whose discriminant none of the known variants has (a `user`
 * reference that lacks its `user` does not fit the union, rather than passing as an unknown
 * kind), and its discriminant is typed `UnknownKind`, so that `if (ref.kind === 'user')` narrows
 * to the `user` variant.
 */
export function withFallback<const Variants extends readonly [z.ZodMiniType, ...z.ZodMiniType[]]>(
  variants: Variants,
): z.ZodMiniUnion<[...Variants, z.ZodMiniType<object, object>]>;
export function withFallback<
  const Variants extends readonly [z.ZodMiniType, ...z.ZodMiniType[]],
  Fallback extends z.ZodMiniType,
  const Key extends string,
>(
  variants: Variants,
  fallback: Fallback,
  discriminant: Key,
  values?: readonly unknown[],
): z.ZodMiniUnion<
  [
    ...Variants,
    // As input (the sandbox answers with what it read): the string, or a value read as unknown.
    z.ZodMiniType<WithUnknownKind<z.output<Fallback>, Key>, AlsoUnknownKind<z.input<Fallback>, Key>>,
  ]
>;
export function withFallback(
  variants: readonly z.ZodMiniType[],
  fallback?: z.ZodMiniType,
  discriminant?: string,
  values?: readonly unknown[],
): z.ZodMiniType {
  if (!fallback || discriminant === undefined)
    return z.union([...variants.map((variant) => gated(variant)), unknownForm(variants)]);
  // The values the variants take, when the generator names them: a variant that is itself a
  // union (an allOf with a oneOf part) cannot be asked about one field (zod reports the union, not
  // the field), so probing would take any value for known.
  const known = new Map<unknown, boolean>(values?.map((value) => [value, true]));
  const closed = values !== undefined;
  const unknownOnly = fallback.check(
    z.refine((value) => {
      const kind = (value as Record<string, unknown>)[discriminant];
      // A missing discriminant is not a known value: a fallback may lack it when its schema says so.
      if (kind === undefined) return true;
      let isKnown = known.get(kind);
      if (isKnown === undefined) {
        isKnown = !closed && variants.some((variant) => accepts(variant, discriminant, kind));
        if (known.size < 100) known.set(kind, isKnown);
      }
      return !isKnown;
    }, `"${discriminant}" is a known value, but the other fields do not fit its variant`),
  );
  return z.union([...variants.map((variant) => gated(variant, discriminant)), unknownOnly]);
}

/** An issue as a probe of a variant gave it, to give again for a value the gate turns away. */
type ProbeIssue = z.core.$ZodIssue;

/**
 * `variant` as an option of a union, tried only when the value may be of it: an object with every
 * field the variant requires and, given the union's discriminant, a value of it the variant takes.
 * zod tries a union's options in turn, each parsed whole: a tree of pages, whose every level is a
 * union of forms, was parsed once per form per level (2^depth times at the leaves). A value turned
 * away gets zod's own issues for the fields it lacks (from a probe of the variant with `{}`), as
 * the variant itself would report them. Probes go through zod's public API only.
 */
function gated(variant: z.ZodMiniType, discriminant?: string): z.ZodMiniType {
  let required: [string, ProbeIssue][] | undefined;
  const kinds = new Map<unknown, ProbeIssue | null>();
  const gate = z.unknown().check(
    z.superRefine((value, context) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
      const fields = value as Record<string, unknown>;
      required ??= requiredFields(variant);
      let turnedAway = false;
      for (const [key, issue] of required) {
        if (fields[key] !== undefined) continue;
        context.addIssue(again(issue, undefined));
        turnedAway = true;
      }
      if (turnedAway || discriminant === undefined) return;
      const kind = fields[discriminant];
      let refused = kinds.get(kind);
      if (refused === undefined) {
        refused = kindIssue(variant, discriminant, kind);
        if (kinds.size < 100) kinds.set(kind, refused);
      }
      if (refused) context.addIssue(again(refused, kind));
    }),
  );
  return z.pipe(gate, variant);
}

/** A probe's issue again, for the value at hand: its path and message. */
const again = (issue: ProbeIssue, input: unknown) => ({
  code: 'custom' as const,
  path: [...issue.path],
  message: issue.message,
  input,
});

/** The fields `variant` requires, each with the issue it reports when the field is missing. */
function requiredFields(variant: z.ZodMiniType): [string, ProbeIssue][] {
  const result = variant.safeParse({});
  if (result.success) return [];
  const fields = new Map<string, ProbeIssue>();
  for (const issue of result.error.issues) {
    const [key] = issue.path;
    if (issue.path.length === 1 && typeof key === 'string' && !fields.has(key)) fields.set(key, issue);
  }
  return [...fields];
}

/** The issue `variant` reports at `key` for the value `kind`, or null when it takes that value. */
function kindIssue(variant: z.ZodMiniType, key: string, kind: unknown): ProbeIssue | null {
  const result = variant.safeParse({ [key]: kind });
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path.length === 1 && issue.path[0] === key) ?? null;
}

/**
 * Whether `schema` takes `value` for its field `key` (other fields aside): zod reports no issue
 * at that field for an object holding only it. Read through zod's public API only.
 */
function accepts(schema: z.ZodMiniType, key: string, value: unknown): boolean {
  const result = schema.safeParse({ [key]: value });
  return result.success || !result.error.issues.some((issue) => issue.path[0] === key);
}

/** A value no schema of the contract takes: a field refuses it when the schema names that field. */
const NOT_A_VALUE = Symbol('not a value');

/**
 * Whether `schema` names the field `key`: given only that field, with a value no field type
 * takes, zod reports an issue at it (an object of unknown fields keeps it without a word).
 */
function names(schema: z.ZodMiniType, key: string): boolean {
  return !accepts(schema, key, NOT_A_VALUE);
}

/**
 * The fallback of a union without a discriminant: an object of another form, one that carries
 * none of the fields the known variants name (a known form with a bad field does not fit, rather
 * than passing as an unknown one), so that `'emoji' in icon` narrows to the `emoji` variant.
 */
function unknownForm(variants: readonly z.ZodMiniType[]) {
  const named = new Map<string, boolean>();
  const isNamed = (key: string) => {
    let found = named.get(key);
    if (found === undefined) {
      found = variants.some((variant) => names(variant, key));
      if (named.size < 100) named.set(key, found);
    }
    return found;
  };
  return z
    .looseObject({})
    .check(
      z.refine(
        (value) => !Object.keys(value).some(isNamed),
        'a field of a known form, but the form does not fit',
      ),
    );
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
