import type {
  ChangeRequest,
  ChangeRequestRequestedReviewer,
  ChangeRequestUserContributor,
  Comment,
  CommentReply,
} from '@docs-api/sdk';
import { formatDate, type Column } from '../terminal/output.js';
import { knownForms } from './known-forms.js';
import {
  bodyText,
  commentFields,
  excerpt,
  reviewerTeam,
  reviewerUser,
  teamTitle,
  userName,
} from './cr-readers.js';

/* The table columns of the `docs cr ...` lists. */

export const changeRequestColumns: Column<ChangeRequest>[] = [
  { header: '#', value: (cr) => cr.number },
  { header: 'SUBJECT', value: (cr) => cr.subject, cut: true },
  { header: 'STATUS', value: (cr) => cr.status },
  { header: 'AUTHOR', value: (cr) => userName(cr.createdBy), cut: true, priority: 2 },
  { header: 'UPDATED', value: (cr) => formatDate(cr.updatedAt), priority: 3 },
  { header: 'COMMENTS', value: (cr) => cr.comments, priority: 1 },
  // Kept longest of the droppable columns: whether it can be merged as it is.
  { header: 'OUTDATED', value: (cr) => cr.outdated, priority: 4 },
];

/** Across an organization a number alone is ambiguous: the space comes first. */
export const organizationChangeRequestColumns: Column<ChangeRequest>[] = [
  { header: 'SPACE', value: (cr) => cr.space },
  ...changeRequestColumns,
];

export const commentColumns: Column<Comment>[] = [
  { header: 'ID', value: (c) => commentFields(c).id },
  { header: 'AUTHOR', value: (c) => userName(commentFields(c).postedBy), priority: 4 },
  { header: 'POSTED', value: (c) => formatDate(commentFields(c).postedAt), priority: 3 },
  { header: 'STATUS', value: (c) => String(c.status ?? 'open') },
  { header: 'REPLIES', value: (c) => commentFields(c).replies ?? 0, priority: 2 },
  { header: 'PAGE', value: (c) => commentFields(c).target?.page?.id, priority: 1 },
  { header: 'BODY', value: (c) => excerpt(bodyText(commentFields(c).body)), cut: true },
];

export const replyColumns: Column<CommentReply>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'AUTHOR', value: (r) => userName(r.postedBy), priority: 2 },
  { header: 'POSTED', value: (r) => formatDate(r.postedAt), priority: 1 },
  { header: 'BODY', value: (r) => excerpt(bodyText(r.body), 80), cut: true },
];

/** A user reviewer shows their id and name; a team reviewer `team:<id>` and its title. */
export const reviewerColumns: Column<ChangeRequestRequestedReviewer>[] = [
  {
    header: 'USER',
    value: (r) => {
      const team = reviewerTeam(r);
      return reviewerUser(r)?.id ?? (team ? `team:${team.id}` : '');
    },
  },
  {
    header: 'NAME',
    value: (r) => {
      const team = reviewerTeam(r);
      return reviewerUser(r)?.displayName ?? (team ? teamTitle(team) : undefined);
    },
    cut: true,
  },
  { header: 'REQUESTED BY', value: (r) => userName(knownForms(r).requestedBy), priority: 1 },
  { header: 'REQUESTED', value: (r) => formatDate(knownForms(r).createdAt), priority: 2 },
];

export const contributorColumns: Column<ChangeRequestUserContributor>[] = [
  { header: 'USER', value: (c) => c.user?.id },
  { header: 'NAME', value: (c) => c.user?.displayName, cut: true },
  { header: 'ACTIONS', value: (c) => c.count, priority: 3 },
  { header: 'TYPE', value: (c) => c.actionType, priority: 1 },
  { header: 'LAST', value: (c) => formatDate(c.updatedAt), priority: 2 },
];
