import type { Store } from './store.js';

const T0 = '2026-01-05T09:00:00.000Z';

/**
 * A user of the seed. `urls.location` is absolute at the sandbox's default API root: views that
 * embed users (`userView` in handlers/organizations.ts) answer it at the origin a request reached.
 */
export function seedUser(store: Store, id: string, displayName: string, email: string): void {
  store.users.set(id, {
    object: 'user',
    id,
    displayName,
    email,
    urls: { location: store.apiUrl(`/users/${id}`) },
  });
}

/** What the seed's organizations share: the fields the published document requires, as a new organization has them. */
export const NEW_ORGANIZATION = {
  type: 'business',
  plan: 'free_2024',
  sso: false,
  inviteLinks: true,
  mergeRules: { type: 'none' },
  trial: { status: 'notapplicable', count: 0 },
} as const;

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

  seedUser(store, 'user_hedy', 'Hedy Lamarr', 'hedy@gamma.test');
  store.organizations.set('org_gamma', {
    ...structuredClone(NEW_ORGANIZATION),
    object: 'organization',
    id: 'org_gamma',
    title: 'Gamma Co',
    createdAt: T0,
    emailDomains: ['acme.test'],
    hostname: 'gamma',
    type: 'community',
    communityType: 'openSource',
    defaultRole: 'comment',
    ai: false,
    inviteLinks: false,
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
