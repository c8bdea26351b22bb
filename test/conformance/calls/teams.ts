import { ORG, type AreaCalls } from './types.js';

export const teamCalls: AreaCalls = {
  'teams.list': {
    full: (c) => c.teams.list(ORG, { owner: 'user_ada', title: 'docs', limit: 10, page: 'p2' }),
    seed: (c) => c.teams.list(ORG),
  },
  'teams.create': {
    full: (c) => c.teams.create(ORG, { title: 'Support', members: ['user_grace', 'user_linus'] }),
    seed: (c) => c.teams.create(ORG, { title: 'Support' }),
  },
  'teams.get': {
    full: (c) => c.teams.get(ORG, 'team_docs'),
    seed: (c) => c.teams.get(ORG, 'team_docs'),
  },
  'teams.update': {
    full: (c) => c.teams.update(ORG, 'team_docs', { title: 'Writers' }),
    seed: (c) => c.teams.update(ORG, 'team_docs', { title: 'Writers' }),
  },
  'teams.delete': {
    full: (c) => c.teams.delete(ORG, 'team_reviewers'),
    seed: (c) => c.teams.delete(ORG, 'team_reviewers'),
  },
  'teams.members.list': {
    full: (c) => c.teams.members.list(ORG, 'team_docs', { limit: 10, page: 'p2' }),
    seed: (c) => c.teams.members.list(ORG, 'team_docs'),
  },
  'teams.members.update': {
    full: (c) =>
      c.teams.members.update(ORG, 'team_docs', {
        add: ['user_grace', 'grace@acme.test'],
        remove: ['user_linus'],
        memberships: { user_ada: { role: 'owner' }, user_grace: { role: 'member' } },
      }),
    seed: (c) => c.teams.members.update(ORG, 'team_docs', {}),
  },
  'teams.members.set': {
    full: (c) => c.teams.members.set(ORG, 'team_docs', 'user_grace', { role: 'owner' }),
    seed: (c) => c.teams.members.set(ORG, 'team_docs', 'user_grace'),
  },
  'teams.members.remove': {
    full: (c) => c.teams.members.remove(ORG, 'team_docs', 'user_linus'),
    seed: (c) => c.teams.members.remove(ORG, 'team_docs', 'user_linus'),
  },
};
