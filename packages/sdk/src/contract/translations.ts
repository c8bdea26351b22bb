import { z } from 'zod';
import { DocumentInput, DocumentSchema, PermissionsSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';

const AREA = 'Translations and glossary';

/**
 * Translation statuses. The contract shows only `pending`; `running`, `completed` and `failed`
 * are the names the sandbox uses and the SDK types as known (any other string is accepted).
 */
export const TRANSLATION_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;

/** Statuses in which a run is still under way: the waiter keeps polling while it sees one. */
export const TRANSLATION_IN_PROGRESS_STATUSES: readonly string[] = ['pending', 'running'];

/** Statuses that mean the last run did not succeed (guessed names: the contract shows none). */
export const TRANSLATION_FAILED_STATUSES: readonly string[] = [
  'failed',
  'error',
  'errored',
  'cancelled',
  'canceled',
];

/**
 * A language code in a request. The contract calls `language` an enum and shows only `en`;
 * a BCP-47-like code (`fr`, `pt-BR`, `zh-Hans`) is accepted and the server decides.
 */
export const LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const LANGUAGE_MESSAGE = 'must be a language code such as en, fr or pt-BR';
export const LanguageInput = z.string().regex(LANGUAGE_PATTERN, LANGUAGE_MESSAGE);

export const TranslationSchema = loose({
  object: z.literal('translation'),
  id: z.string(),
  status: openEnum(TRANSLATION_STATUSES),
  /** The space translated and the language it is written in. */
  source: loose({ space: z.string().optional(), language: z.string().optional() }).optional().nullable(),
  /** The target language. */
  language: openEnum(['en']),
  /** Guidance for the translator (tone, terms to keep). */
  instructions: DocumentSchema.optional().nullable(),
  /** Where the last successful run wrote: the translated space and its revision. */
  result: loose({ space: z.string().optional(), revision: z.string().optional() }).optional().nullable(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  stats: loose({
    runs: z.number().optional(),
    totalWords: z.number().optional(),
    totalPages: z.number().optional(),
    totalDuration: z.number().optional(),
    latestRunDuration: z.number().optional(),
    latestPages: z.number().optional(),
    latestWords: z.number().optional(),
  }).optional(),
  permissions: PermissionsSchema.optional(),
  urls: loose({ location: z.string().optional() }).optional(),
});
export type Translation = z.infer<typeof TranslationSchema>;

export const GlossaryEntrySchema = loose({
  object: z.literal('glossary-entry'),
  id: z.string(),
  /** The term in each language, by language code. */
  translations: z.record(z.string(), z.string()).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string(),
  urls: loose({ location: z.string().optional() }).optional(),
});
export type GlossaryEntry = z.infer<typeof GlossaryEntrySchema>;

export const TranslationCreateBody = strict({
  /** The target language. */
  language: LanguageInput,
  /** The space to translate; `language` is the language it is written in (the server infers it when omitted). */
  source: strict({ space: z.string().min(1), language: LanguageInput.optional() }).optional(),
  instructions: DocumentInput.optional(),
});
export type TranslationCreateBody = z.input<typeof TranslationCreateBody>;

export const TranslationUpdateBody = strict({ instructions: DocumentInput });
export type TranslationUpdateBody = z.input<typeof TranslationUpdateBody>;

/** A term per language, by language code: `{ en: 'workspace', fr: 'espace de travail' }`. */
export const GlossaryTermsInput = z.record(LanguageInput, z.string().trim().min(1), {
  error: (issue) =>
    issue.code === 'invalid_key' ? `is not a language code (${LANGUAGE_MESSAGE})` : undefined,
});
export type GlossaryTerms = z.input<typeof GlossaryTermsInput>;

/**
 * One glossary operation. `insert` (the only type the contract shows) needs a non-empty
 * `translations` map and nothing else; other types are sent as given, for the server to judge.
 */
export const GlossaryOperationInput = z
  .looseObject({ type: z.string().min(1), translations: GlossaryTermsInput.optional() })
  .superRefine((operation, context) => {
    if (operation.type !== 'insert') return;
    if (operation.translations === undefined) {
      context.addIssue({ code: 'custom', path: ['translations'], message: 'is required' });
    } else if (Object.keys(operation.translations).length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['translations'],
        message: 'needs a term in at least one language',
      });
    }
    for (const key of Object.keys(operation)) {
      if (key !== 'type' && key !== 'translations') {
        context.addIssue({ code: 'custom', path: [key], message: 'is not a known field' });
      }
    }
  });
export type GlossaryOperation = z.input<typeof GlossaryOperationInput>;

export const GlossaryUpdateBody = strict({ operations: z.array(GlossaryOperationInput).min(1) });
export type GlossaryUpdateBody = z.input<typeof GlossaryUpdateBody>;

export const TranslationListQuery = strict({ ...pageQuery });
export type TranslationListQuery = z.input<typeof TranslationListQuery>;

const TRANSLATIONS = '/v1/orgs/{organizationId}/translations' as const;
const TRANSLATION = `${TRANSLATIONS}/{translationId}` as const;
const GLOSSARY = '/v1/orgs/{organizationId}/translations-glossary' as const;

export const listTranslations = defineOperation({
  id: 'translations.list',
  area: AREA,
  summary: 'List the translations of an organization',
  method: 'GET',
  idempotent: true,
  path: TRANSLATIONS,
  query: TranslationListQuery,
  status: 200,
  response: listOf(TranslationSchema),
  paginated: true,
});

export const createTranslation = defineOperation({
  id: 'translations.create',
  area: AREA,
  summary: 'Create a translation of a space into a language',
  method: 'POST',
  idempotent: false,
  path: TRANSLATIONS,
  body: TranslationCreateBody,
  // The contract shows no code for this creation; 201 as for the other creations.
  status: 201,
  response: TranslationSchema,
});

export const getTranslation = defineOperation({
  id: 'translations.get',
  area: AREA,
  summary: 'Get a translation',
  method: 'GET',
  idempotent: true,
  path: TRANSLATION,
  status: 200,
  response: TranslationSchema,
});

export const updateTranslation = defineOperation({
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

export const deleteTranslation = defineOperation({
  id: 'translations.delete',
  area: AREA,
  summary: 'Delete a translation',
  method: 'DELETE',
  idempotent: true,
  path: TRANSLATION,
  status: 204,
});

export const runTranslation = defineOperation({
  id: 'translations.run',
  area: AREA,
  summary: 'Start a run of a translation',
  method: 'POST',
  idempotent: false,
  path: `${TRANSLATION}/run`,
  status: 204,
});

export const listGlossaryEntries = defineOperation({
  id: 'glossary.list',
  area: AREA,
  summary: "List the entries of an organization's translation glossary",
  method: 'GET',
  idempotent: true,
  path: GLOSSARY,
  query: strict({ ...pageQuery }),
  status: 200,
  response: listOf(GlossaryEntrySchema),
  paginated: true,
});

export const updateGlossary = defineOperation({
  id: 'glossary.update',
  area: AREA,
  summary: 'Apply operations (such as inserting terms) to the glossary',
  method: 'PUT',
  idempotent: false,
  path: GLOSSARY,
  body: GlossaryUpdateBody,
  status: 204,
});

export const getGlossaryEntry = defineOperation({
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
