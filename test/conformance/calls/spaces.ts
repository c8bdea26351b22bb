import { ORG, type AreaCalls } from './types.js';

/*
 * Spaces. Demo seed: col_product (space_handbook, space_api) and, nested in it,
 * col_internal (space_guides); space_legal (locked) and space_handbook_fr at the top level of
 * org_acme; space_archive deleted at start-up (restorable); org_beta has no space.
 */

export const spaceCalls: AreaCalls = {
  'spaces.list': {
    full: (c) => c.spaces.list(ORG, { limit: 10, page: 'p2' }),
    seed: (c) => c.spaces.list(ORG),
  },
  'spaces.get': {
    full: (c) => c.spaces.get('space_handbook', { shareKey: 'share_docs' }),
    seed: (c) => c.spaces.get('space_handbook'),
  },
  'spaces.delete': {
    full: (c) => c.spaces.delete('space_guides'),
    seed: (c) => c.spaces.delete('space_guides'),
  },
  'spaces.update': {
    full: (c) =>
      c.spaces.update('space_api', {
        editMode: 'locked',
        title: 'API',
        defaultLevel: 'inherit',
        language: 'pt-br',
        mergeRules: {
          type: 'rules',
          rules: [
            { rule: 'require_specific_reviewers', users: ['user_grace'] },
            { rule: 'require_at_least_one_approved_review' },
            { rule: 'custom', expression: 'changeRequest.subject != ""', message: 'Give a subject' },
          ],
        },
        // Either an emoji or an icon (the document's oneOf): the icon.
        icon: 'https://example.com/api.png',
      }),
    seed: (c) => c.spaces.update('space_api', {}),
  },
  'spaces.duplicate': {
    full: (c) => c.spaces.duplicate('space_handbook'),
    seed: (c) => c.spaces.duplicate('space_handbook'),
  },
  'spaces.restore': {
    full: (c) => c.spaces.restore('space_archive'),
    seed: (c) => c.spaces.restore('space_archive'),
  },
  'spaces.move': {
    full: (c) =>
      c.spaces.move('space_guides', {
        parent: 'col_product',
        position: {
          after: { type: 'space', space: 'space_handbook' },
          before: { type: 'space', space: 'space_api' },
        },
      }),
    seed: (c) => c.spaces.move('space_guides', { parent: null }),
  },
  // Not in the published document: the sandbox's answer is checked against our contract only.
  'spaces.transfer': {
    full: (c) => c.spaces.transfer('space_api', { organization: 'org_beta' }),
    seed: (c) => c.spaces.transfer('space_api', { organization: 'org_beta' }),
  },
  'spaces.listLinks': {
    full: (c) => c.spaces.listLinks('space_handbook', { status: 'broken', limit: 10, page: 'p2' }),
    seed: (c) => c.spaces.listLinks('space_handbook'),
  },
};
