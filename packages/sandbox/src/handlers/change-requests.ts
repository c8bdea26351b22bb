import {
  createChangeRequest,
  getChangeRequest,
  getChangeRequestPdf,
  listChangeRequestContributors,
  listChangeRequests,
  listOrganizationChangeRequests,
  listRequestedReviewers,
  mergeChangeRequest,
  removeRequestedReviewer,
  requestReviewers,
  updateChangeRequest,
  updateChangeRequestFromPrimary,
  type ChangeRequest,
  type ChangeRequestListQuery,
  type RequestedReviewer,
  type Space,
  type User,
} from '@docs-api/sdk/contract';
import {
  applyChanges,
  APP_HOST,
  createRevision,
  diffRevisions,
  primaryRevision,
  requirePage,
  requireRevision,
} from '../content.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ChangeRequestRow, ReviewerRow, Store } from '../store.js';
import { requireOrganization } from './organizations.js';
import { requireSpace } from './spaces.js';

const PDF_ORIGIN = 'https://pdf.sandbox.docs-api.local';

/** Statuses in which a request is done: it can no longer be outdated, merged or updated. */
const CLOSED_STATUSES = new Set(['merged', 'archived']);

export function userView(store: Store, userId: string): User {
  return store.users.get(userId) ?? { object: 'user', id: userId };
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
    space: row.space,
    revision: row.revision,
    revisionInitial: row.revisionInitial,
    ...(row.revisionMergedAncestor ? { revisionMergedAncestor: row.revisionMergedAncestor } : {}),
    ...(row.revisionMerged ? { revisionMerged: row.revisionMerged } : {}),
    comments: openComments,
    outdated: isOutdated(store, row),
    ...(row.conversationsIssuesCluster ? { conversationsIssuesCluster: row.conversationsIssuesCluster } : {}),
    urls: {
      app: `https://${APP_HOST}/s/${row.space}/~/changes/${row.number}`,
      location: `/v1/spaces/${row.space}/change-requests/${row.id}`,
    },
  };
}

function listRows(store: Store, spaceIds: ReadonlySet<string>, query: ChangeRequestListQuery) {
  const status = query.status ?? 'open';
  return [...store.changeRequests.values()]
    .filter(
      (row) =>
        spaceIds.has(row.space) &&
        (status === 'all' || row.status === status) &&
        (query.creator === undefined || row.createdBy === query.creator) &&
        (query.contributor === undefined || row.contributors.some((c) => c.user === query.contributor)) &&
        (query.requestedReviewer === undefined ||
          row.reviewers.some((r) => r.user === query.requestedReviewer)) &&
        (query.conversationsIssuesCluster === undefined ||
          row.conversationsIssuesCluster === query.conversationsIssuesCluster),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.number - a.number)
    .map((row) => changeRequestView(store, row));
}

function reviewerView(store: Store, reviewer: ReviewerRow): RequestedReviewer {
  return {
    object: 'change-request-requested-reviewer',
    revision: reviewer.revision,
    requestedBy: userView(store, reviewer.requestedBy),
    createdAt: reviewer.createdAt,
    kind: 'user',
    user: userView(store, reviewer.user),
  };
}

const label = (row: ChangeRequestRow) => `Change request #${row.number}`;

export const changeRequestHandlers = [
  implement(listChangeRequests, ({ store, params, query }) => {
    requireSpace(store, params.spaceId);
    return paginate(listRows(store, new Set([params.spaceId]), query), query);
  }),

  implement(listOrganizationChangeRequests, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const spaceIds = new Set(
      [...store.spaces.values()].filter((s) => s.organization === params.organizationId).map((s) => s.id),
    );
    return paginate(listRows(store, spaceIds, query), query);
  }),

  implement(createChangeRequest, ({ store, params, body }) => {
    const space = requireSpace(store, params.spaceId);
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
      status: 'open',
      subject: body.subject ?? 'Untitled change request',
      createdBy: store.actor,
      createdAt: now,
      updatedAt: now,
      revision: revision.id,
      revisionInitial: primary.id,
      contributors: [],
      reviewers: [],
    };
    store.changeRequests.set(row.id, row);
    return changeRequestView(store, row);
  }),

  implement(getChangeRequest, ({ store, params }) =>
    changeRequestView(store, requireChangeRequest(store, params.spaceId, params.changeRequestId).row),
  ),

  implement(updateChangeRequest, ({ store, params, body }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    if (body.status === 'merged') {
      throw badRequest(
        'body.status: a change request cannot be set to "merged"; use POST .../merge to merge it',
      );
    }
    if (body.status !== undefined && body.status !== row.status && row.status === 'merged') {
      throw conflict(`${label(row)} is merged: its status can no longer change`);
    }
    if (body.subject !== undefined) row.subject = body.subject;
    if (body.description !== undefined) row.description = structuredClone(body.description);
    if (body.status !== undefined) row.status = body.status;
    row.updatedAt = store.now();
    return changeRequestView(store, row);
  }),

  implement(mergeChangeRequest, ({ store, params }) => {
    const { space, row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    if (row.status === 'merged') throw conflict(`${label(row)} is already merged`);
    if (row.status !== 'open' && row.status !== 'draft') {
      throw conflict(`${label(row)} is ${row.status}: only open or draft change requests can be merged`);
    }
    if (space.editMode === 'locked') {
      throw conflict(`Space "${space.title ?? space.id}" (${space.id}) is locked: merges are refused`);
    }
    if (isOutdated(store, row)) {
      throw conflict(`${label(row)} is outdated: update it from the primary content first`);
    }
    const previous = primaryRevision(store, space);
    const merged = createRevision(
      store,
      space.id,
      requireRevision(store, row.revision),
      [previous.id, row.revision],
      `Merge change request #${row.number}: ${row.subject}`,
    );
    const now = store.now();
    space.revision = merged.id;
    space.updatedAt = now;
    row.revisionMerged = merged.id;
    row.status = 'merged';
    row.updatedAt = now;
    return { revision: merged.id, result: 'merge' };
  }),

  implement(updateChangeRequestFromPrimary, ({ store, params }) => {
    const { space, row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    if (CLOSED_STATUSES.has(row.status)) {
      throw conflict(`${label(row)} is ${row.status}: it can no longer be updated from the primary content`);
    }
    const primary = primaryRevision(store, space);
    const changes = diffRevisions(
      requireRevision(store, baseRevisionId(row)),
      requireRevision(store, row.revision),
    );
    const content = structuredClone({
      pages: primary.pages,
      files: primary.files,
      reusableContents: primary.reusableContents,
      variables: primary.variables,
    });
    applyChanges(content, changes);
    const updated = createRevision(
      store,
      space.id,
      content,
      [row.revision, primary.id],
      `Update change request #${row.number} from the primary content`,
    );
    row.revision = updated.id;
    row.revisionMergedAncestor = primary.id;
    row.updatedAt = store.now();
    return { revision: updated.id, result: 'update' };
  }),

  implement(getChangeRequestPdf, ({ store, params, query }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const url = `${PDF_ORIGIN}/spaces/${row.space}/change-requests/${row.number}.pdf`;
    if (query.page === undefined) {
      if (query.only === true) throw badRequest('query.only: a PDF of one page needs query.page (a page id)');
      return { url };
    }
    requirePage(requireRevision(store, row.revision), query.page, `change request #${row.number}`);
    const search = new URLSearchParams({ page: query.page });
    if (query.only === true) search.set('only', 'true');
    return { url: `${url}?${search.toString()}` };
  }),

  implement(listChangeRequestContributors, ({ store, params }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const items = [...row.contributors]
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map((contributor) => ({
        user: userView(store, contributor.user),
        count: contributor.count,
        updatedAt: contributor.updatedAt,
        actionType: 'edit',
      }));
    return { items, count: items.length };
  }),

  implement(listRequestedReviewers, ({ store, params, query }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    return paginate(
      row.reviewers.map((reviewer) => reviewerView(store, reviewer)),
      query,
    );
  }),

  implement(requestReviewers, ({ store, params, body }) => {
    const { space, row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const organization = space.organization ?? '';
    for (const user of body.users) {
      if (!store.members.some((m) => m.organization === organization && m.user === user)) {
        throw badRequest(`body.users: user "${user}" is not a member of organization "${organization}"`);
      }
    }
    for (const user of body.users) {
      if (row.reviewers.some((reviewer) => reviewer.user === user)) continue;
      row.reviewers.push({ user, requestedBy: store.actor, createdAt: store.now(), revision: row.revision });
    }
    return { users: row.reviewers.map((reviewer) => reviewerView(store, reviewer)) };
  }),

  implement(removeRequestedReviewer, ({ store, params }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const index = row.reviewers.findIndex((reviewer) => reviewer.user === params.userId);
    if (index < 0) throw notFound('requested reviewer', params.userId);
    row.reviewers.splice(index, 1);
  }),
];
