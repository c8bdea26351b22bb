import {
  checkMergeRules,
  createChangeRequest,
  getChangeRequestById,
  getChangeRequestPDF,
  getContributorsByChangeRequestId,
  listChangeRequestsForSpace,
  listChangeRequestsForOrganization,
  getRequestedReviewersByChangeRequestId,
  mergeChangeRequest,
  removeRequestedReviewerFromChangeRequest,
  requestReviewersForChangeRequest,
  updateChangeRequestById,
  updateChangeRequest,
  type ChangeRequest,
  type ListChangeRequestsForSpaceQuery,
  type MergeRule,
  type ListChangeRequestsForOrganizationQuery,
  type ChangeRequestRequestedReviewer,
  type Space,
} from '@docs-api/sdk/contract';
import {
  applyChanges,
  createRevision,
  diffRevisions,
  documentPlainText,
  primaryRevision,
  requireRevision,
} from '../content.js';
import { badRequest, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ChangeRequestRow, ReviewerRow, Store } from '../store.js';
import {
  reviewOutdated,
  CLOSED_STATUSES,
  userView,
  requireChangeRequest,
  baseRevisionId,
  isOutdated,
  changeRequestView,
  openChangeRequest,
} from '../domain/change-requests.js';
import { requireOrganization } from '../domain/organizations.js';
import { requireSpace } from '../domain/spaces.js';
import { pdfExportUrl } from '../domain/pdf-exports.js';

/** The filters both lists take, the status aside. */
function matches(
  row: ChangeRequestRow,
  query: ListChangeRequestsForSpaceQuery | ListChangeRequestsForOrganizationQuery,
): boolean {
  return (
    (query.creator === undefined || row.createdBy === query.creator) &&
    (query.contributor === undefined || row.contributors.some((c) => c.user === query.contributor)) &&
    (query.requestedReviewer === undefined ||
      row.reviewers.some((r) => r.user === query.requestedReviewer)) &&
    (query.topic === undefined || row.siteTopic?.topic === query.topic) &&
    (query.conversationsIssuesCluster === undefined ||
      row.conversationsIssuesCluster === query.conversationsIssuesCluster)
  );
}

/** Newest first by `orderBy` (the service's default: `updatedAt`). */
function sorted(rows: ChangeRequestRow[], orderBy: 'updatedAt' | 'createdAt' = 'updatedAt') {
  return rows.sort(
    (a, b) =>
      b[orderBy].localeCompare(a[orderBy]) || b.createdAt.localeCompare(a.createdAt) || b.number - a.number,
  );
}

function spaceRows(store: Store, spaceId: string, query: ListChangeRequestsForSpaceQuery): ChangeRequest[] {
  const status = query.status ?? 'open';
  const rows = [...store.changeRequests.values()].filter(
    (row) => row.space === spaceId && row.status === status && matches(row, query),
  );
  return sorted(rows, query.orderBy).map((row) => changeRequestView(store, row));
}

function organizationRows(
  store: Store,
  organizationId: string,
  query: ListChangeRequestsForOrganizationQuery,
): ChangeRequest[] {
  const statuses = new Set<string>(query.status ?? ['open']);
  const spaceIds = new Set(
    [...store.spaces.values()].filter((s) => s.organization === organizationId).map((s) => s.id),
  );
  // `site`: the spaces the site publishes.
  const siteSpaces =
    query.site === undefined
      ? undefined
      : new Set(
          store.sites.get(query.site)?.organization === organizationId
            ? (store.sites.get(query.site)?.siteSpaces.map((siteSpace) => siteSpace.space) ?? [])
            : [],
        );
  const rows = [...store.changeRequests.values()].filter(
    (row) =>
      spaceIds.has(row.space) &&
      statuses.has(row.status) &&
      matches(row, query) &&
      (query.space === undefined || row.space === query.space) &&
      (siteSpaces === undefined || siteSpaces.has(row.space)) &&
      (query.styleguideRun === undefined || row.styleguide?.run === query.styleguideRun) &&
      // Requests opened from site findings (triage) only with `finding=all`.
      ((query.finding ?? 'none') === 'all' || row.siteTopic?.finding === undefined),
  );
  return sorted(rows, query.orderBy).map((row) => changeRequestView(store, row));
}

function reviewerView(store: Store, reviewer: ReviewerRow): ChangeRequestRequestedReviewer {
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

/**
 * Why a change-request operation was refused (409), sent as `error.reason` beside the message so
 * that a script switches on it rather than on the words (the SDK's `ConflictError.reason`).
 */
export type ConflictReason =
  'already-merged' | 'archived' | 'space-locked' | 'outdated' | 'merge-rules-not-met';

/** A 409 whose body carries `error.reason`. */
class ReasonedConflict extends SandboxError {
  readonly reason: ConflictReason;
  constructor(reason: ConflictReason, message: string) {
    super(409, message);
    this.reason = reason;
  }
  override toBody() {
    const body = super.toBody();
    return { error: { ...body.error, reason: this.reason } };
  }
}

const conflict = (reason: ConflictReason, message: string) => new ReasonedConflict(reason, message);

/**
 * The merge rules that apply to a space: its own (`rules` or `none`), or with `inherit` its
 * organization's. Where they come from is named for the refusal's message.
 */
export function effectiveMergeRules(store: Store, space: Space): { rules: MergeRule[]; from: string } {
  const own = space.mergeRules ?? { type: 'inherit' };
  if (own.type !== 'inherit') {
    const rules = own.type === 'rules' ? ((own as { rules?: MergeRule[] }).rules ?? []) : [];
    return { rules, from: `space ${space.id}` };
  }
  const organization = space.organization ? store.organizations.get(space.organization) : undefined;
  const inherited = organization?.mergeRules;
  const rules = inherited?.type === 'rules' ? (inherited.rules ?? []) : [];
  return { rules, from: `organization ${space.organization ?? ''}` };
}

/**
 * Refuses a merge the merge rules do not allow, as the service does: 409 with the rules that are
 * not met; a user named by `allow_bypass` merges anyway. `custom` expressions and agent reviews
 * are not evaluated by the sandbox (see checkMergeRules).
 */
function enforceMergeRules(store: Store, space: Space, row: ChangeRequestRow): void {
  const { rules, from } = effectiveMergeRules(store, space);
  if (rules.length === 0) return;
  const check = checkMergeRules({
    rules,
    changeRequest: {
      subject: row.subject,
      hasDescription: Boolean(row.description && documentPlainText(row.description).trim()),
      outdated: isOutdated(store, row),
      createdBy: { id: row.createdBy },
    },
    reviews: (row.reviews ?? []).map((review) => ({
      reviewer: { id: review.reviewer },
      status: review.status,
      outdated: reviewOutdated(row, review),
    })),
    actor: store.actor,
  });
  if (check.unmet.length === 0 || check.bypass) return;
  const unmet = check.unmet.map((result) => `${result.description} (${result.reason ?? 'not met'})`);
  throw conflict(
    'merge-rules-not-met',
    `${label(row)} does not meet the merge rules of ${from}: ${unmet.join('; ')}`,
  );
}

export const changeRequestHandlers = [
  implement(listChangeRequestsForSpace, ({ store, params, query }) => {
    requireSpace(store, params.spaceId);
    return paginate(spaceRows(store, params.spaceId, query), query);
  }),

  implement(listChangeRequestsForOrganization, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    return paginate(organizationRows(store, params.organizationId, query), query);
  }),

  implement(createChangeRequest, ({ store, params, body }) => {
    const space = requireSpace(store, params.spaceId);
    const row = openChangeRequest(store, space, { subject: body.subject ?? 'Untitled change request' });
    return changeRequestView(store, row);
  }),

  implement(getChangeRequestById, ({ store, params }) =>
    changeRequestView(store, requireChangeRequest(store, params.spaceId, params.changeRequestId).row),
  ),

  implement(updateChangeRequestById, ({ store, params, body }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    // `merged` is refused by the request schema: only a merge makes a request merged.
    if (body.status !== undefined && body.status !== row.status && row.status === 'merged') {
      throw conflict('already-merged', `${label(row)} is merged: its status can no longer change`);
    }
    if (body.subject !== undefined) row.subject = body.subject;
    if (body.description !== undefined) row.description = structuredClone(body.description);
    if (body.status !== undefined) row.status = body.status;
    if (body.links !== undefined) {
      // The given list replaces the links; an `id` keeps that link's id, none makes a new one.
      row.links = body.links.map((link) => ({
        id:
          link.id !== undefined && row.links.some((old) => old.id === link.id)
            ? link.id
            : store.newId('link'),
        ref: { kind: 'url' as const, url: link.ref.url },
        ...(link.title !== undefined ? { title: link.title } : {}),
      }));
    }
    row.updatedAt = store.now();
    return changeRequestView(store, row);
  }),

  implement(mergeChangeRequest, ({ store, params }) => {
    const { space, row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    if (row.status === 'merged') throw conflict('already-merged', `${label(row)} is already merged`);
    if (row.status !== 'open' && row.status !== 'draft') {
      throw conflict(
        'archived',
        `${label(row)} is ${row.status}: only open or draft change requests can be merged`,
      );
    }
    if (space.editMode === 'locked') {
      throw conflict(
        'space-locked',
        `Space "${space.title ?? space.id}" (${space.id}) is locked: merges are refused`,
      );
    }
    if (isOutdated(store, row)) {
      throw conflict('outdated', `${label(row)} is outdated: update it from the primary content first`);
    }
    enforceMergeRules(store, space, row);
    const previous = primaryRevision(store, space);
    const merged = createRevision(
      store,
      space.id,
      requireRevision(store, row.revision),
      [previous.id, row.revision],
      `Merge change request #${row.number}: ${row.subject}`,
      { type: 'merge', mergedFrom: row.id },
    );
    const now = store.now();
    space.revision = merged.id;
    space.updatedAt = now;
    row.revisionMerged = merged.id;
    row.status = 'merged';
    row.mergedBy = store.actor;
    row.mergedAt = now;
    row.updatedAt = now;
    // The published document: with `conflicts` "the merge was still applied but the space may
    // need manual conflict resolution".
    return { revision: merged.id, result: row.conflicts ? 'conflicts' : 'merge' };
  }),

  implement(updateChangeRequest, ({ store, params }) => {
    const { space, row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    if (CLOSED_STATUSES.has(row.status)) {
      throw conflict(
        row.status === 'merged' ? 'already-merged' : 'archived',
        `${label(row)} is ${row.status}: it can no longer be updated from the primary content`,
      );
    }
    // Edits that collide with the primary content's: nothing is pulled in, the request stays as it is.
    if (row.conflicts) return { revision: row.revision, result: 'conflicts' };
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
      { type: 'update' },
    );
    row.revision = updated.id;
    row.revisionMergedAncestor = primary.id;
    row.updatedAt = store.now();
    return { revision: updated.id, result: 'update' };
  }),

  implement(getChangeRequestPDF, ({ store, params, query }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const target = { space: row.space, changeRequest: row.number };
    return { url: pdfExportUrl(store, target, requireRevision(store, row.revision), query) };
  }),

  implement(getContributorsByChangeRequestId, ({ store, params }) => {
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

  implement(getRequestedReviewersByChangeRequestId, ({ store, params, query }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    return paginate(
      row.reviewers.map((reviewer) => reviewerView(store, reviewer)),
      query,
    );
  }),

  implement(requestReviewersForChangeRequest, ({ store, params, body }) => {
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
    // The published document: the request may also set the subject and the description.
    if (body.subject !== undefined || body.description !== undefined) {
      if (body.subject !== undefined) row.subject = body.subject;
      if (body.description !== undefined) row.description = structuredClone(body.description);
      row.updatedAt = store.now();
    }
    return { users: row.reviewers.map((reviewer) => reviewerView(store, reviewer)) };
  }),

  // The published document answers no content whether or not the user had been asked (205
  // removed, 204 "Reviewer was not found"); the contract declares 204, so the sandbox answers 204
  // in both cases. An id that names no user is an unknown id, 404 like any other.
  implement(removeRequestedReviewerFromChangeRequest, ({ store, params }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    if (!store.users.has(params.userId)) throw notFound('user', params.userId);
    const index = row.reviewers.findIndex((reviewer) => reviewer.user === params.userId);
    if (index >= 0) row.reviewers.splice(index, 1);
  }),
];
