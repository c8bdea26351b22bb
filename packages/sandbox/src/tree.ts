import type { MoveCollectionBody, MoveSpaceBody, Space } from '@docs-api/sdk/contract';
import { badRequest, conflict, notFound, SandboxError } from './errors.js';
import { requireOrganization } from './domain/organizations.js';
import type { CollectionRow, Store } from './store.js';

/*
 * The content tree of an organization: collections nest in collections, spaces sit in a
 * collection or at the top level. Siblings (the spaces and collections with the same parent)
 * have an order, which moves change: a moved object lands before or after a sibling space or
 * collection, or last. Shared by the space and collection handlers.
 */

/** How long a deleted space can be restored, in milliseconds (the contract's 7 days). */
export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type TreeNode = { kind: 'space'; id: string } | { kind: 'collection'; id: string };

/** A collection of an organization the actor belongs to; 404 otherwise. */
export function requireCollection(store: Store, collectionId: string): CollectionRow {
  const row = store.collections.get(collectionId);
  if (!row) throw notFound('collection', collectionId);
  try {
    requireOrganization(store, row.organization);
  } catch {
    throw notFound('collection', collectionId);
  }
  return row;
}

/** The parent of a space as stored: a collection id, or null at the top level. */
const parentOf = (value: string | null | undefined): string | null => value ?? null;

/** The spaces and collections directly under `parent` (null: the top level), in their order. */
export function children(store: Store, organization: string, parent: string | null): TreeNode[] {
  const nodes: TreeNode[] = [];
  for (const row of store.collections.values()) {
    if (row.organization === organization && parentOf(row.parent) === parent)
      nodes.push({ kind: 'collection', id: row.id });
  }
  for (const space of store.spaces.values()) {
    if (space.organization === organization && parentOf(space.parent) === parent)
      nodes.push({ kind: 'space', id: space.id });
  }
  // Array.prototype.sort is stable: unranked nodes keep creation order, collections first.
  const rank = (node: TreeNode) => store.ranks.get(node.id) ?? Number.POSITIVE_INFINITY;
  return nodes.sort((a, b) => (rank(a) === rank(b) ? 0 : rank(a) < rank(b) ? -1 : 1));
}

/** The collection and every collection nested in it, parents first. */
export function subtree(store: Store, collectionId: string): CollectionRow[] {
  const root = store.collections.get(collectionId);
  if (!root) return [];
  const found = [root];
  for (let index = 0; index < found.length; index++) {
    const current = found[index];
    for (const row of store.collections.values()) {
      if (current && row.parent === current.id) found.push(row);
    }
  }
  return found;
}

/** The spaces (live ones) of the given collections. */
export function spacesIn(store: Store, collections: readonly CollectionRow[]): Space[] {
  const ids = new Set(collections.map((row) => row.id));
  return [...store.spaces.values()].filter((space) => space.parent && ids.has(space.parent));
}

/** Gives `nodes` the ranks 0..n-1 in the given order. */
function rank(store: Store, nodes: readonly TreeNode[]): void {
  nodes.forEach((node, index) => store.ranks.set(node.id, index));
}

/** Puts a new node last among its siblings (so an explicit order, once set, stays complete). */
export function placeLast(store: Store, organization: string, parent: string | null, node: TreeNode): void {
  const siblings = children(store, organization, parent).filter((sibling) => sibling.id !== node.id);
  rank(store, [...siblings, node]);
}

/** Puts `node` right after `after` among its siblings. */
export function placeAfter(
  store: Store,
  organization: string,
  parent: string | null,
  node: TreeNode,
  after: string,
): void {
  const siblings = children(store, organization, parent).filter((sibling) => sibling.id !== node.id);
  const index = siblings.findIndex((sibling) => sibling.id === after);
  siblings.splice(index < 0 ? siblings.length : index + 1, 0, node);
  rank(store, siblings);
}

/**
 * Moves a space or collection: into the collection `parent` of the same organization (404 when
 * it is not one; `null` for the top level; absent: where it is), before or after a sibling
 * space or collection under that parent (400 "invalid position" otherwise), else last. A move that leaves
 * everything where it was, or names the parent it is in and no place, is a 409. Returns the new
 * parent.
 */
export function moveNode(
  store: Store,
  node: TreeNode,
  organization: string,
  currentParent: string | null,
  body: MoveSpaceBody | MoveCollectionBody,
): string | null {
  let parent = currentParent;
  if (body.parent !== undefined && body.parent !== null) {
    const target = store.collections.get(body.parent);
    if (!target || target.organization !== organization) {
      throw new SandboxError(
        404,
        `collection "${body.parent}" was not found in organization "${organization}"`,
      );
    }
    if (node.kind === 'collection' && subtree(store, node.id).some((row) => row.id === target.id)) {
      throw badRequest(
        `invalid position: collection "${node.id}" cannot be moved into itself or a collection inside it`,
      );
    }
    parent = target.id;
  } else if (body.parent === null) {
    parent = null;
  }

  // Into the collection it is already in, with no place given: it is there already.
  if (parent === currentParent && body.position === undefined) {
    throw conflict(`the move would change nothing: ${node.kind} "${node.id}" is already there`);
  }
  const before = children(store, organization, currentParent).map((sibling) => sibling.id);
  const siblings = children(store, organization, parent).filter((sibling) => sibling.id !== node.id);
  let index = siblings.length;
  const anchors = [
    ['before', body.position?.before, 0],
    ['after', body.position?.after, 1],
  ] as const;
  let chosen: number | undefined;
  for (const [side, pointer, offset] of anchors) {
    if (pointer === undefined) continue;
    const anchor: TreeNode =
      pointer.type === 'space'
        ? { kind: 'space', id: pointer.space }
        : { kind: 'collection', id: pointer.collection };
    const at = siblings.findIndex((sibling) => sibling.kind === anchor.kind && sibling.id === anchor.id);
    if (at < 0) {
      throw badRequest(
        `invalid position: body.position.${side}: ${anchor.kind} "${anchor.id}" is not ${
          anchor.id === node.id ? `another ${anchor.kind}` : 'a sibling'
        } ${parent ? `in collection "${parent}"` : 'at the top level of the organization'}`,
      );
    }
    if (chosen !== undefined && chosen !== at + offset) {
      throw badRequest(
        'invalid position: body.position.before and body.position.after are not next to each other',
      );
    }
    chosen = at + offset;
  }
  if (chosen !== undefined) index = chosen;
  siblings.splice(index, 0, node);

  if (parent === currentParent && siblings.map((sibling) => sibling.id).join() === before.join()) {
    throw conflict(`the move would change nothing: ${node.kind} "${node.id}" is already there`);
  }
  rank(store, siblings);
  return parent;
}

/**
 * Checks a transfer of spaces to `organization`: a member's organization (404 otherwise), not the
 * one they are in (409: it would change nothing), and none of them locked (412: it cannot be
 * moved, the published document's status for a collection that cannot be moved).
 */
export function checkTransfer(
  store: Store,
  what: string,
  from: string,
  organization: string,
  spaces: readonly Space[],
): void {
  try {
    requireOrganization(store, organization);
  } catch {
    throw new SandboxError(404, `organization "${organization}" was not found`);
  }
  if (organization === from) {
    throw conflict(`the transfer would change nothing: ${what} is already in organization "${from}"`);
  }
  const locked = spaces.find((space) => space.editMode === 'locked');
  if (locked) {
    throw new SandboxError(
      412,
      `${what} cannot be moved: space "${locked.id}" is locked (set its edit mode to live first)`,
    );
  }
}

/** Deletes a space: it leaves every read and list, restorable for 7 days. */
export function softDeleteSpace(store: Store, space: Space): void {
  store.spaces.delete(space.id);
  store.ranks.delete(space.id);
  store.deletedSpaces.set(space.id, { ...space, deletedAt: store.now() });
}

/** Whether a deleted space is past the 7 days it could be restored in. */
export function isPermanentlyRemoved(store: Store, space: Space): boolean {
  const deletedAt = space.deletedAt ? Date.parse(space.deletedAt) : Number.NaN;
  return Date.parse(store.now()) - deletedAt > RESTORE_WINDOW_MS;
}
