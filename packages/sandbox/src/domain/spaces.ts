import type { Space } from '@docs-api/sdk/contract';
import { createRevision, primaryRevision } from '../content.js';
import { notFound, SandboxError } from '../errors.js';
import type { Store } from '../store.js';
import { isPermanentlyRemoved, placeAfter } from '../tree.js';
import { requireOrganization } from './organizations.js';

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

/** The document's limit on a space's title. */
export const SPACE_TITLE_MAX = 50;

/**
 * A copy of a space (its settings and current content, not its Git Sync), titled "Copy of …",
 * placed right after it among its siblings: `duplicateSpace` and `duplicateSiteSpace` make it.
 */
export function copySpace(store: Store, source: Space): Space {
  const content = primaryRevision(store, source);
  const id = store.newId('space');
  const now = store.now();
  const { revision: _revision, gitSync: _gitSync, deletedAt: _deletedAt, ...settings } = source;
  const revision = createRevision(store, id, content, [], `Duplicate of ${source.id} (${content.id})`);
  const copy: Space = {
    ...structuredClone(settings),
    id,
    title: `Copy of ${source.title ?? source.id}`.slice(0, SPACE_TITLE_MAX),
    createdAt: now,
    updatedAt: now,
    revision: revision.id,
  };
  store.spaces.set(id, copy);
  placeAfter(store, source.organization ?? '', source.parent ?? null, { kind: 'space', id }, source.id);
  return copy;
}
