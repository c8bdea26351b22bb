import * as z from 'zod/mini';
import { DocumentInput, DocumentSchema } from './common.js';
import { defineOperation } from './operation.js';
import {
  CONTENT_LANGUAGES,
  listOf,
  loose,
  openEnum,
  pageQuery,
  PermissionsSchema,
  strict,
} from './schema.js';

const AREA = 'Translations and glossary';

/**
 * The languages a translation or a glossary term can be in: the published document's
 * `TranslationLanguage` (the extract calls it an enum and shows only `en`). Requests take only
 * these codes; answers are read with any string.
 */
export const TRANSLATION_LANGUAGES = CONTENT_LANGUAGES;
/** A language code the service translates into, e.g. `fr` or `pt-br`. */
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/**
 * Translation statuses, from the published document (the extract shows only `pending`).
 * Any other string is read too: the document names no failure status, and the service may add one.
 */
export const TRANSLATION_STATUSES = ['pending', 'running', 'completed'] as const;

const LANGUAGE_LIST = `a language code the service supports (${TRANSLATION_LANGUAGES.join(', ')})`;
const LANGUAGE_MESSAGE = `must be ${LANGUAGE_LIST}`;

/** A language code in a request: one of `TRANSLATION_LANGUAGES`. */
export const LanguageInput = /* @__PURE__ */ z.lazy(() =>
  z.enum(TRANSLATION_LANGUAGES, { error: LANGUAGE_MESSAGE }),
);

/** A language code in an answer: the document's codes are typed, any other string is read. */
const LanguageSchema = /* @__PURE__ */ z.lazy(() => openEnum(TRANSLATION_LANGUAGES));

export const TranslationSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('translation'),
    id: z.string(),
    /** `pending`, `running` or `completed` (the published document's values); other strings are read. */
    status: z.optional(openEnum(TRANSLATION_STATUSES)),
    /** The space translated and the language it is written in. */
    source: z.nullable(
      z.optional(loose({ space: z.optional(z.string()), language: z.optional(LanguageSchema) })),
    ),
    /** The target language, e.g. `fr`. */
    language: z.optional(LanguageSchema),
    /** Guidance for the translator (tone, terms to keep). */
    instructions: z.nullable(z.optional(DocumentSchema)),
    /** Where the last successful run wrote: the translated space, its revision, and their language. */
    result: z.nullable(
      z.optional(
        loose({
          space: z.optional(z.string()),
          revision: z.optional(z.string()),
          language: z.optional(LanguageSchema),
        }),
      ),
    ),
    createdAt: z.optional(z.string()),
    updatedAt: z.optional(z.string()),
    /** Run statistics: counts, and durations in seconds (integers in the published document). */
    stats: z.optional(
      loose({
        /** How many times the translation has run. */
        runs: z.optional(z.number()),
        /** Words counted toward translation usage over all runs. */
        totalWords: z.optional(z.number()),
        /** Unique pages translated over all runs. */
        totalPages: z.optional(z.number()),
        /** Duration of all runs, in seconds. */
        totalDuration: z.optional(z.number()),
        /** Duration of the latest run, in seconds. */
        latestRunDuration: z.optional(z.number()),
        /** Unique pages translated by the latest run. */
        latestPages: z.optional(z.number()),
        /** Words counted toward translation usage by the latest run. */
        latestWords: z.optional(z.number()),
      }),
    ),
    /** What the caller may do: `view`, `edit`. */
    permissions: z.optional(PermissionsSchema),
    urls: z.optional(
      loose({
        /** The translation in the API. */
        location: z.optional(z.string()),
      }),
    ),
  }),
);
export type Translation = z.infer<typeof TranslationSchema>;

export const GlossaryEntrySchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('glossary-entry'),
    id: z.string(),
    /**
     * The term in each language, by language code (`TranslationLanguage`, though any key is read):
     * `{ en: 'workspace', fr: 'espace de travail' }`.
     */
    translations: z.optional(z.record(z.string(), z.string())),
    createdAt: z.optional(z.string()),
    updatedAt: z.string(),
    urls: z.optional(
      loose({
        /** The entry in the API. */
        location: z.optional(z.string()),
      }),
    ),
  }),
);
export type GlossaryEntry = z.infer<typeof GlossaryEntrySchema>;

export const TranslationCreateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** The target language. */
    language: LanguageInput,
    /**
     * The space to translate and the language it is written in. Both are required by the
     * published document (the extract shows `source` as optional).
     */
    source: strict({ space: z.string().check(z.minLength(1)), language: LanguageInput }),
    /** Guidance for the translator (a rich-text document: see `documentFromText`). */
    instructions: z.optional(DocumentInput),
  }),
);
export type TranslationCreateBody = z.input<typeof TranslationCreateBody>;

export const TranslationUpdateBody = /* @__PURE__ */ z.lazy(() => strict({ instructions: DocumentInput }));
export type TranslationUpdateBody = z.input<typeof TranslationUpdateBody>;

/** The published document's limits on a glossary term: 1 to 255 characters, on one line. */
export const GLOSSARY_TERM_MAX_LENGTH = 255;
const GlossaryTermInput = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(GLOSSARY_TERM_MAX_LENGTH),
      z.regex(/^[^\n\r]*$/, 'must be on one line'),
    ),
);

const isLanguage = (value: unknown): value is TranslationLanguage =>
  (TRANSLATION_LANGUAGES as readonly unknown[]).includes(value);

/** A term per language, by language code: `{ en: 'workspace', fr: 'espace de travail' }`. */
export const GlossaryTermsInput = /* @__PURE__ */ z.lazy(() =>
  z
    // A key checked one by one (not `z.enum`), so a bad key is named as not being a language code.
    .partialRecord(z.custom<TranslationLanguage>(isLanguage), GlossaryTermInput, {
      error: (issue) => (issue.code === 'invalid_key' ? `is not ${LANGUAGE_LIST}` : undefined),
    })
    .check(z.refine((terms) => Object.keys(terms).length > 0, 'needs a term in at least one language')),
);
export type GlossaryTerms = z.input<typeof GlossaryTermsInput>;

const glossaryEntryId = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1)));

/**
 * One glossary operation, as the published document's `GlossaryBatchOperation` has them
 * (the extract shows only `insert`): `insert` a new entry, `update` an entry's terms (by `id`),
 * `delete` an entry (by `id`).
 */
export const GlossaryOperationInput = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    strict({ type: z.literal('insert'), translations: GlossaryTermsInput }),
    strict({ type: z.literal('update'), id: glossaryEntryId, translations: GlossaryTermsInput }),
    strict({ type: z.literal('delete'), id: glossaryEntryId }),
  ]),
);
export type GlossaryOperation = z.input<typeof GlossaryOperationInput>;

export const GlossaryUpdateBody = /* @__PURE__ */ z.lazy(() =>
  strict({ operations: z.array(GlossaryOperationInput).check(z.minLength(1)) }),
);
export type GlossaryUpdateBody = z.input<typeof GlossaryUpdateBody>;

export const TranslationListQuery = /* @__PURE__ */ z.lazy(() => strict({ ...pageQuery() }));
export type TranslationListQuery = z.input<typeof TranslationListQuery>;

export const GlossaryListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** From the published API document: sort the entries by their term in this language. */
    orderBy: z.optional(LanguageInput),
  }),
);
export type GlossaryListQuery = z.input<typeof GlossaryListQuery>;

const TRANSLATIONS = '/v1/orgs/{organizationId}/translations' as const;
const TRANSLATION = `${TRANSLATIONS}/{translationId}` as const;
const GLOSSARY = '/v1/orgs/{organizationId}/translations-glossary' as const;

export const listTranslations = /* @__PURE__ */ defineOperation({
  id: 'translations.list',
  area: AREA,
  summary: 'List the translations of an organization',
  method: 'GET',
  idempotent: true,
  path: TRANSLATIONS,
  query: TranslationListQuery,
  status: 200,
  response: () => listOf(TranslationSchema),
  paginated: true,
});

export const createTranslation = /* @__PURE__ */ defineOperation({
  id: 'translations.create',
  area: AREA,
  summary: 'Create a translation of a space into a language',
  method: 'POST',
  idempotent: false,
  path: TRANSLATIONS,
  body: TranslationCreateBody,
  // The extract shows no code; the published document answers 201.
  status: 201,
  response: TranslationSchema,
});

export const getTranslation = /* @__PURE__ */ defineOperation({
  id: 'translations.get',
  area: AREA,
  summary: 'Get a translation',
  method: 'GET',
  idempotent: true,
  path: TRANSLATION,
  status: 200,
  response: TranslationSchema,
});

export const updateTranslation = /* @__PURE__ */ defineOperation({
  id: 'translations.update',
  area: AREA,
  summary: "Replace a translation's instructions",
  method: 'PUT',
  idempotent: true,
  path: TRANSLATION,
  body: TranslationUpdateBody,
  status: 200,
  response: TranslationSchema,
});

export const deleteTranslation = /* @__PURE__ */ defineOperation({
  id: 'translations.delete',
  area: AREA,
  summary: 'Delete a translation',
  method: 'DELETE',
  idempotent: true,
  path: TRANSLATION,
  // The published document: 204 when the translation did not exist, 205 when it was deleted.
  // Both are read the same (no content).
  status: 204,
});

export const runTranslation = /* @__PURE__ */ defineOperation({
  id: 'translations.run',
  area: AREA,
  summary: 'Start a run of a translation',
  method: 'POST',
  idempotent: false,
  path: `${TRANSLATION}/run`,
  status: 204,
});

export const listGlossaryEntries = /* @__PURE__ */ defineOperation({
  id: 'glossary.list',
  area: AREA,
  summary: "List the entries of an organization's translation glossary",
  method: 'GET',
  idempotent: true,
  path: GLOSSARY,
  query: GlossaryListQuery,
  status: 200,
  response: () => listOf(GlossaryEntrySchema),
  paginated: true,
});

export const updateGlossary = /* @__PURE__ */ defineOperation({
  id: 'glossary.update',
  area: AREA,
  summary: 'Apply operations (insert, update, delete entries) to the glossary',
  method: 'PUT',
  idempotent: false,
  path: GLOSSARY,
  body: GlossaryUpdateBody,
  status: 204,
});

export const getGlossaryEntry = /* @__PURE__ */ defineOperation({
  id: 'glossary.get',
  area: AREA,
  summary: 'Get a glossary entry',
  method: 'GET',
  idempotent: true,
  path: `${GLOSSARY}/{glossaryEntryId}`,
  status: 200,
  response: GlossaryEntrySchema,
});

export const translationOperations = [
  listTranslations,
  createTranslation,
  getTranslation,
  updateTranslation,
  deleteTranslation,
  runTranslation,
  listGlossaryEntries,
  updateGlossary,
  getGlossaryEntry,
] as const;
