import { documentFromText } from '@docs-api/sdk/contract';
import { ORG, type AreaCalls } from './types.js';

/** What `docs orgs agent-instructions set` sends: paragraphs of text. */
const instructions = documentFromText('Answer in English.\nLink to the handbook.');

/** Organizations, their search and agent instructions, and their members. */
export const organizationCalls: AreaCalls = {
  'organizations.list': {
    full: (c) => c.organizations.list({ limit: 10, page: 'p2' }),
    seed: (c) => c.organizations.list(),
  },
  'organizations.get': {
    full: (c) => c.organizations.get(ORG),
    seed: (c) => c.organizations.get(ORG),
  },
  'organizations.update': {
    full: (c) =>
      c.organizations.update(ORG, {
        title: 'Acme Corporation',
        emailDomains: ['acme.test', 'acme.example'],
        hostname: 'acme-corp',
        defaultRole: 'comment',
        defaultContent: { type: 'site', site: 'site_docs' },
        logo: 'https://acme.test/logo.png',
        sso: true,
        ai: false,
        inviteLinks: false,
        mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['user_grace'] }] },
      }),
    seed: (c) => c.organizations.update(ORG, {}),
  },
  'organizations.deleteInvite': {
    full: (c) => c.organizations.deleteInvite(ORG, 'invite_1'),
    seed: (c) => c.organizations.deleteInvite(ORG, 'invite_1'),
  },
  'organizations.join': {
    full: (c) => c.organizations.join('org_gamma'),
    seed: (c) => c.organizations.join('org_gamma'),
  },
  'organizations.search': {
    full: (c) => c.organizations.search(ORG, { query: 'install', limit: 10, page: 'p2' }),
    seed: (c) => c.organizations.search(ORG, { query: 'install' }),
  },
  'organizations.getAgentInstructions': {
    full: (c) => c.organizations.getAgentInstructions(ORG),
    seed: (c) => c.organizations.getAgentInstructions(ORG),
  },
  'organizations.updateAgentInstructions': {
    full: (c) => c.organizations.updateAgentInstructions(ORG, instructions),
    seed: (c) => c.organizations.updateAgentInstructions(ORG, instructions),
  },
  'organizations.listByEmailDomain': {
    full: (c) => c.organizations.listByEmailDomain('acme.test'),
    seed: (c) => c.organizations.listByEmailDomain('acme.test'),
  },
  'organizations.ping': {
    full: (c) => c.organizations.ping(ORG),
    seed: (c) => c.organizations.ping(ORG),
  },

  'members.list': {
    full: (c) =>
      c.members.list(ORG, {
        role: 'review',
        search: 'grace',
        sort: 'lastSeenAt',
        order: 'asc',
        limit: 10,
        page: 'p2',
      }),
    seed: (c) => c.members.list(ORG),
  },
  'members.get': {
    full: (c) => c.members.get(ORG, 'user_grace'),
    seed: (c) => c.members.get(ORG, 'user_grace'),
  },
  'members.update': {
    full: (c) => c.members.update(ORG, 'user_grace', { role: null }),
    seed: (c) => c.members.update(ORG, 'user_grace', { role: 'edit' }),
  },
  'members.delete': {
    full: (c) => c.members.delete(ORG, 'user_linus'),
    seed: (c) => c.members.delete(ORG, 'user_linus'),
  },
  'members.addSso': {
    full: (c) => c.members.addSso(ORG, 'user_hedy'),
    seed: (c) => c.members.addSso(ORG, 'user_hedy'),
  },
  'members.listSpaces': {
    full: (c) => c.members.listSpaces(ORG, 'user_grace', { order: 'asc', limit: 10, page: 'p2' }),
    seed: (c) => c.members.listSpaces(ORG, 'user_grace'),
  },
  'members.listTeams': {
    full: (c) => c.members.listTeams(ORG, 'user_ada', { title: 'docs', limit: 10, page: 'p2' }),
    seed: (c) => c.members.listTeams(ORG, 'user_ada'),
  },
};
