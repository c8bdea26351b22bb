import {
  getChangeRequestReviewById,
  getChangeRequestChanges,
  getReviewsByChangeRequestId,
  submitChangeRequestReview,
  type ChangedRevisionPage,
  type ChangeRequestReview,
  type RevisionSemanticChange,
} from '@docs-api/sdk/contract';
import {
  fileView,
  flattenPages,
  requireRevision,
  type BodyFormat,
  type FlatPage,
  type RevisionRow,
} from '../content.js';
import { notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ChangeRequestRow, ReviewRow, Store } from '../store.js';
import { commentView, storedBody } from '../domain/comments.js';
import { baseRevisionId, requireChangeRequest, userView, reviewOutdated } from '../domain/change-requests.js';

/*
 * Beyond the extract (published document): the semantic changes of a change request, computed
 * from its revision against its base, and its formal reviews.
 */

export function reviewView(
  store: Store,
  row: ChangeRequestRow,
  review: ReviewRow,
  format?: BodyFormat,
): ChangeRequestReview {
  const comment = review.comment ? store.comments.get(review.comment) : undefined;
  return {
    object: 'change-request-review',
    id: review.id,
    revision: review.revision,
    reviewer: userView(store, review.reviewer),
    ...(review.requestedBy ? { requestedBy: userView(store, review.requestedBy) } : {}),
    status: review.status,
    outdated: reviewOutdated(row, review),
    ...(comment ? { comment: commentView(store, comment, format) } : {}),
    createdAt: review.createdAt,
    updatedAt: review.updatedAt,
    urls: { location: store.apiUrl(`/spaces/${row.space}/change-requests/${row.id}/reviews/${review.id}`) },
  };
}

const changedPage = (entry: FlatPage): ChangedRevisionPage => ({
  id: entry.page.id,
  type: 'document',
  title: entry.page.title,
  path: entry.path,
});

/** `{before, after}` of the string attributes that differ. */
function stringChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  names: readonly string[],
): Record<string, { before?: string; after?: string }> {
  const changes: Record<string, { before?: string; after?: string }> = {};
  for (const name of names) {
    const a = before[name];
    const b = after[name];
    if (a === b) continue;
    changes[name] = {
      ...(typeof a === 'string' ? { before: a } : {}),
      ...(typeof b === 'string' ? { after: b } : {}),
    };
  }
  return changes;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What `mine` changes against `base`, as the published document's semantic changes: pages
 * created, edited (title, description, slug, emoji, content), moved or deleted, files created,
 * edited or deleted, variables edited, reusable contents created, edited or deleted.
 */
export function semanticChanges(base: RevisionRow, mine: RevisionRow): RevisionSemanticChange[] {
  const changes: RevisionSemanticChange[] = [];
  const before = new Map(flattenPages(base.pages).map((entry) => [entry.page.id, entry]));
  const after = flattenPages(mine.pages);
  const afterById = new Map(after.map((entry) => [entry.page.id, entry]));
  for (const entry of after) {
    const old = before.get(entry.page.id);
    if (!old) {
      changes.push({ type: 'page_created', page: changedPage(entry) });
      continue;
    }
    if (old.parent !== entry.parent) {
      const parentBefore = old.parent ? before.get(old.parent) : undefined;
      const parentAfter = entry.parent ? afterById.get(entry.parent) : undefined;
      changes.push({
        type: 'page_moved',
        page: changedPage(entry),
        parent: {
          ...(parentBefore ? { before: changedPage(parentBefore) } : {}),
          ...(parentAfter ? { after: changedPage(parentAfter) } : {}),
        },
      });
    }
    const attributes: Record<string, { before?: string; after?: string }> = stringChanges(
      old.page as unknown as Record<string, unknown>,
      entry.page as unknown as Record<string, unknown>,
      ['title', 'description', 'slug', 'emoji'],
    );
    // The content changed: the document names no values for it, only that it changed.
    if (old.page.markdown !== entry.page.markdown || !same(old.page.computed, entry.page.computed)) {
      attributes.document = {};
    }
    if (Object.keys(attributes).length > 0) {
      changes.push({ type: 'page_edited', page: changedPage(entry), attributes });
    }
  }
  for (const [id, entry] of before) {
    if (!afterById.has(id)) changes.push({ type: 'page_deleted', page: changedPage(entry) });
  }

  const file = (revision: RevisionRow, row: RevisionRow['files'][number]) => {
    const view = fileView(revision, row, { gitMetadata: false });
    return { id: row.id, name: row.name, contentType: row.contentType, downloadURL: view.downloadURL ?? '' };
  };
  const filesBefore = new Map(base.files.map((row) => [row.id, row]));
  const fileIds = new Set(mine.files.map((row) => row.id));
  for (const row of mine.files) {
    const old = filesBefore.get(row.id);
    if (!old) changes.push({ type: 'file_created', file: file(mine, row) });
    else if (!same(old, row)) {
      const attributes: Record<string, { before?: unknown; after?: unknown }> = stringChanges(
        old as unknown as Record<string, unknown>,
        row as unknown as Record<string, unknown>,
        ['name', 'contentType'],
      );
      if (old.size !== row.size) attributes.size = { before: old.size, after: row.size };
      if (!same(old.dimensions, row.dimensions)) {
        attributes.dimensions = {
          ...(old.dimensions ? { before: { ...old.dimensions } } : {}),
          ...(row.dimensions ? { after: { ...row.dimensions } } : {}),
        };
      }
      changes.push({ type: 'file_edited', file: file(mine, row), attributes });
    }
  }
  for (const row of base.files) {
    if (!fileIds.has(row.id)) changes.push({ type: 'file_deleted', file: file(base, row) });
  }

  const variables: Record<string, { before?: string; after?: string }> = {};
  for (const name of new Set([...Object.keys(base.variables), ...Object.keys(mine.variables)])) {
    const a = base.variables[name];
    const b = mine.variables[name];
    if (a === b) continue;
    variables[name] = { ...(a !== undefined ? { before: a } : {}), ...(b !== undefined ? { after: b } : {}) };
  }
  if (Object.keys(variables).length > 0) changes.push({ type: 'variables_edited', variables });

  const reusableBefore = new Map(base.reusableContents.map((row) => [row.id, row]));
  const reusableIds = new Set(mine.reusableContents.map((row) => row.id));
  for (const row of mine.reusableContents) {
    const old = reusableBefore.get(row.id);
    const named = { id: row.id, title: row.title };
    if (!old) changes.push({ type: 'reusable_content_created', reusableContent: named });
    else if (old.title !== row.title) {
      changes.push({
        type: 'reusable_content_edited',
        reusableContent: named,
        attributes: { title: { before: old.title, after: row.title } },
      });
    }
  }
  for (const row of base.reusableContents) {
    if (!reusableIds.has(row.id)) {
      changes.push({ type: 'reusable_content_deleted', reusableContent: { id: row.id, title: row.title } });
    }
  }
  return changes;
}

function requireReview(row: ChangeRequestRow, reviewId: string): ReviewRow {
  const review = row.reviews?.find((candidate) => candidate.id === reviewId);
  if (!review) throw notFound('review', reviewId);
  return review;
}

export const changeRequestReviewHandlers = [
  implement(getChangeRequestChanges, ({ store, params, query }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const all = semanticChanges(
      requireRevision(store, baseRevisionId(row)),
      requireRevision(store, row.revision),
    );
    // The published document's `limit` is any number (default 10): a whole number of 0 or more here.
    const limit = Math.max(0, Math.floor(query.limit ?? 10));
    return { changes: all.slice(0, limit), ...(all.length > limit ? { more: all.length - limit } : {}) };
  }),

  implement(getReviewsByChangeRequestId, ({ store, params, query }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const views = [...(row.reviews ?? [])]
      .reverse()
      .map((review) => reviewView(store, row, review, query.format))
      .filter((view) => query.outdated === undefined || view.outdated === query.outdated);
    return paginate(views, query);
  }),

  implement(submitChangeRequestReview, ({ store, params, body, context }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    const now = store.now();
    const id = store.newId('review');
    const requested = row.reviewers.find((reviewer) => reviewer.user === store.actor);
    let commentId: string | undefined;
    if (body.comment) {
      commentId = store.newId('comment');
      store.comments.set(commentId, {
        id: commentId,
        changeRequest: row.id,
        space: row.space,
        revision: row.revision,
        postedBy: store.actor,
        postedAt: now,
        ...storedBody(body.comment),
        review: id,
        reactions: [],
        status: 'open',
        replies: [],
      });
    }
    const review: ReviewRow = {
      id,
      reviewer: store.actor,
      ...(requested ? { requestedBy: requested.requestedBy } : {}),
      status: body.status,
      revision: row.revision,
      ...(commentId ? { comment: commentId } : {}),
      createdAt: now,
      updatedAt: now,
    };
    (row.reviews ??= []).push(review);
    row.updatedAt = now;
    const view = reviewView(store, row, review);
    context.header('Location', view.urls?.location ?? '');
    return view;
  }),

  implement(getChangeRequestReviewById, ({ store, params, query }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    return reviewView(store, row, requireReview(row, params.reviewId), query.format);
  }),
];
