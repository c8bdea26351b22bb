import {
  getChangeRequestReviewById,
  getChangeRequestChanges,
  getReviewsByChangeRequestId,
  submitChangeRequestReview,
  type ChangeRequestReview,
} from '@docs-api/sdk/contract';
import { requireRevision, type BodyFormat } from '../content.js';
import { limitedChanges, semanticChanges } from '../domain/semantic-changes.js';
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
      store.apiOrigin(),
    );
    return limitedChanges(all, query.limit);
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
