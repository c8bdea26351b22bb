import {
  createOrganizationInvite,
  getOrganizationInviteLink,
  inviteUsersToOrganization,
  joinOrganizationWithInvite,
  listOrganizationInviteLinks,
  updateOrganizationInviteById,
  type User,
} from '@docs-api/sdk/contract';
import { invalidField, notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { InviteRow, Store } from '../store.js';
import { collectionView } from '../domain/collections.js';
import { requireOrganization, requireOrganizationAdmin } from '../domain/organizations.js';
import { spaceView } from '../domain/spaces.js';

/*
 * Invite links of an organization (`store.invites`) and invitations by email.
 *
 * - An invite link gives the role sent (on the organization), or a level on one space or
 *   collection of it (404 for one the organization does not have). It is `redundant` when it
 *   gives no more than the organization's default role already does.
 * - `inviteUsersToOrganization` makes each email a member with the role given (a user the sandbox
 *   does not know is added, named by the email); members already in keep their role.
 * - `joinOrganizationWithInvite` makes the acting user a member with the link's role, or gives
 *   them the link's level on its space or collection.
 */

const ORDER = ['read', 'comment', 'review', 'edit', 'create', 'admin'];

function redundant(store: Store, invite: InviteRow): boolean {
  const level = (invite.level !== undefined ? invite.level : invite.role) ?? null;
  if (invite.space || invite.collection) return level === null;
  const base = store.organizations.get(invite.organization)?.defaultRole ?? null;
  if (level === null) return true;
  return base !== null && ORDER.indexOf(base) >= ORDER.indexOf(level);
}

function inviteView(store: Store, invite: InviteRow) {
  const space = invite.space ? store.spaces.get(invite.space) : undefined;
  if (space) {
    return {
      object: 'invite' as const,
      id: invite.id,
      level: invite.level ?? null,
      redundant: redundant(store, invite),
      space: spaceView(store, space),
    };
  }
  const collection = invite.collection ? store.collections.get(invite.collection) : undefined;
  if (collection) {
    return {
      object: 'invite' as const,
      id: invite.id,
      level: invite.level ?? null,
      redundant: redundant(store, invite),
      collection: collectionView(store, collection),
    };
  }
  return {
    object: 'invite' as const,
    id: invite.id,
    role: invite.role ?? null,
    redundant: redundant(store, invite),
  };
}

function requireInvite(store: Store, organizationId: string, inviteId: string): InviteRow {
  const invite = store.invites.get(inviteId);
  if (!invite || invite.organization !== organizationId) throw notFound('invite', inviteId);
  return invite;
}

export const organizationInviteHandlers = [
  implement(createOrganizationInvite, ({ store, params, body }) => {
    requireOrganizationAdmin(store, params.organizationId);
    const sent = body as {
      role?: InviteRow['role'];
      level?: InviteRow['role'];
      space?: string;
      collection?: string;
    };
    const invite: InviteRow = {
      id: store.newId('invite'),
      organization: params.organizationId,
      role: sent.role ?? null,
      createdAt: store.now(),
    };
    if (sent.space !== undefined) {
      if (store.spaces.get(sent.space)?.organization !== params.organizationId)
        throw invalidField(
          'body.space',
          `"${sent.space}" is not a space of organization "${params.organizationId}"`,
        );
      invite.space = sent.space;
      invite.level = sent.level ?? null;
    } else if (sent.collection !== undefined) {
      if (store.collections.get(sent.collection)?.organization !== params.organizationId)
        throw invalidField(
          'body.collection',
          `"${sent.collection}" is not a collection of organization "${params.organizationId}"`,
        );
      invite.collection = sent.collection;
      invite.level = sent.level ?? null;
    }
    store.invites.set(invite.id, invite);
    return inviteView(store, invite);
  }),

  implement(listOrganizationInviteLinks, ({ store, params, query }) => {
    requireOrganizationAdmin(store, params.organizationId);
    const invites = [...store.invites.values()].filter(
      (invite) => invite.organization === params.organizationId && !invite.space && !invite.collection,
    );
    return paginate(
      invites.map((invite) => ({
        object: 'invite' as const,
        id: invite.id,
        role: invite.role ?? null,
        redundant: redundant(store, invite),
      })),
      query,
    );
  }),

  implement(getOrganizationInviteLink, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    return inviteView(store, requireInvite(store, params.organizationId, params.inviteId));
  }),

  implement(updateOrganizationInviteById, ({ store, params, body }) => {
    requireOrganizationAdmin(store, params.organizationId);
    const invite = requireInvite(store, params.organizationId, params.inviteId);
    const sent = body as { role?: InviteRow['role']; level?: InviteRow['role'] };
    if (invite.space || invite.collection) {
      if (sent.level === undefined)
        throw invalidField('body.level', 'an invite to a space or collection takes a level');
      invite.level = sent.level;
    } else {
      if (sent.role === undefined)
        throw invalidField('body.role', 'an invite to the organization takes a role');
      invite.role = sent.role;
    }
    return inviteView(store, invite);
  }),

  implement(inviteUsersToOrganization, ({ store, params, body }) => {
    requireOrganizationAdmin(store, params.organizationId);
    const entries = body.emails.map((entry) =>
      typeof entry === 'string'
        ? { email: entry, role: body.role ?? null }
        : { email: entry.email, role: entry.role },
    );
    const users: string[] = [];
    let invited = 0;
    for (const { email, role } of entries) {
      const known = [...store.users.values()].find(
        (user) => user.email?.toLowerCase() === email.toLowerCase(),
      );
      const userId = known?.id ?? `user_${email.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
      // Stored without urls: userView adds them at the origin each request reached.
      if (!known) store.users.set(userId, { object: 'user', id: userId, displayName: email, email } as User);
      users.push(userId);
      if (store.members.some((m) => m.organization === params.organizationId && m.user === userId)) continue;
      store.members.push({
        organization: params.organizationId,
        user: userId,
        role: role ?? null,
        joinedAt: store.now(),
        ...(body.sso ? { sso: true } : {}),
      });
      invited += 1;
    }
    return { users, invited };
  }),

  implement(joinOrganizationWithInvite, ({ store, params }) => {
    const invite = requireInvite(store, params.organizationId, params.inviteId);
    const target = invite.space
      ? ('space' as const)
      : invite.collection
        ? ('collection' as const)
        : undefined;
    if (target) {
      const targetId = (invite.space ?? invite.collection) as string;
      store.permissions.set(`${target}/${targetId}/user/${store.actor}`, {
        target,
        targetId,
        principal: 'user',
        principalId: store.actor,
        role: invite.level ?? null,
        createdAt: store.now(),
      });
    }
    if (!store.members.some((m) => m.organization === params.organizationId && m.user === store.actor)) {
      store.members.push({
        organization: params.organizationId,
        user: store.actor,
        role: target ? null : invite.role,
        joinedAt: store.now(),
      });
    }
    return {};
  }),
];
