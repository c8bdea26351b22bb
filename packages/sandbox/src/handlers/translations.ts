import {
  createTranslation,
  deleteTranslation,
  getGlossaryEntry,
  getTranslation,
  listGlossaryEntries,
  listTranslations,
  runTranslation,
  updateGlossary,
  updateTranslation,
  type GlossaryEntry,
  type Space,
  type Translation,
} from '@docs-api/sdk/contract';
import {
  APP_HOST,
  createRevision,
  flattenPages,
  primaryRevision,
  type PageRow,
  type RevisionContent,
} from '../content.js';
import { conflict, invalidField, notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { GlossaryEntryRow, Store, TranslationRow, TranslationStatsRow } from '../store.js';
import { requireOrganization } from './organizations.js';

/*
 * Translations and the glossary.
 *
 * A run is simulated, deterministically whatever the clock: `POST .../run` sets the status to
 * `running`; the first read of the translation after that (a GET of it, or a list holding it)
 * still shows `running`, so a waiter sees the run under way; the second read finishes it and
 * shows the outcome: `completed`, with the translated space written and the stats updated, or
 * `failed` (every run of the demo's `tr_legal_de` fails). Durations are measured on the
 * sandbox's clock.
 *
 * "Translating" copies the source space's primary revision into the translated space,
 * replacing every term of the glossary that has both languages (whole words, longest first).
 */

/** The language of a space the seed or a run gave none. */
export const DEFAULT_SPACE_LANGUAGE = 'en';

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
// "Translating" content.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The organization's glossary as `source term -> target term`, for the entries that have both. */
export function glossaryTerms(
  store: Store,
  organizationId: string,
  from: string,
  to: string,
): Map<string, string> {
  const terms = new Map<string, string>();
  for (const entry of store.glossary.values()) {
    const source = entry.translations[from];
    const target = entry.translations[to];
    if (entry.organization === organizationId && source && target) terms.set(source.toLowerCase(), target);
  }
  return terms;
}

/** Replaces whole-word glossary terms, case-insensitively; a capitalised term stays capitalised. */
export function applyGlossary(text: string, terms: ReadonlyMap<string, string>): string {
  if (terms.size === 0) return text;
  const alternatives = [...terms.keys()].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return text.replace(pattern, (match) => {
    const target = terms.get(match.toLowerCase()) ?? match;
    const first = match.charAt(0);
    return first !== first.toLowerCase() ? target.charAt(0).toUpperCase() + target.slice(1) : target;
  });
}

function translatePages(pages: readonly PageRow[], terms: ReadonlyMap<string, string>): PageRow[] {
  return pages.map((page) => ({
    ...structuredClone(page),
    title: applyGlossary(page.title, terms),
    ...(page.markdown !== undefined ? { markdown: applyGlossary(page.markdown, terms) } : {}),
    pages: translatePages(page.pages, terms),
  }));
}

export function translateContent(
  content: RevisionContent,
  terms: ReadonlyMap<string, string>,
): RevisionContent {
  return {
    pages: translatePages(content.pages, terms),
    files: structuredClone(content.files),
    reusableContents: structuredClone(content.reusableContents),
    variables: structuredClone(content.variables),
  };
}

/** Pages and words of content (computed pages count as pages with no words). */
export function measureContent(content: RevisionContent): { pages: number; words: number } {
  const pages = flattenPages(content.pages);
  const words = pages.reduce(
    (sum, { page }) => sum + (page.markdown ?? '').split(/\s+/).filter(Boolean).length,
    0,
  );
  return { pages: pages.length, words };
}

/** The space a translation's first run writes to: the source's look, in the target language. */
export function translatedSpace(source: Space, id: string, language: string, now: string): Space {
  return {
    object: 'space',
    id,
    title: `${source.title ?? source.id} (${language})`,
    ...(source.emoji ? { emoji: source.emoji } : {}),
    visibility: source.visibility ?? 'private',
    createdAt: now,
    updatedAt: now,
    editMode: 'live',
    ...(source.organization ? { organization: source.organization } : {}),
    ...(source.defaultLevel ? { defaultLevel: source.defaultLevel } : {}),
    language,
    urls: { app: `https://${APP_HOST}/s/${id}` },
  };
}

// ---------------------------------------------------------------------------------------------
// Runs.

function finishRun(store: Store, row: TranslationRow, startedAt: string): void {
  const now = store.now();
  const duration = Math.max(0, Date.parse(now) - Date.parse(startedAt));
  const stats = row.stats;
  stats.runs += 1;
  stats.latestRunDuration = duration;
  stats.totalDuration += duration;
  row.updatedAt = now;
  const source = row.source ? store.spaces.get(row.source.space) : undefined;
  if (row.failRuns || !row.source || !source) {
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

/** One read of a translation: moves a run under way one step (see the note at the top). */
function read(store: Store, row: TranslationRow): TranslationRow {
  if (row.run) {
    row.run.reads += 1;
    if (row.run.reads >= 2) {
      const { startedAt } = row.run;
      delete row.run;
      finishRun(store, row, startedAt);
    }
  }
  return row;
}

export function translationView(row: TranslationRow): Translation {
  return {
    object: 'translation',
    id: row.id,
    status: row.status,
    ...(row.source ? { source: { ...row.source } } : {}),
    language: row.language,
    ...(row.instructions ? { instructions: structuredClone(row.instructions) } : {}),
    ...(row.result ? { result: { ...row.result } } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    stats: { ...row.stats },
    permissions: { view: true, edit: true },
    urls: { location: `/v1/orgs/${row.organization}/translations/${row.id}` },
  };
}

export function glossaryEntryView(row: GlossaryEntryRow): GlossaryEntry {
  return {
    object: 'glossary-entry',
    id: row.id,
    translations: { ...row.translations },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    urls: { location: `/v1/orgs/${row.organization}/translations-glossary/${row.id}` },
  };
}

const normalise = (term: string) => term.trim().toLowerCase();

export const translationHandlers = [
  implement(listTranslations, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const rows = [...store.translations.values()].filter((row) => row.organization === params.organizationId);
    return paginate(
      rows.map((row) => translationView(read(store, row))),
      query,
    );
  }),

  implement(createTranslation, ({ store, params, body }) => {
    const organizationId = params.organizationId;
    requireOrganization(store, organizationId);
    let source: TranslationRow['source'];
    if (body.source) {
      const space = store.spaces.get(body.source.space);
      if (!space || space.organization !== organizationId) {
        throw invalidField(
          'body.source.space',
          `space "${body.source.space}" is not in organization "${organizationId}"`,
        );
      }
      const language = body.source.language ?? space.language ?? DEFAULT_SPACE_LANGUAGE;
      if (body.language === language) {
        throw invalidField(
          'body.language',
          `the target language must differ from the source's language (${language})`,
        );
      }
      for (const other of store.translations.values()) {
        if (other.source?.space === space.id && other.language === body.language) {
          throw conflict(`Space "${space.id}" already has a translation into ${body.language}: ${other.id}`);
        }
      }
      source = { space: space.id, language };
    }
    const now = store.now();
    const row: TranslationRow = {
      id: store.newId('tr'),
      organization: organizationId,
      status: 'pending',
      ...(source ? { source } : {}),
      language: body.language,
      ...(body.instructions ? { instructions: structuredClone(body.instructions) } : {}),
      createdAt: now,
      updatedAt: now,
      stats: emptyStats(),
    };
    store.translations.set(row.id, row);
    return translationView(row);
  }),

  implement(getTranslation, ({ store, params }) =>
    translationView(read(store, requireTranslation(store, params.organizationId, params.translationId))),
  ),

  implement(updateTranslation, ({ store, params, body }) => {
    const row = requireTranslation(store, params.organizationId, params.translationId);
    row.instructions = structuredClone(body.instructions);
    row.updatedAt = store.now();
    return translationView(row);
  }),

  implement(deleteTranslation, ({ store, params }) => {
    const row = requireTranslation(store, params.organizationId, params.translationId);
    store.translations.delete(row.id);
  }),

  implement(runTranslation, ({ store, params }) => {
    const row = requireTranslation(store, params.organizationId, params.translationId);
    if (row.run) throw conflict(`Translation "${row.id}" is already running: wait for the run to finish`);
    if (!row.source) throw conflict(`Translation "${row.id}" has no source space to translate`);
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
    return paginate(rows.map(glossaryEntryView), query);
  }),

  implement(updateGlossary, ({ store, params, body }) => {
    const organizationId = params.organizationId;
    requireOrganization(store, organizationId);
    // Every operation is checked before any applies: a request changes all or nothing.
    const taken = new Map<string, string>();
    for (const entry of store.glossary.values()) {
      if (entry.organization !== organizationId) continue;
      for (const [language, term] of Object.entries(entry.translations)) {
        taken.set(`${language}\u0000${normalise(term)}`, `entry ${entry.id}`);
      }
    }
    const inserts: Array<Record<string, string>> = [];
    body.operations.forEach((operation, index) => {
      const at = `body.operations.${index}`;
      if (operation.type !== 'insert') {
        throw invalidField(
          `${at}.type`,
          `"${operation.type}" is not an operation the sandbox knows (it knows insert)`,
        );
      }
      const translations = operation.translations ?? {};
      for (const [language, term] of Object.entries(translations)) {
        const key = `${language}\u0000${normalise(term)}`;
        const holder = taken.get(key);
        if (holder) {
          throw invalidField(
            `${at}.translations.${language}`,
            `"${term}" is already in the glossary (${holder})`,
          );
        }
        taken.set(key, `operation ${index}`);
      }
      inserts.push(translations);
    });
    const now = store.now();
    for (const translations of inserts) {
      const id = store.newId('gl');
      store.glossary.set(id, {
        id,
        organization: organizationId,
        translations: Object.fromEntries(
          Object.entries(translations).map(([language, term]) => [language, term.trim()]),
        ),
        createdAt: now,
        updatedAt: now,
      });
    }
  }),

  implement(getGlossaryEntry, ({ store, params }) =>
    glossaryEntryView(requireGlossaryEntry(store, params.organizationId, params.glossaryEntryId)),
  ),
];
