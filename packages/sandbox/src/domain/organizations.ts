import type { Organization, OrganizationMember, Space, User } from '@docs-api/sdk/contract';
import { APP_HOST } from '../content.js';
import { notFound, SandboxError } from '../errors.js';
import type { MemberRow, Store } from '../store.js';

/*
 * What every area needs of organizations: membership checks (404 for non-members, 403 for
 * non-admins) and the API views of an organization, a member and a user. A domain module:
 * handlers import it, it imports no handler.
 */

export function membership(store: Store, organizationId: string, userId: string): MemberRow | undefined {
  return store.members.find((m) => m.organization === organizationId && m.user === userId);
}

/** Whether the organization exists and the actor is a member of it. */
export function reachesOrganization(store: Store, organizationId: string): boolean {
  return (
    store.organizations.has(organizationId) && membership(store, organizationId, store.actor) !== undefined
  );
}

/** The organization, if the actor is a member of it; 404 otherwise (as for an absent one). */
export function requireOrganization(store: Store, organizationId: string): Organization {
  const organization = store.organizations.get(organizationId);
  if (!organization || !reachesOrganization(store, organizationId)) {
    throw notFound('organization', organizationId);
  }
  return organization;
}

/** The organization, if the actor is one of its admins: 404 for non-members, 403 for other members. */
export function requireOrganizationAdmin(store: Store, organizationId: string): Organization {
  const organization = requireOrganization(store, organizationId);
  if (membership(store, organizationId, store.actor)?.role !== 'admin') {
    throw new SandboxError(403, `Only the admins of organization "${organizationId}" can do this`);
  }
  return organization;
}

/**
 * The API view of a user, as the service sends it: `displayName` and an absolute
 * `urls.location` at the origin the request reached; no `photoURL` when the user has none.
 */
export function userView(store: Store, userId: string): User {
  const user = store.users.get(userId);
  // A user the store does not know is named by its id (the document requires a displayName).
  const { photoURL, ...rest } = user ?? { object: 'user' as const, id: userId, displayName: userId };
  return {
    ...rest,
    ...(photoURL ? { photoURL } : {}),
    urls: { location: store.apiUrl(`/users/${userId}`) },
  };
}

/** What the actor may do with an organization, from the actor's role in it. */
function organizationPermissions(store: Store, organizationId: string): Organization['permissions'] {
  const role = membership(store, organizationId, store.actor)?.role;
  const member = role !== undefined;
  const admin = role === 'admin';
  const creates = admin || role === 'create';
  const ownTeam = [...store.teams.values()].some(
    (team) =>
      team.organization === organizationId &&
      team.members.some((m) => m.user === store.actor && m.role === 'owner'),
  );
  return {
    view: member,
    access: member,
    admin,
    ownTeam: member && ownTeam,
    createContent: creates,
    createOpenAPISpec: creates,
    viewBilling: admin,
    listMembers: member,
    listTeams: member,
    listIntegrations: member,
    listInstallations: admin,
    installIntegration: admin,
  };
}

/**
 * The API view of an organization, as the service sends it: every field the published document
 * requires (stored ones, with the service's defaults for those a seed left out), an absolute
 * `urls.location`, and the actor's permissions. Integrations embed it as their `owner`.
 */
export function organizationView(store: Store, organization: Organization): Organization {
  const { urls, permissions: _permissions, ...stored } = organization;
  return {
    ...stored,
    title: stored.title ?? organization.id,
    createdAt: stored.createdAt ?? store.now(),
    emailDomains: [...(stored.emailDomains ?? [])],
    type: stored.type ?? 'business',
    inviteLinks: stored.inviteLinks ?? false,
    plan: stored.plan ?? 'free_2024',
    mergeRules: structuredClone(stored.mergeRules ?? { type: 'none' }),
    trial: structuredClone(stored.trial ?? { status: 'notapplicable', count: 0 }),
    urls: {
      location: store.apiUrl(`/orgs/${organization.id}`),
      app: `https://${APP_HOST}/o/${organization.id}`,
      ...(urls?.logo ? { logo: urls.logo } : {}),
    },
    permissions: organizationPermissions(store, organization.id),
  };
}

/** The live (not deleted) spaces of an organization, in store order. */
export function organizationSpaces(store: Store, organizationId: string): Space[] {
  return [...store.spaces.values()].filter(
    (space) => space.organization === organizationId && !space.deletedAt,
  );
}

/**
 * The spaces a member can reach: every live space of the organization, with the member's
 * organization role as permission. Guests (no role) reach none through their membership.
 */
export function memberSpaces(store: Store, member: MemberRow): Space[] {
  return member.role ? organizationSpaces(store, member.organization) : [];
}

/** The sites a member can reach: every site of the organization; guests reach none through their membership. */
function memberSites(store: Store, member: MemberRow): number {
  if (!member.role) return 0;
  return [...store.sites.values()].filter((row) => row.organization === member.organization).length;
}

/** The API view of an organization member; `spaces`, `teams` and `sites` are counted from the store. */
export function memberView(store: Store, member: MemberRow): OrganizationMember {
  const teams = [...store.teams.values()].filter(
    (row) => row.organization === member.organization && row.members.some((m) => m.user === member.user),
  ).length;
  return {
    object: 'member',
    id: member.user,
    role: member.role ?? null,
    user: userView(store, member.user),
    disabled: false,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
    sso: member.sso ?? false,
    spaces: memberSpaces(store, member).length,
    teams,
    sites: memberSites(store, member),
  };
}
