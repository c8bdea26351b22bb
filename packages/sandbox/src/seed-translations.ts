import { documentFromText } from '@docs-api/sdk/contract';
import { requireRevision } from './content.js';
import {
  emptyTranslationStats,
  glossaryTerms,
  measureContent,
  translateContent,
  translatedSpace,
} from './handlers/translations.js';
import type { Store } from './store.js';

const ORG = 'org_acme';
const at = (day: number, time: string) => `2026-01-${String(day).padStart(2, '0')}T${time}:00.000Z`;

/**
 * The demo's glossary and translations:
 * - glossary entries `gl_workspace`, `gl_change_request` and `gl_handbook`;
 * - `tr_handbook_fr`: space_handbook (en) into French, run once, completed, written to
 *   `space_handbook_fr` (revision `rev_handbook_fr_1`, the handbook with the glossary applied);
 * - `tr_legal_de`: space_legal (en) into German, created and not run yet (`pending`).
 * Every value is one the published document lists (statuses, languages); stats durations are in
 * seconds.
 * Needs the change-request seed first: it translates the handbook's revision `rev_handbook_2`.
 */
export function seedTranslations(store: Store): void {
  for (const [id, translations] of [
    ['gl_workspace', { en: 'workspace', fr: 'espace de travail' }],
    ['gl_change_request', { en: 'change request', fr: 'demande de modification', de: 'Änderungsanfrage' }],
    ['gl_handbook', { en: 'handbook', fr: 'manuel', de: 'Handbuch' }],
  ] as const) {
    store.glossary.set(id, {
      id,
      organization: ORG,
      translations: { ...translations },
      createdAt: at(4, '09:00'),
      updatedAt: at(4, '09:00'),
    });
  }

  const handbook = store.spaces.get('space_handbook');
  if (!handbook) throw new Error('seed: no space space_handbook');
  const translated = translateContent(
    requireRevision(store, 'rev_handbook_2'),
    glossaryTerms(store, ORG, 'en', 'fr'),
  );
  const { pages, words } = measureContent(translated);
  const finishedAt = at(9, '10:00');
  const space = translatedSpace(handbook, 'space_handbook_fr', 'fr', finishedAt);
  space.revision = 'rev_handbook_fr_1';
  store.spaces.set(space.id, space);
  store.revisions.set('rev_handbook_fr_1', {
    id: 'rev_handbook_fr_1',
    space: space.id,
    parents: [],
    createdAt: finishedAt,
    message: 'Translation of space_handbook into fr (run 1)',
    ...translated,
  });

  const runDuration = 42;
  store.translations.set('tr_handbook_fr', {
    id: 'tr_handbook_fr',
    organization: ORG,
    status: 'completed',
    source: { space: 'space_handbook', language: 'en' },
    language: 'fr',
    instructions: documentFromText('Use the formal register (vous).\nKeep product names in English.'),
    result: { space: space.id, revision: 'rev_handbook_fr_1' },
    createdAt: at(9, '09:00'),
    updatedAt: finishedAt,
    stats: {
      runs: 1,
      totalWords: words,
      totalPages: pages,
      totalDuration: runDuration,
      latestRunDuration: runDuration,
      latestPages: pages,
      latestWords: words,
    },
  });

  store.translations.set('tr_legal_de', {
    id: 'tr_legal_de',
    organization: ORG,
    status: 'pending',
    source: { space: 'space_legal', language: 'en' },
    language: 'de',
    instructions: documentFromText('Use the formal register (Sie).'),
    createdAt: at(10, '11:00'),
    updatedAt: at(10, '11:00'),
    stats: emptyTranslationStats(),
  });
}
