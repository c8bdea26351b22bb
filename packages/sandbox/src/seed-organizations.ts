import type { Store } from './store.js';

const T0 = '2026-01-05T09:00:00.000Z';

/**
 * Demo data of the organizations area, with fixed ids (appended after the rest of the seed):
 * - members of org_acme seen lately: user_ada (01-12 08:00) and user_grace (01-09 17:30);
 *   user_linus has never been seen, so a list sorted by `lastSeenAt` leaves him out;
 * - `invite_1`, an invite link of org_acme (role `read`);
 * - `org_gamma` "Gamma Co", which allows the `acme.test` email domain: the caller (user_ada,
 *   ada@acme.test) is not a member and can join it. Its members: `user_hedy` (admin, a user
 *   of no other organization) and user_grace (a guest).
 */
export function seedOrganizations(store: Store): void {
  const lastSeen: Record<string, string> = {
    user_ada: '2026-01-12T08:00:00.000Z',
    user_grace: '2026-01-09T17:30:00.000Z',
  };
  for (const member of store.members) {
    const seen = lastSeen[member.user];
    if (member.organization === 'org_acme' && seen) member.lastSeenAt = seen;
  }

  store.invites.set('invite_1', {
    id: 'invite_1',
    organization: 'org_acme',
    role: 'read',
    createdAt: '2026-01-08T12:00:00.000Z',
  });

  store.users.set('user_hedy', {
    object: 'user',
    id: 'user_hedy',
    displayName: 'Hedy Lamarr',
    email: 'hedy@gamma.test',
    photoURL: null,
  });
  store.organizations.set('org_gamma', {
    object: 'organization',
    id: 'org_gamma',
    title: 'Gamma Co',
    createdAt: T0,
    emailDomains: ['acme.test'],
    hostname: 'gamma',
    type: 'business',
    defaultRole: 'comment',
    sso: false,
    ai: false,
    inviteLinks: false,
    plan: 'free_2024',
  });
  store.members.push(
    {
      organization: 'org_gamma',
      user: 'user_hedy',
      role: 'admin',
      joinedAt: T0,
      lastSeenAt: '2026-01-11T15:00:00.000Z',
    },
    { organization: 'org_gamma', user: 'user_grace', role: null, joinedAt: '2026-01-06T09:00:00.000Z' },
  );
}
