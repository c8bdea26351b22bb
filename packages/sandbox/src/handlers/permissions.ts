import {
  inviteToCollection,
  inviteToSite,
  inviteToSpace,
  listPermissionsAggregateInCollection,
  listPermissionsAggregateInSite,
  listPermissionsAggregateInSpace,
  listTeamPermissionsInCollection,
  listTeamPermissionsInSite,
  listTeamPermissionsInSpace,
  listUserPermissionsInCollection,
  listUserPermissionsInSite,
  listUserPermissionsInSpace,
  removeTeamFromCollection,
  removeTeamFromSite,
  removeTeamFromSpace,
  removeUserFromCollection,
  removeUserFromSite,
  removeUserFromSpace,
  updateTeamPermissionInCollection,
  updateTeamPermissionInSite,
  updateTeamPermissionInSpace,
  updateUserPermissionInCollection,
  updateUserPermissionInSite,
  updateUserPermissionInSpace,
  type Operation,
} from '@docs-api/sdk/contract';
import { invalidField, notFound } from '../errors.js';
import type { Implementation } from '../implement.js';
import { paginate } from '../pagination.js';
import type { PermissionRow, Store } from '../store.js';
import { userView } from '../domain/organizations.js';
import { teamView } from '../domain/teams.js';

/*
 * Roles given to users and teams on a space, a collection or a site, kept in `store.permissions`:
 * an invite gives each user or team named the role (a user or team of the target's
 * organization: 400 otherwise), the lists show exactly those given, an update changes one, a
 * removal takes it away (204 for one never given: nothing to remove). The aggregate lists every
 * user with access from a role given to them or to a team they are in, the highest one. The
 * target must exist (404).
 */

type Target = PermissionRow['target'];
type Role = PermissionRow['role'];

const ORDER = ['read', 'comment', 'review', 'edit', 'create', 'admin'];

const keyOf = (target: Target, targetId: string, principal: 'user' | 'team', principalId: string) =>
  `${target}/${targetId}/${principal}/${principalId}`;

/** The organization of the target; 404 when the sandbox has no such target. */
function requireTarget(store: Store, target: Target, targetId: string, organizationId?: string): string {
  if (target === 'space') {
    const space = store.spaces.get(targetId);
    if (!space?.organization) throw notFound('space', targetId);
    return space.organization;
  }
  if (target === 'collection') {
    const collection = store.collections.get(targetId);
    if (!collection) throw notFound('collection', targetId);
    return collection.organization;
  }
  const site = store.sites.get(targetId);
  if (!site || (organizationId !== undefined && site.organization !== organizationId))
    throw notFound('site', targetId);
  return site.organization;
}

function rowsOf(store: Store, target: Target, targetId: string, principal: 'user' | 'team'): PermissionRow[] {
  return [...store.permissions.values()].filter(
    (row) => row.target === target && row.targetId === targetId && row.principal === principal,
  );
}

/** The params of an operation: its target's id, and the organization of a site's path. */
function targetOf(target: Target, params: Record<string, string>): { id: string; organization?: string } {
  if (target === 'space') return { id: params.spaceId ?? '' };
  if (target === 'collection') return { id: params.collectionId ?? '' };
  return {
    id: params.siteId ?? '',
    ...(params.organizationId ? { organization: params.organizationId } : {}),
  };
}

function higher(a: Role, b: Role): Role {
  if (a === null || a === undefined) return b;
  if (b === null || b === undefined) return a;
  return ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
}

function handlersFor(
  target: Target,
  ops: {
    invite: Operation;
    users: Operation;
    teams: Operation;
    aggregate: Operation;
    updateUser: Operation;
    removeUser: Operation;
    updateTeam: Operation;
    removeTeam: Operation;
  },
): Implementation[] {
  const resolved = (store: Store, params: Record<string, string>) => {
    const { id, organization } = targetOf(target, params);
    return { id, organization: requireTarget(store, target, id, organization) };
  };
  const give = (store: Store, id: string, principal: 'user' | 'team', principalId: string, role: Role) => {
    const key = keyOf(target, id, principal, principalId);
    const known = store.permissions.get(key);
    if (known) known.role = role;
    else
      store.permissions.set(key, {
        target,
        targetId: id,
        principal,
        principalId,
        role,
        createdAt: store.now(),
      });
  };
  return [
    {
      operation: ops.invite,
      handle: ({ store, params, body }) => {
        const { id, organization } = resolved(store, params);
        const invite = body as { role: Role; users?: string[]; teams?: string[] };
        // Every name is checked before any role is given: a refused invite changes nothing.
        for (const [index, user] of (invite.users ?? []).entries()) {
          if (!store.members.some((m) => m.organization === organization && m.user === user))
            throw invalidField(
              `body.users.${index}`,
              `"${user}" is not a member of organization "${organization}"`,
            );
        }
        for (const [index, team] of (invite.teams ?? []).entries()) {
          if (store.teams.get(team)?.organization !== organization)
            throw invalidField(
              `body.teams.${index}`,
              `"${team}" is not a team of organization "${organization}"`,
            );
        }
        for (const user of invite.users ?? []) give(store, id, 'user', user, invite.role);
        for (const team of invite.teams ?? []) give(store, id, 'team', team, invite.role);
      },
    },
    {
      operation: ops.users,
      handle: ({ store, params, query }) => {
        const { id } = resolved(store, params);
        const rows = rowsOf(store, target, id, 'user');
        return paginate(
          rows.map((row) => ({ permission: row.role, user: userView(store, row.principalId) })),
          query as { page?: string; limit?: number },
        );
      },
    },
    {
      operation: ops.teams,
      handle: ({ store, params, query }) => {
        const { id } = resolved(store, params);
        const rows = rowsOf(store, target, id, 'team').filter((row) => store.teams.has(row.principalId));
        return paginate(
          rows.map((row) => {
            const team = store.teams.get(row.principalId);
            return { permission: row.role, team: team ? teamView(store, team) : undefined };
          }),
          query as { page?: string; limit?: number },
        );
      },
    },
    {
      operation: ops.aggregate,
      handle: ({ store, params, query }) => {
        const { id } = resolved(store, params);
        const roles = new Map<string, Role>();
        for (const row of rowsOf(store, target, id, 'user'))
          roles.set(row.principalId, higher(roles.get(row.principalId) ?? null, row.role));
        for (const row of rowsOf(store, target, id, 'team')) {
          for (const member of store.teams.get(row.principalId)?.members ?? [])
            roles.set(member.user, higher(roles.get(member.user) ?? null, row.role));
        }
        const wanted = (query as { role?: string }).role;
        const items = [...roles]
          .filter(
            ([, role]) => role !== null && role !== undefined && (wanted === undefined || role === wanted),
          )
          .map(([user, role]) => ({ permission: role as string, user: userView(store, user) }));
        return paginate(items, query as { page?: string; limit?: number });
      },
    },
    ...(['user', 'team'] as const).flatMap((principal): Implementation[] => {
      const param = principal === 'user' ? 'userId' : 'teamId';
      const update = principal === 'user' ? ops.updateUser : ops.updateTeam;
      const remove = principal === 'user' ? ops.removeUser : ops.removeTeam;
      return [
        {
          operation: update,
          handle: ({ store, params, body }) => {
            const { id } = resolved(store, params);
            const principalId = params[param] ?? '';
            const row = store.permissions.get(keyOf(target, id, principal, principalId));
            if (!row) throw notFound(`${principal} permission`, principalId);
            const role = (body as { role?: Role } | undefined)?.role;
            if (role !== undefined) row.role = role;
          },
        },
        {
          operation: remove,
          handle: ({ store, params }) => {
            const { id } = resolved(store, params);
            store.permissions.delete(keyOf(target, id, principal, params[param] ?? ''));
          },
        },
      ];
    }),
  ];
}

export const permissionHandlers: Implementation[] = [
  ...handlersFor('space', {
    invite: inviteToSpace,
    users: listUserPermissionsInSpace,
    teams: listTeamPermissionsInSpace,
    aggregate: listPermissionsAggregateInSpace,
    updateUser: updateUserPermissionInSpace,
    removeUser: removeUserFromSpace,
    updateTeam: updateTeamPermissionInSpace,
    removeTeam: removeTeamFromSpace,
  }),
  ...handlersFor('collection', {
    invite: inviteToCollection,
    users: listUserPermissionsInCollection,
    teams: listTeamPermissionsInCollection,
    aggregate: listPermissionsAggregateInCollection,
    updateUser: updateUserPermissionInCollection,
    removeUser: removeUserFromCollection,
    updateTeam: updateTeamPermissionInCollection,
    removeTeam: removeTeamFromCollection,
  }),
  ...handlersFor('site', {
    invite: inviteToSite,
    users: listUserPermissionsInSite,
    teams: listTeamPermissionsInSite,
    aggregate: listPermissionsAggregateInSite,
    updateUser: updateUserPermissionInSite,
    removeUser: removeUserFromSite,
    updateTeam: updateTeamPermissionInSite,
    removeTeam: removeTeamFromSite,
  }),
];
