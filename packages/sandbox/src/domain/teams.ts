import type { OrganizationTeam } from '@docs-api/sdk/contract';
import type { MemberRow, Store, TeamMemberRow, TeamRow } from '../store.js';

/*
 * Teams as every area shows them: their current members (those still in the organization), who
 * may manage a team, and a team's API view. A domain module: handlers import it, it imports no
 * handler.
 */

/** The organization's members. */
export function organizationMembers(store: Store, organizationId: string): MemberRow[] {
  return store.members.filter((member) => member.organization === organizationId);
}

/** The team's members who are still in its organization. */
export function currentMembers(store: Store, row: TeamRow): TeamMemberRow[] {
  const inOrganization = new Set(organizationMembers(store, row.organization).map((m) => m.user));
  return row.members.filter((member) => inOrganization.has(member.user));
}

/** Whether the actor may rename, delete and change the members of the team. */
export function canManage(store: Store, row: TeamRow): boolean {
  const isAdmin = store.members.some(
    (m) => m.organization === row.organization && m.user === store.actor && m.role === 'admin',
  );
  return isAdmin || currentMembers(store, row).some((m) => m.user === store.actor && m.role === 'owner');
}

/** The API view of a team: its counts are derived from the store. */
export function teamView(store: Store, row: TeamRow): OrganizationTeam {
  return {
    object: 'team',
    id: row.id,
    title: row.title,
    members: currentMembers(store, row).length,
    spaces: row.spaces.filter((spaceId) => store.spaces.has(spaceId)).length,
    createdAt: row.createdAt,
    permissions: { admin: canManage(store, row), view: true },
  };
}
