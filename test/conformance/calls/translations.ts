import { documentFromText } from '@docs-api/sdk/contract';
import { ORG, type AreaCalls } from './types.js';

/** Instructions are the caller's document, sent as given: paragraphs of text. */
const instructions = documentFromText('Keep product names in English.\nUse the informal you.');

export const translationCalls: AreaCalls = {
  'translations.list': {
    full: (c) => c.translations.list(ORG, { limit: 10, page: 'p2' }),
    seed: (c) => c.translations.list(ORG),
  },
  'translations.create': {
    full: (c) =>
      c.translations.create(ORG, {
        language: 'de',
        source: { space: 'space_guides', language: 'en' },
        instructions,
      }),
    seed: (c) =>
      c.translations.create(ORG, { language: 'de', source: { space: 'space_guides', language: 'en' } }),
  },
  'translations.get': {
    full: (c) => c.translations.get(ORG, 'tr_handbook_fr'),
    seed: (c) => c.translations.get(ORG, 'tr_handbook_fr'),
  },
  'translations.update': {
    full: (c) => c.translations.update(ORG, 'tr_handbook_fr', { instructions }),
    seed: (c) => c.translations.update(ORG, 'tr_handbook_fr', { instructions }),
  },
  'translations.delete': {
    full: (c) => c.translations.delete(ORG, 'tr_legal_de'),
    seed: (c) => c.translations.delete(ORG, 'tr_legal_de'),
  },
  'translations.run': {
    full: (c) => c.translations.run(ORG, 'tr_handbook_fr'),
    seed: (c) => c.translations.run(ORG, 'tr_handbook_fr'),
  },
  'glossary.list': {
    full: (c) => c.glossary.list(ORG, { limit: 10, page: 'p2', orderBy: 'fr' }),
    seed: (c) => c.glossary.list(ORG),
  },
  'glossary.update': {
    full: (c) =>
      c.glossary.update(ORG, [
        { type: 'insert', translations: { en: 'page', fr: 'page', de: 'Seite' } },
        { type: 'update', id: 'gl_handbook', translations: { en: 'handbook', fr: 'guide', de: 'Handbuch' } },
        { type: 'delete', id: 'gl_workspace' },
      ]),
    seed: (c) => c.glossary.update(ORG, [{ type: 'insert', translations: { en: 'page' } }]),
  },
  'glossary.get': {
    full: (c) => c.glossary.get(ORG, 'gl_workspace'),
    seed: (c) => c.glossary.get(ORG, 'gl_workspace'),
  },
};
