import type { Store } from './store.js';

/**
 * Demo teams of org_acme, with fixed ids:
 * - `team_docs` "Docs writers": user_ada (owner) and user_linus (member); spaces space_handbook
 *   and space_guides.
 * - `team_reviewers` "Reviewers": user_grace (owner); space space_api.
 */
export function seedTeams(store: Store): void {
  store.teams.set('team_docs', {
    id: 'team_docs',
    organization: 'org_acme',
    title: 'Docs writers',
    createdAt: '2026-01-05T10:00:00.000Z',
    members: [
      { user: 'user_ada', role: 'owner' },
      { user: 'user_linus', role: 'member' },
    ],
    spaces: ['space_handbook', 'space_guides'],
  });
  store.teams.set('team_reviewers', {
    id: 'team_reviewers',
    organization: 'org_acme',
    title: 'Reviewers',
    createdAt: '2026-01-05T10:30:00.000Z',
    members: [{ user: 'user_grace', role: 'owner' }],
    spaces: ['space_api'],
  });
}
