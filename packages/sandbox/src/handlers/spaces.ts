import {
  deleteSpaceById,
  duplicateSpace,
  getSpaceById,
  listSpacesInOrganizationById,
  listSpaceLinks,
  moveSpace,
  restoreSpace,
  transferSpace,
  updateSpaceById,
  type Link,
  type Space,
} from '@docs-api/sdk/contract';
import { flattenPages, pageLinks, primaryRevision } from '../content.js';
import { conflict, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { Store } from '../store.js';
import { checkTransfer, isPermanentlyRemoved, moveNode, placeLast, softDeleteSpace } from '../tree.js';
import { requireOrganization } from '../domain/organizations.js';
import { copySpace, requireSpace, spaceView } from '../domain/spaces.js';

export { requireSpace, spaceView } from '../domain/spaces.js';

/*
 * Spaces: the seed creates them (the contract has no endpoint to); they can be changed,
 * duplicated, moved among collections, transferred to another organization, and deleted. A
 * deleted space leaves every read and list (404) and can be restored for 7 days on the store's
 * clock; after that it is permanently removed. Moves and transfers follow tree.ts.
 */

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
  implement(listSpacesInOrganizationById, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const spaces = [...store.spaces.values()].filter((s) => s.organization === params.organizationId);
    return paginate(
      spaces.map((space) => spaceView(store, space)),
      query,
    );
  }),

  implement(getSpaceById, ({ store, params, query }) =>
    spaceView(
      store,
      query.shareKey
        ? spaceByShareKey(store, params.spaceId, query.shareKey)
        : requireSpace(store, params.spaceId),
    ),
  ),

  implement(updateSpaceById, ({ store, params, body }) => {
    // Settings stay editable in a locked space (unlocking must be possible); its content does not.
    const space = requireSpace(store, params.spaceId);
    if (body.editMode !== undefined) space.editMode = body.editMode;
    if (body.title !== undefined) space.title = body.title;
    if (body.defaultLevel !== undefined) space.defaultLevel = body.defaultLevel;
    if (body.language !== undefined) space.language = body.language;
    if (body.mergeRules !== undefined) space.mergeRules = structuredClone(body.mergeRules);
    // A space shows an emoji or an icon: setting one removes the other; null removes it. The body
    // is one of the document's forms (an emoji, an icon, or both null): each field read where present.
    const { emoji, icon } = body as { emoji?: string | null; icon?: string | null };
    if (emoji === null) space.emoji = null;
    if (icon === null && space.urls) delete space.urls.icon;
    if (typeof emoji === 'string') {
      space.emoji = emoji;
      if (space.urls) delete space.urls.icon;
    } else if (typeof icon === 'string') {
      space.urls = { ...space.urls, icon };
      space.emoji = null;
    }
    space.updatedAt = store.now();
    return spaceView(store, space);
  }),

  implement(deleteSpaceById, ({ store, params }) => {
    // Absent, already deleted or out of reach: nothing to delete, and that is a success.
    const space = store.spaces.get(params.spaceId);
    if (!space?.organization) return;
    if (!store.members.some((m) => m.organization === space.organization && m.user === store.actor)) return;
    softDeleteSpace(store, space);
  }),

  implement(duplicateSpace, ({ store, params }) =>
    spaceView(store, copySpace(store, requireSpace(store, params.spaceId))),
  ),

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
