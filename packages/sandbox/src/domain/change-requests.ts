import type { ChangeRequest, User } from '@docs-api/sdk/contract';
import { APP_HOST, primaryRevision } from '../content.js';
import type { ChangeRequestRow, Store } from '../store.js';

/*
 * What every area shows of change requests: the API view of a request (and of the users it
 * names), and whether it is outdated. A domain module: handlers import it, it imports no handler
 * (the change requests' own handlers, revisions' and site findings' read requests through it).
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
