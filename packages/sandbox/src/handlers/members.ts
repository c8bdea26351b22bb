import {
  setUserAsSSOMemberForOrganization,
  removeMemberFromOrganizationById,
  getMemberInOrganizationById,
  listMembersInOrganizationById,
  listSpacesForOrganizationMember,
  listTeamsForOrganizationMember,
  updateMemberInOrganizationById,
  type MemberContentPermission,
  type ListTeamsForOrganizationMemberItem,
} from '@docs-api/sdk/contract';
import { conflict, notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { MemberRow, Store } from '../store.js';
import {
  memberSpaces,
  memberView,
  requireOrganization,
  requireOrganizationAdmin,
} from '../domain/organizations.js';
import { spaceView } from '../domain/spaces.js';
import { teamView } from '../domain/teams.js';

/*
 * Members of an organization. Anyone in the organization reads them; changing a role, removing
 * a member and adding an SSO member is for its admins (403 otherwise). An organization always
 * keeps at least one admin: demoting or removing the last one is a 409.
 */

function requireMember(store: Store, organizationId: string, userId: string): MemberRow {
  requireOrganization(store, organizationId);
  const member = store.members.find((m) => m.organization === organizationId && m.user === userId);
  if (!member) throw notFound('member', userId);
  return member;
}

function refuseLastAdmin(store: Store, member: MemberRow, action: string): void {
  if (member.role !== 'admin') return;
  const admins = store.members.filter((m) => m.organization === member.organization && m.role === 'admin');
  if (admins.length === 1) {
    throw conflict(
      `Cannot ${action} ${member.user}: the last admin of organization "${member.organization}"`,
    );
  }
}

/**
 * Sorts by `key` in the given order; rows with equal keys keep the store's order (which is the
 * order they joined in), reversed for `desc` so that "newest first" holds among equals too.
 */
function sortBy<T>(rows: readonly T[], key: (row: T) => string, order: 'asc' | 'desc'): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: key(row) }))
    .sort((a, b) => sign * (a.value.localeCompare(b.value) || a.index - b.index))
    .map(({ row }) => row);
}

export const memberHandlers = [
  implement(listMembersInOrganizationById, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const search = query.search?.toLowerCase();
    const sort = query.sort ?? 'joinedAt';
    const rows = store.members.filter((m) => {
      if (m.organization !== params.organizationId) return false;
      // `guest`: members without an organization role.
      if (query.role === 'guest' ? Boolean(m.role) : query.role !== undefined && m.role !== query.role)
        return false;
      // Sorting by last activity lists only members who have been active.
      if (sort === 'lastSeenAt' && !m.lastSeenAt) return false;
      if (search === undefined) return true;
      const user = store.users.get(m.user);
      return [user?.displayName, user?.email].some((text) => text?.toLowerCase().includes(search));
    });
    const sortKey = (m: MemberRow): string => {
      if (sort === 'lastSeenAt') return m.lastSeenAt ?? '';
      if (sort === 'name') return (store.users.get(m.user)?.displayName ?? m.user).toLowerCase();
      return m.joinedAt;
    };
    const sorted = sortBy(rows, sortKey, query.order ?? 'desc');
    return paginate(
      sorted.map((m) => memberView(store, m)),
      query,
    );
  }),

  implement(getMemberInOrganizationById, ({ store, params }) =>
    memberView(store, requireMember(store, params.organizationId, params.userId)),
  ),

  implement(updateMemberInOrganizationById, ({ store, params, body }) => {
    requireOrganizationAdmin(store, params.organizationId);
    const member = requireMember(store, params.organizationId, params.userId);
    if (body.role !== 'admin') refuseLastAdmin(store, member, 'change the role of');
    member.role = body.role;
    return memberView(store, member);
  }),

  implement(removeMemberFromOrganizationById, ({ store, params }) => {
    requireOrganizationAdmin(store, params.organizationId);
    const index = store.members.findIndex(
      (m) => m.organization === params.organizationId && m.user === params.userId,
    );
    const member = store.members[index];
    // Not a member: nothing to do, and still a success.
    if (!member) return;
    refuseLastAdmin(store, member, 'remove');
    store.members.splice(index, 1);
  }),

  implement(setUserAsSSOMemberForOrganization, ({ store, params }) => {
    const organization = requireOrganizationAdmin(store, params.organizationId);
    if (!store.users.has(params.userId)) throw notFound('user', params.userId);
    let member = store.members.find((m) => m.organization === organization.id && m.user === params.userId);
    if (!member) {
      member = {
        organization: organization.id,
        user: params.userId,
        role: organization.defaultRole ?? null,
        joinedAt: store.now(),
      };
      store.members.push(member);
    }
    member.sso = true;
    return memberView(store, member);
  }),

  implement(listSpacesForOrganizationMember, ({ store, params, query }) => {
    const member = requireMember(store, params.organizationId, params.userId);
    const spaces = sortBy(
      memberSpaces(store, member),
      (space) => space.createdAt ?? '',
      query.order ?? 'desc',
    );
    const items = spaces.map((space): MemberContentPermission => ({
      permission: member.role ?? 'read',
      space: spaceView(store, space),
    }));
    return paginate(items, query);
  }),

  implement(listTeamsForOrganizationMember, ({ store, params, query }) => {
    const member = requireMember(store, params.organizationId, params.userId);
    const title = query.title?.toLowerCase();
    const items = [...store.teams.values()].flatMap((row): ListTeamsForOrganizationMemberItem[] => {
      if (row.organization !== member.organization) return [];
      if (title !== undefined && !row.title.toLowerCase().includes(title)) return [];
      const inTeam = row.members.find((m) => m.user === member.user);
      return inTeam ? [{ team: teamView(store, row), member: { role: inTeam.role } }] : [];
    });
    return paginate(items, query);
  }),
];
