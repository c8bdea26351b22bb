import {
  createTranslation,
  deleteTranslation,
  getGlossaryEntry,
  getTranslation,
  listGlossaryEntries,
  listTranslations,
  runTranslation,
  type JSONDocumentParam,
  updateGlossaryEntries,
  updateTranslation,
  type GlossaryEntry,
  type Translation,
} from '@docs-api/sdk/contract';
import { createRevision, primaryRevision } from '../content.js';
import { conflict, invalidField, notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { GlossaryEntryRow, Store, TranslationRow, TranslationStatsRow } from '../store.js';
import { requireOrganization } from '../domain/organizations.js';
import { glossaryTerms, translateContent, measureContent, translatedSpace } from '../domain/translations.js';

/*
 * Translations and the glossary, answered as the published document describes them (every
 * field it requires, absolute `urls.location`, its status and language values only).
 *
 * A run is simulated, deterministically whatever the clock: `POST .../run` sets the status to
 * `running`; the first read of the translation after that (a GET of it, or a list holding it)
 * still shows `running`, so a waiter sees the run under way; the second read finishes it and
 * shows the outcome: `completed`, with the translated space written and the stats updated. A
 * read once the sandbox's clock is a minute (`RUN_MS`) past the start finishes it too.
 * Durations are measured on the sandbox's clock, in whole seconds (a run counts at least 1 s).
 * The document has no failure status; a row a test marks `failRuns` ends its runs `failed`.
 *
 * "Translating" copies the source space's primary revision into the translated space,
 * replacing every term of the glossary that has both languages (whole words, longest first).
 */

/** The instructions of a translation created without any: an empty document. */
const NO_INSTRUCTIONS: JSONDocumentParam = { object: 'document', data: {}, nodes: [] };

/** What the sandbox's only user, an admin of every seeded organization, may do with a translation. */
const TRANSLATION_PERMISSIONS = { view: true, edit: true };

const emptyStats = (): TranslationStatsRow => ({
  runs: 0,
  totalWords: 0,
  totalPages: 0,
  totalDuration: 0,
  latestRunDuration: 0,
  latestPages: 0,
  latestWords: 0,
});
export { emptyStats as emptyTranslationStats };

/** A 400 naming one field, in the same shape as the sandbox's validation errors. */
function requireTranslation(store: Store, organizationId: string, translationId: string): TranslationRow {
  requireOrganization(store, organizationId);
  const row = store.translations.get(translationId);
  if (!row || row.organization !== organizationId) throw notFound('translation', translationId);
  return row;
}

function requireGlossaryEntry(store: Store, organizationId: string, entryId: string): GlossaryEntryRow {
  requireOrganization(store, organizationId);
  const row = store.glossary.get(entryId);
  if (!row || row.organization !== organizationId) throw notFound('glossary entry', entryId);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Runs.

function finishRun(store: Store, row: TranslationRow, startedAt: string): void {
  const now = store.now();
  // Whole seconds, as the published document counts them; a run takes at least one.
  const duration = Math.max(1, Math.ceil((Date.parse(now) - Date.parse(startedAt)) / 1000));
  const stats = row.stats;
  stats.runs += 1;
  stats.latestRunDuration = duration;
  stats.totalDuration += duration;
  row.updatedAt = now;
  const source = store.spaces.get(row.source.space);
  if (row.failRuns || !source) {
    row.status = 'failed';
    stats.latestPages = 0;
    stats.latestWords = 0;
    return;
  }
  const terms = glossaryTerms(store, row.organization, row.source.language, row.language);
  const content = translateContent(primaryRevision(store, source), terms);
  const { pages, words } = measureContent(content);
  let target = row.result ? store.spaces.get(row.result.space) : undefined;
  if (!target) {
    target = translatedSpace(source, store.newId('space'), row.language, now);
    store.spaces.set(target.id, target);
  }
  const revision = createRevision(
    store,
    target.id,
    content,
    target.revision ? [target.revision] : [],
    `Translation of ${source.id} into ${row.language} (run ${stats.runs})`,
  );
  target.revision = revision.id;
  target.updatedAt = now;
  row.result = { space: target.id, revision: revision.id };
  row.status = 'completed';
  stats.latestPages = pages;
  stats.latestWords = words;
  stats.totalPages += pages;
  stats.totalWords += words;
}

/** A run ends by this much time on the sandbox's clock, whatever the reads (see sandbox.clock.advance). */
export const RUN_MS = 60_000;

/** One read of a translation: moves a run under way one step (see the note at the top). */
function read(store: Store, row: TranslationRow): TranslationRow {
  if (row.run) {
    row.run.reads += 1;
    if (row.run.reads >= 2 || Date.parse(store.now()) - Date.parse(row.run.startedAt) >= RUN_MS) {
      const { startedAt } = row.run;
      delete row.run;
      finishRun(store, row, startedAt);
    }
  }
  return row;
}

export function translationView(store: Store, row: TranslationRow): Translation {
  return {
    object: 'translation',
    id: row.id,
    status: row.status,
    source: { ...row.source },
    language: row.language,
    instructions: structuredClone(row.instructions ?? NO_INSTRUCTIONS),
    ...(row.result ? { result: { ...row.result, language: row.language } } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    stats: { ...row.stats },
    permissions: { ...TRANSLATION_PERMISSIONS },
    urls: { location: store.apiUrl(`/orgs/${row.organization}/translations/${row.id}`) },
  };
}

export function glossaryEntryView(store: Store, row: GlossaryEntryRow): GlossaryEntry {
  return {
    object: 'glossary-entry',
    id: row.id,
    translations: { ...row.translations },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    urls: { location: store.apiUrl(`/orgs/${row.organization}/translations-glossary/${row.id}`) },
  };
}

/** Entries sorted by their term in `language` (entries without one last), else as inserted. */
function orderGlossary(rows: GlossaryEntryRow[], language: string | undefined): GlossaryEntryRow[] {
  if (language === undefined) return rows;
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    const first = a.translations[language];
    const second = b.translations[language];
    if (first === undefined || second === undefined) return first === second ? 0 : first ? -1 : 1;
    return collator.compare(first, second);
  });
}

const normalise = (term: string) => term.trim().toLowerCase();

function sameTerms(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export const translationHandlers = [
  implement(listTranslations, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const rows = [...store.translations.values()].filter((row) => row.organization === params.organizationId);
    return paginate(
      rows.map((row) => translationView(store, read(store, row))),
      query,
    );
  }),

  implement(createTranslation, ({ store, params, body }) => {
    const organizationId = params.organizationId;
    requireOrganization(store, organizationId);
    // The published document requires both (TranslationSource); the generated request schema
    // does not yet (the overlay's relaxation of the answer reaches it: see docs/contract-notes.md).
    const { space: sourceSpace, language } = body.source;
    if (sourceSpace === undefined) throw invalidField('body.source.space', 'is required');
    if (language === undefined) throw invalidField('body.source.language', 'is required');
    const space = store.spaces.get(sourceSpace);
    if (!space || space.organization !== organizationId) {
      throw invalidField(
        'body.source.space',
        `space "${sourceSpace}" is not in organization "${organizationId}"`,
      );
    }
    if (body.language === language) {
      throw invalidField(
        'body.language',
        `the target language must differ from the source's language (${language})`,
      );
    }
    for (const other of store.translations.values()) {
      if (other.source.space === space.id && other.language === body.language) {
        throw conflict(`Space "${space.id}" already has a translation into ${body.language}: ${other.id}`);
      }
    }
    const now = store.now();
    const row: TranslationRow = {
      id: store.newId('tr'),
      organization: organizationId,
      status: 'pending',
      source: { space: space.id, language },
      language: body.language,
      ...(body.instructions ? { instructions: structuredClone(body.instructions) } : {}),
      createdAt: now,
      updatedAt: now,
      stats: emptyStats(),
    };
    store.translations.set(row.id, row);
    return translationView(store, row);
  }),

  implement(getTranslation, ({ store, params }) =>
    translationView(
      store,
      read(store, requireTranslation(store, params.organizationId, params.translationId)),
    ),
  ),

  implement(updateTranslation, ({ store, params, body }) => {
    const row = requireTranslation(store, params.organizationId, params.translationId);
    row.instructions = structuredClone(body.instructions);
    row.updatedAt = store.now();
    return translationView(store, row);
  }),

  // As the published document: deleting a translation that does not exist succeeds ("did not
  // exist"); the sandbox answers 204 either way (the service answers 205 when it deleted one).
  implement(deleteTranslation, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    const row = store.translations.get(params.translationId);
    if (row?.organization === params.organizationId) store.translations.delete(row.id);
  }),

  implement(runTranslation, ({ store, params }) => {
    const row = requireTranslation(store, params.organizationId, params.translationId);
    if (row.run) throw conflict(`Translation "${row.id}" is already running: wait for the run to finish`);
    if (!store.spaces.has(row.source.space)) {
      throw conflict(`The source space "${row.source.space}" of translation "${row.id}" no longer exists`);
    }
    const now = store.now();
    row.run = { startedAt: now, reads: 0 };
    row.status = 'running';
    row.updatedAt = now;
  }),

  implement(listGlossaryEntries, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const rows = [...store.glossary.values()].filter((row) => row.organization === params.organizationId);
    return paginate(
      orderGlossary(rows, query.orderBy).map((row) => glossaryEntryView(store, row)),
      query,
    );
  }),

  implement(updateGlossaryEntries, ({ store, params, body }) => {
    const organizationId = params.organizationId;
    requireOrganization(store, organizationId);
    // The operations apply in order to a draft of the organization's glossary, and the draft
    // is kept only when every one of them is valid: a request changes all or nothing.
    const draft = new Map<string, { translations: Record<string, string>; holder: string }>();
    for (const entry of store.glossary.values()) {
      if (entry.organization === organizationId) {
        draft.set(entry.id, { translations: { ...entry.translations }, holder: `entry ${entry.id}` });
      }
    }
    const checkTerms = (at: string, key: string, translations: Record<string, string>) => {
      for (const [language, term] of Object.entries(translations)) {
        for (const [otherKey, other] of draft) {
          const held = other.translations[language];
          if (otherKey !== key && held !== undefined && normalise(held) === normalise(term)) {
            throw invalidField(
              `${at}.translations.${language}`,
              `"${term}" is already in the glossary (${other.holder})`,
            );
          }
        }
      }
    };
    const trimmed = (translations: Partial<Record<string, string>>) =>
      Object.fromEntries(
        Object.entries(translations).flatMap(([language, term]) =>
          term === undefined ? [] : [[language, term.trim()]],
        ),
      );
    const inserted: string[] = [];
    body.operations.forEach((operation, index) => {
      const at = `body.operations.${index}`;
      if (operation.type === 'delete') {
        // As deletes elsewhere in the document: an entry that does not exist is no error.
        draft.delete(operation.id);
        return;
      }
      const translations = trimmed(operation.translations);
      if (operation.type === 'insert') {
        const key = `\u0000${index}`;
        checkTerms(at, key, translations);
        draft.set(key, { translations, holder: `operation ${index}` });
        inserted.push(key);
        return;
      }
      const entry = draft.get(operation.id);
      if (!entry) {
        throw invalidField(`${at}.id`, `glossary entry "${operation.id}" was not found`);
      }
      checkTerms(at, operation.id, translations);
      // An update replaces the entry's terms: a language it leaves out is removed.
      entry.translations = translations;
    });

    const now = store.now();
    for (const entry of [...store.glossary.values()]) {
      if (entry.organization !== organizationId) continue;
      const kept = draft.get(entry.id);
      if (!kept) store.glossary.delete(entry.id);
      else if (!sameTerms(kept.translations, entry.translations)) {
        entry.translations = kept.translations;
        entry.updatedAt = now;
      }
    }
    for (const key of inserted) {
      const translations = draft.get(key)?.translations;
      if (!translations) continue;
      const id = store.newId('gl');
      store.glossary.set(id, {
        id,
        organization: organizationId,
        translations,
        createdAt: now,
        updatedAt: now,
      });
    }
  }),

  implement(getGlossaryEntry, ({ store, params }) =>
    glossaryEntryView(store, requireGlossaryEntry(store, params.organizationId, params.glossaryEntryId)),
  ),
];
