import type { ChangeRequest, Space, User } from '@docs-api/sdk/contract';
import { APP_HOST, createRevision, primaryRevision } from '../content.js';
import { notFound } from '../errors.js';
import type { ChangeRequestRow, Store, ReviewRow } from '../store.js';
import { requireSpace } from './spaces.js';

/*
 * What every change-request area needs: the lookup of a request (by id or number), its base
 * revision, whether it (or a review of it) is outdated, and the API views of a request and of its
 * authors. A domain module: handlers import it, it imports no handler.
 */

/** Statuses in which a request is done: it can no longer be outdated, merged or updated. */
export const CLOSED_STATUSES = new Set(['merged', 'archived']);

/**
 * A user as the published document describes one: `object`, `id`, `displayName` and
 * `urls.location` always (an unknown user is named by its id), `email` and `photoURL` when known.
 */
export function userView(store: Store, userId: string): User {
  const user = store.users.get(userId);
  return {
    object: 'user',
    id: userId,
    displayName: user?.displayName ?? userId,
    ...(user?.email ? { email: user.email } : {}),
    ...(user?.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: store.apiUrl(`/users/${userId}`) },
  };
}

/**
 * The change request `changeRequestId` (its id or its number) of a space the actor can reach;
 * 404 when it is neither.
 */
export function requireChangeRequest(
  store: Store,
  spaceId: string,
  changeRequestId: string,
): { space: Space; row: ChangeRequestRow } {
  const space = requireSpace(store, spaceId);
  const byNumber = /^\d+$/.test(changeRequestId) ? Number(changeRequestId) : undefined;
  for (const row of store.changeRequests.values()) {
    if (row.space === spaceId && (row.id === changeRequestId || row.number === byNumber))
      return { space, row };
  }
  throw notFound('change request', changeRequestId);
}

/** The revision a request's changes are measured against: where it started or was last updated from. */
export function baseRevisionId(row: ChangeRequestRow): string {
  return row.revisionMergedAncestor ?? row.revisionInitial;
}

/** A request is outdated when the primary content moved on since it started or was last updated. */
export function isOutdated(store: Store, row: ChangeRequestRow): boolean {
  if (CLOSED_STATUSES.has(row.status)) return false;
  const space = store.spaces.get(row.space);
  return space !== undefined && primaryRevision(store, space).id !== baseRevisionId(row);
}

export function changeRequestView(store: Store, row: ChangeRequestRow): ChangeRequest {
  let openComments = 0;
  for (const comment of store.comments.values()) {
    if (comment.changeRequest === row.id && comment.status !== 'resolved') openComments += 1;
  }
  return {
    object: 'change-request',
    id: row.id,
    number: row.number,
    status: row.status,
    subject: row.subject,
    ...(row.description ? { description: structuredClone(row.description) } : {}),
    createdBy: userView(store, row.createdBy),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.mergedBy ? { mergedBy: userView(store, row.mergedBy) } : {}),
    ...(row.mergedAt ? { mergedAt: row.mergedAt } : {}),
    space: row.space,
    revision: row.revision,
    revisionInitial: row.revisionInitial,
    ...(row.revisionMergedAncestor ? { revisionMergedAncestor: row.revisionMergedAncestor } : {}),
    ...(row.revisionMerged ? { revisionMerged: row.revisionMerged } : {}),
    comments: openComments,
    outdated: isOutdated(store, row),
    ...(row.siteTopic ? { siteTopic: { ...row.siteTopic } } : {}),
    ...(row.styleguide ? { styleguide: { ...row.styleguide } } : {}),
    links: row.links.map((link) => ({
      id: link.id,
      ref: { ...link.ref },
      ...(link.title !== undefined ? { title: link.title } : {}),
    })),
    ...(row.conversationsIssuesCluster ? { conversationsIssuesCluster: row.conversationsIssuesCluster } : {}),
    urls: {
      app: `https://${APP_HOST}/s/${row.space}/~/changes/${row.number}`,
      location: store.apiUrl(`/spaces/${row.space}/change-requests/${row.id}`),
    },
  };
}

/**
 * A review is outdated once the request has a revision after the one it was made against, or
 * once the same reviewer reviewed again.
 */
export function reviewOutdated(row: ChangeRequestRow, review: ReviewRow): boolean {
  if (review.revision !== row.revision) return true;
  const reviews = row.reviews ?? [];
  return reviews.some(
    (other) => other.reviewer === review.reviewer && reviews.indexOf(other) > reviews.indexOf(review),
  );
}

/**
 * Opens a change request on the space: the next number in the space, a revision of its own from
 * the primary content, by the actor, now (createChangeRequest, style guide runs).
 */
export function openChangeRequest(
  store: Store,
  space: Space,
  fields: Pick<ChangeRequestRow, 'subject'> & Partial<Pick<ChangeRequestRow, 'status' | 'styleguide'>>,
): ChangeRequestRow {
  const primary = primaryRevision(store, space);
  let last = 0;
  for (const row of store.changeRequests.values()) {
    if (row.space === space.id) last = Math.max(last, row.number);
  }
  const number = last + 1;
  const revision = createRevision(store, space.id, primary, [primary.id], `Change request #${number}`);
  const now = store.now();
  const row: ChangeRequestRow = {
    id: store.newId('cr'),
    space: space.id,
    number,
    status: fields.status ?? 'open',
    subject: fields.subject,
    createdBy: store.actor,
    createdAt: now,
    updatedAt: now,
    revision: revision.id,
    revisionInitial: primary.id,
    ...(fields.styleguide ? { styleguide: fields.styleguide } : {}),
    contributors: [],
    reviewers: [],
    links: [],
  };
  store.changeRequests.set(row.id, row);
  return row;
}
