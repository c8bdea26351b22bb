import {
  createOrganizationTeam,
  removeTeamFromOrganizationById,
  getTeamInOrganizationById,
  listTeamMembersInOrganizationById,
  listTeamsInOrganizationById,
  deleteMemberFromOrganizationTeamById,
  addMemberToOrganizationTeamById,
  updateTeamInOrganizationById,
  updateMembersInOrganizationTeam,
  type OrganizationTeamMember,
} from '@docs-api/sdk/contract';
import { badRequest, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { Store, TeamRow } from '../store.js';
import { memberView, requireOrganization } from '../domain/organizations.js';
import { organizationMembers, currentMembers, canManage, teamView } from '../domain/teams.js';

/*
 * Teams: groups of organization members, each with a team role. Only members of the
 * organization can be in a team; someone who leaves the organization drops out of its teams.
 * Renaming, deleting and changing the members of a team is for the team's owners and the
 * organization's admins (403 for anyone else), since owners are the ones who "can manage team
 * members". Deleting an absent team, or removing someone who is not in the team, succeeds and
 * changes nothing, as the published document describes (204 "did not exist").
 */

function requireTeam(store: Store, organizationId: string, teamId: string): TeamRow {
  requireOrganization(store, organizationId);
  const row = store.teams.get(teamId);
  if (!row || row.organization !== organizationId) throw notFound('team', teamId);
  return row;
}

function requireManager(store: Store, row: TeamRow): void {
  if (!canManage(store, row)) {
    throw new SandboxError(
      403,
      `Only the owners of team "${row.id}" and the organization's admins can change it`,
    );
  }
}

/**
 * Turns user ids or emails (any case) into user ids of the organization's members;
 * the first one that is not a member is a 400 naming it and the field.
 */
function resolveMembers(
  store: Store,
  organizationId: string,
  refs: readonly string[],
  field: string,
  { emails }: { emails: boolean },
): string[] {
  const members = organizationMembers(store, organizationId);
  const ids: string[] = [];
  for (const ref of refs) {
    const match = members.find(
      (m) =>
        m.user === ref || (emails && store.users.get(m.user)?.email?.toLowerCase() === ref.toLowerCase()),
    );
    if (!match) throw badRequest(`${field}: "${ref}" is not a member of organization "${organizationId}"`);
    if (!ids.includes(match.user)) ids.push(match.user);
  }
  return ids;
}

export const teamHandlers = [
  implement(listTeamsInOrganizationById, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const title = query.title?.toLowerCase();
    const rows = [...store.teams.values()].filter(
      (row) =>
        row.organization === params.organizationId &&
        (title === undefined || row.title.toLowerCase().includes(title)) &&
        (query.owner === undefined ||
          currentMembers(store, row).some((m) => m.user === query.owner && m.role === 'owner')),
    );
    return paginate(
      rows.map((row) => teamView(store, row)),
      query,
    );
  }),

  implement(createOrganizationTeam, ({ store, params, body }) => {
    requireOrganization(store, params.organizationId);
    const members = resolveMembers(store, params.organizationId, body.members ?? [], 'body.members', {
      emails: false,
    });
    const row: TeamRow = {
      id: store.newId('team'),
      organization: params.organizationId,
      title: body.title,
      createdAt: store.now(),
      members: members.map((user) => ({ user, role: 'member' })),
      spaces: [],
    };
    store.teams.set(row.id, row);
    return teamView(store, row);
  }),

  implement(getTeamInOrganizationById, ({ store, params }) =>
    teamView(store, requireTeam(store, params.organizationId, params.teamId)),
  ),

  implement(updateTeamInOrganizationById, ({ store, params, body }) => {
    const row = requireTeam(store, params.organizationId, params.teamId);
    requireManager(store, row);
    row.title = body.title;
    return teamView(store, row);
  }),

  implement(removeTeamFromOrganizationById, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    const row = store.teams.get(params.teamId);
    // Absent (or another organization's): nothing to do, and a success ("did not exist" in the document).
    if (!row || row.organization !== params.organizationId) return;
    requireManager(store, row);
    store.teams.delete(row.id);
  }),

  implement(listTeamMembersInOrganizationById, ({ store, params, query }) => {
    const row = requireTeam(store, params.organizationId, params.teamId);
    const rows = organizationMembers(store, row.organization);
    const memberships = currentMembers(store, row).flatMap((teamMember): OrganizationTeamMember[] => {
      const member = rows.find((m) => m.user === teamMember.user);
      return member
        ? [
            {
              organization: memberView(store, member),
              team: { role: teamMember.role },
              permissions: { view: true },
            },
          ]
        : [];
    });
    return paginate(memberships, query);
  }),

  implement(updateMembersInOrganizationTeam, ({ store, params, body }) => {
    const row = requireTeam(store, params.organizationId, params.teamId);
    requireManager(store, row);
    const organizationId = row.organization;
    // Everything is checked before anything changes: a bad entry leaves the team as it was.
    const added = resolveMembers(store, organizationId, body.add ?? [], 'body.add', { emails: true });
    const removed = new Set(
      resolveMembers(store, organizationId, body.remove ?? [], 'body.remove', { emails: true }),
    );
    const roles = Object.entries(body.memberships ?? {});
    for (const [userId] of roles) {
      resolveMembers(store, organizationId, [userId], `body.memberships.${userId}`, { emails: false });
    }

    const members = currentMembers(store, row);
    const find = (user: string) => members.find((m) => m.user === user);
    for (const user of added) {
      if (!removed.has(user) && !find(user)) members.push({ user, role: 'member' });
    }
    for (const [user, { role }] of roles) {
      if (removed.has(user)) continue;
      const existing = find(user);
      if (existing) existing.role = role;
      else members.push({ user, role });
    }
    row.members = members.filter((m) => !removed.has(m.user));
  }),

  implement(addMemberToOrganizationTeamById, ({ store, params, body }) => {
    const row = requireTeam(store, params.organizationId, params.teamId);
    requireManager(store, row);
    const { userId } = params;
    if (!organizationMembers(store, row.organization).some((m) => m.user === userId)) {
      throw notFound('member', userId);
    }
    row.members = currentMembers(store, row);
    const existing = row.members.find((m) => m.user === userId);
    if (existing) {
      if (body.role !== undefined) existing.role = body.role;
    } else {
      row.members.push({ user: userId, role: body.role ?? 'member' });
    }
  }),

  implement(deleteMemberFromOrganizationTeamById, ({ store, params }) => {
    const row = requireTeam(store, params.organizationId, params.teamId);
    requireManager(store, row);
    // Someone not in the team: nothing to do, and a success ("was not part of the team" in the document).
    row.members = currentMembers(store, row).filter((m) => m.user !== params.userId);
  }),
];
