import {
  deleteSpace,
  duplicateSpace,
  getSpace,
  listOrganizationSpaces,
  listSpaceLinks,
  moveSpace,
  restoreSpace,
  transferSpace,
  updateSpace,
  type Link,
  type Space,
} from '@docs-api/sdk/contract';
import { APP_HOST, createRevision, flattenPages, pageLinks, primaryRevision } from '../content.js';
import { conflict, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { Store } from '../store.js';
import {
  checkTransfer,
  isPermanentlyRemoved,
  moveNode,
  placeAfter,
  placeLast,
  softDeleteSpace,
} from '../tree.js';
import { requireOrganization } from './organizations.js';

/*
 * Spaces: the seed creates them (the contract has no endpoint to); they can be changed,
 * duplicated, moved among collections, transferred to another organization, and deleted. A
 * deleted space leaves every read and list (404) and can be restored for 7 days on the store's
 * clock; after that it is permanently removed. Moves and transfers follow tree.ts.
 */

/** A live space the actor can reach (a member of its organization); 404 otherwise. */
export function requireSpace(store: Store, spaceId: string): Space {
  const space = store.spaces.get(spaceId);
  if (!space?.organization) {
    const deleted = store.deletedSpaces.get(spaceId);
    if (deleted && !isPermanentlyRemoved(store, deleted)) {
      throw new SandboxError(404, `space "${spaceId}" was deleted (it can be restored for 7 days)`);
    }
    throw notFound('space', spaceId);
  }
  try {
    requireOrganization(store, space.organization);
  } catch {
    throw notFound('space', spaceId);
  }
  return space;
}

/** The API view of a space: its change-request and comment counts are derived from the store. */
export function spaceView(store: Store, space: Space): Space {
  const requests = [...store.changeRequests.values()].filter((row) => row.space === space.id);
  const openComments = [...store.comments.values()].filter(
    (comment) => comment.space === space.id && comment.status !== 'resolved',
  ).length;
  return {
    ...space,
    changeRequests: requests.length,
    changeRequestsOpen: requests.filter((row) => row.status === 'open').length,
    changeRequestsDraft: requests.filter((row) => row.status === 'draft').length,
    comments: openComments,
  };
}

/**
 * A space read with the secret key of a site that publishes it: the key opens it to anyone;
 * a key no such site holds finds nothing (404).
 */
function spaceByShareKey(store: Store, spaceId: string, shareKey: string): Space {
  const space = store.spaces.get(spaceId);
  const site = [...store.sites.values()].find(
    (row) => row.shareKey === shareKey && row.siteSpaces.some((siteSpace) => siteSpace.space === spaceId),
  );
  if (!space || !site || site.organization !== space.organization) {
    throw new SandboxError(404, `space "${spaceId}" was not found with this share key`);
  }
  return space;
}

/** A transferred space leaves the sites of its former organization. */
export function unpublishSpaces(store: Store, organization: string, spaceIds: ReadonlySet<string>): void {
  for (const row of store.sites.values()) {
    if (row.organization === organization) {
      row.siteSpaces = row.siteSpaces.filter((siteSpace) => !spaceIds.has(siteSpace.space));
    }
  }
}

export const spaceHandlers = [
  implement(listOrganizationSpaces, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const spaces = [...store.spaces.values()].filter((s) => s.organization === params.organizationId);
    return paginate(
      spaces.map((space) => spaceView(store, space)),
      query,
    );
  }),

  implement(getSpace, ({ store, params, query }) =>
    spaceView(
      store,
      query.shareKey
        ? spaceByShareKey(store, params.spaceId, query.shareKey)
        : requireSpace(store, params.spaceId),
    ),
  ),

  implement(updateSpace, ({ store, params, body }) => {
    // Settings stay editable in a locked space (unlocking must be possible); its content does not.
    const space = requireSpace(store, params.spaceId);
    if (body.editMode !== undefined) space.editMode = body.editMode;
    if (body.title !== undefined) space.title = body.title;
    if (body.defaultLevel !== undefined) space.defaultLevel = body.defaultLevel;
    if (body.language !== undefined) space.language = body.language;
    if (body.mergeRules !== undefined) space.mergeRules = structuredClone(body.mergeRules);
    if (body.emoji === null) delete space.emoji;
    else if (body.emoji !== undefined) space.emoji = body.emoji;
    space.updatedAt = store.now();
    return spaceView(store, space);
  }),

  implement(deleteSpace, ({ store, params }) => {
    // Absent, already deleted or out of reach: nothing to delete, and that is a success.
    const space = store.spaces.get(params.spaceId);
    if (!space?.organization) return;
    if (!store.members.some((m) => m.organization === space.organization && m.user === store.actor)) return;
    softDeleteSpace(store, space);
  }),

  implement(duplicateSpace, ({ store, params }) => {
    const source = requireSpace(store, params.spaceId);
    const content = primaryRevision(store, source);
    const id = store.newId('space');
    const now = store.now();
    const { revision: _revision, gitSync: _gitSync, deletedAt: _deletedAt, ...settings } = source;
    const revision = createRevision(store, id, content, [], `Duplicate of ${source.id} (${content.id})`);
    const copy: Space = {
      ...structuredClone(settings),
      id,
      title: `Copy of ${source.title ?? source.id}`,
      createdAt: now,
      updatedAt: now,
      revision: revision.id,
      urls: { app: `https://${APP_HOST}/s/${id}` },
    };
    store.spaces.set(id, copy);
    placeAfter(store, source.organization ?? '', source.parent ?? null, { kind: 'space', id }, source.id);
    return spaceView(store, copy);
  }),

  implement(restoreSpace, ({ store, params }) => {
    const deleted = store.deletedSpaces.get(params.spaceId);
    if (!deleted?.organization) {
      requireSpace(store, params.spaceId);
      throw conflict(`space "${params.spaceId}" is not deleted: there is nothing to restore`);
    }
    try {
      requireOrganization(store, deleted.organization);
    } catch {
      throw notFound('space', params.spaceId);
    }
    if (isPermanentlyRemoved(store, deleted)) {
      store.deletedSpaces.delete(params.spaceId);
      throw new SandboxError(
        404,
        `space "${params.spaceId}" was deleted more than 7 days ago and is permanently removed`,
      );
    }
    const { deletedAt: _deletedAt, ...space } = deleted;
    const parent = space.parent ? store.collections.get(space.parent) : undefined;
    // Its collection may have gone (or moved away) meanwhile: it comes back at the top level.
    if (!parent || parent.organization !== space.organization) delete space.parent;
    store.deletedSpaces.delete(space.id);
    store.spaces.set(space.id, space);
    placeLast(store, space.organization ?? '', space.parent ?? null, { kind: 'space', id: space.id });
    return spaceView(store, space);
  }),

  implement(moveSpace, ({ store, params, body }) => {
    const space = requireSpace(store, params.spaceId);
    const parent = moveNode(
      store,
      { kind: 'space', id: space.id },
      space.organization ?? '',
      space.parent ?? null,
      body,
    );
    if (parent) space.parent = parent;
    else delete space.parent;
    space.updatedAt = store.now();
    return spaceView(store, space);
  }),

  implement(transferSpace, ({ store, params, body }) => {
    const space = requireSpace(store, params.spaceId);
    const from = space.organization ?? '';
    checkTransfer(store, `space "${space.id}"`, from, body.organization, [space]);
    unpublishSpaces(store, from, new Set([space.id]));
    space.organization = body.organization;
    delete space.parent;
    space.updatedAt = store.now();
    placeLast(store, body.organization, null, { kind: 'space', id: space.id });
    return spaceView(store, space);
  }),

  implement(listSpaceLinks, ({ store, params, query }) => {
    const space = requireSpace(store, params.spaceId);
    const revision = primaryRevision(store, space);
    const links: Link[] = [];
    let broken = 0;
    for (const entry of flattenPages(revision.pages)) {
      // Against itself as the base: no link of the primary content is "introduced by a change request".
      const found = pageLinks(revision, revision, entry.page);
      links.push(...found.links);
      broken += found.stats.broken.total;
    }
    const shown = query.status ? links.filter((link) => link.status === query.status) : links;
    return {
      ...paginate(shown, query),
      stats: { total: links.length, broken: { total: broken, changeRequest: 0 } },
    };
  }),
];
