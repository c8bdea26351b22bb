import type {
  ChangeRequest,
  ChangeRequestReview,
  Comment,
  DocsClient,
  MergeRule,
  MergeRuleResult,
  ChangeRequestRequestedReviewer,
  RevisionSemanticChange,
  Space,
} from '@docs-api/sdk';
import {
  bodyText,
  commentFields,
  documentText,
  excerpt,
  reviewerName,
  reviewerUser,
  userName,
} from './change-requests.js';
import { formatDate, terminalWidth, wrapLine, type Output } from '../terminal/output.js';
import { messageOf } from '../failures/exit-codes.js';

/*
 * What `docs cr merge` shows before it asks (and prints with --dry-run --json): the changes, the
 * reviews, the merge rules that apply and whether each is met, the open comments, the space's
 * lock and the request's outdated state. The reviews and changes are beyond the extract (from the
 * service's published document).
 */

/** How many open comments the preview shows at a terminal. */
const COMMENTS_SHOWN = 3;
/** How many changes the preview asks for (the service's default is 10). */
const CHANGES_ASKED = 100;

export interface MergeRulesState {
  /**
   * Where the rules come from: the space's own, the organization's (inherited), none apply, or
   * `unknown` when the organization's could not be read.
   */
  from: 'space' | 'organization' | 'none' | 'unknown';
  /** Each rule, whether it is met (`null`: it cannot be checked from here) and what is missing. */
  rules: Array<{ rule: MergeRule; description: string; met: boolean | null; reason?: string }>;
  /** The rules not met: the service refuses the merge unless the merger may bypass them. */
  unmet: number;
}

export interface MergePreview {
  changeRequest: ChangeRequest;
  space: { id: string; title?: string | undefined; locked: boolean };
  outdated: boolean;
  changes: RevisionSemanticChange[];
  /** Changes left out beyond the first 100. */
  moreChanges: number;
  reviews: ChangeRequestReview[];
  reviewers: ChangeRequestRequestedReviewer[];
  mergeRules: MergeRulesState;
  openComments: { count: number; first: Comment[] };
  /**
   * What could not be read (e.g. `changes`, `reviews`: operations beyond the extract a server
   * may not answer), with the error; the preview shows the rest and the merge goes on.
   */
  unavailable: Array<{ what: string; error: string }>;
}

/** The value, or the fallback when the read fails (its error noted in `unavailable`). */
async function orElse<T>(
  read: Promise<T>,
  fallback: T,
  what: string,
  unavailable: MergePreview['unavailable'],
): Promise<T> {
  try {
    return await read;
  } catch (error) {
    unavailable.push({ what, error: messageOf(error) });
    return fallback;
  }
}

const hasText = (cr: ChangeRequest) => documentText(cr.description).trim().length > 0;

/** The rules that apply to the space: its own, or with `inherit` its organization's. */
async function applicableRules(
  client: DocsClient,
  space: Space,
): Promise<{ from: MergeRulesState['from']; rules: MergeRule[] }> {
  const own = space.mergeRules ?? { type: 'inherit' };
  if (own.type === 'rules') return { from: 'space', rules: (own as { rules?: MergeRule[] }).rules ?? [] };
  if (own.type !== 'inherit' || !space.organization) return { from: 'none', rules: [] };
  const organization = await client.organizations.get(space.organization);
  const inherited = organization.mergeRules;
  if (inherited?.type !== 'rules') return { from: 'none', rules: [] };
  return { from: 'organization', rules: inherited.rules ?? [] };
}

/**
 * The merge rules that apply to the space and whether the request meets each (from its reviews):
 * what `docs cr merge` and `docs cr view` show. A failure to read the organization's rules is
 * noted in `unavailable`.
 */
export async function mergeRulesState(
  client: DocsClient,
  space: Space,
  cr: ChangeRequest,
  reviews: readonly ChangeRequestReview[],
  unavailable: MergePreview['unavailable'],
): Promise<MergeRulesState> {
  const { from, rules } = await orElse(
    applicableRules(client, space),
    { from: 'unknown' as const, rules: [] },
    'merge rules',
    unavailable,
  );
  const { checkMergeRules } = await import('../../sdk.js');
  const check = checkMergeRules({
    rules,
    changeRequest: {
      subject: cr.subject,
      hasDescription: hasText(cr),
      outdated: cr.outdated,
      ...(cr.createdBy ? { createdBy: { id: cr.createdBy.id } } : {}),
    },
    reviews: reviews.map((review) => ({
      reviewer: { id: review.reviewer.id },
      status: review.status,
      outdated: review.outdated,
    })),
  });
  return {
    from: rules.length || from === 'unknown' ? from : 'none',
    rules: check.results.map((result: MergeRuleResult) => ({
      rule: result.rule,
      description: result.description,
      met: result.met ?? null,
      ...(result.reason ? { reason: result.reason } : {}),
    })),
    unmet: check.unmet.length,
  };
}

/** Each reviewer once: their latest review (its verdict, whether outdated), or a request not answered yet. */
export interface ReviewerState {
  name: string;
  /** The user's id; none for a team. */
  id?: string | undefined;
  /** `approved`, `changes-requested`, or `requested` (asked, no review yet). */
  state: 'approved' | 'changes-requested' | 'requested' | (string & {});
  /** The latest review was made on an earlier revision. */
  outdated: boolean;
  requested: boolean;
}

/** The reviewers of a request with each one's latest review, requested reviewers included. */
export function reviewerStates(
  reviews: readonly ChangeRequestReview[],
  reviewers: readonly ChangeRequestRequestedReviewer[],
): ReviewerState[] {
  const latest = new Map<string, ChangeRequestReview>();
  for (const review of reviews) {
    const known = latest.get(review.reviewer.id);
    if (!known || (review.createdAt ?? '') > (known.createdAt ?? '')) latest.set(review.reviewer.id, review);
  }
  const states: ReviewerState[] = [...latest.values()].map((review) => ({
    name: userName(review.reviewer),
    id: review.reviewer.id,
    state: review.status,
    outdated: review.outdated,
    requested: reviewers.some((reviewer) => reviewerUser(reviewer)?.id === review.reviewer.id),
  }));
  for (const reviewer of reviewers) {
    const id = reviewerUser(reviewer)?.id;
    if (id && latest.has(id)) continue;
    states.push({ name: reviewerName(reviewer), id, state: 'requested', outdated: false, requested: true });
  }
  return states.sort((a, b) => a.name.localeCompare(b.name));
}

/** "approved", "changes requested (outdated: on an earlier revision)", "review requested". */
export function describeReviewerState(state: ReviewerState): string {
  const verdict =
    state.state === 'requested'
      ? 'review requested, none yet'
      : state.state === 'changes-requested'
        ? 'changes requested'
        : state.state;
  return `${verdict}${state.outdated ? ' (outdated: on an earlier revision)' : ''}`;
}

/** The merge rules as lines: a summary, then each rule and whether it is met. */
export function describeMergeRules(rules: MergeRulesState): string[] {
  if (rules.from === 'none') return ['none'];
  if (rules.from === 'unknown') return ['could not be read'];
  const from = rules.from === 'space' ? "the space's" : "the organization's (inherited)";
  return [
    `${from}, ${rules.unmet ? `${rules.unmet} not met` : 'all met'}`,
    ...rules.rules.map((rule) => {
      const mark = rule.met === true ? 'met    ' : rule.met === false ? 'NOT MET' : 'unknown';
      return `${mark}  ${rule.description}${rule.reason ? `: ${rule.reason}` : ''}`;
    }),
  ];
}

/** Reads everything the preview shows, in parallel where it can. */
export async function loadMergePreview(
  client: DocsClient,
  spaceId: string,
  crId: string,
): Promise<MergePreview> {
  const unavailable: MergePreview['unavailable'] = [];
  // The request and its space are needed; the rest is shown when it can be read.
  const [cr, space, changes, reviews, reviewers, comments] = await Promise.all([
    client.changeRequests.get(spaceId, crId),
    client.spaces.get(spaceId),
    orElse(
      client.changeRequests.listChanges(spaceId, crId, { limit: CHANGES_ASKED }),
      { changes: [] },
      'changes',
      unavailable,
    ),
    orElse(
      client.changeRequests.reviews.list(spaceId, crId, { limit: 100 }).toArray({ max: 100 }),
      [] as ChangeRequestReview[],
      'reviews',
      unavailable,
    ),
    orElse(
      client.changeRequests.reviewers.list(spaceId, crId, { limit: 100 }).toArray({ max: 100 }),
      [] as ChangeRequestRequestedReviewer[],
      'requested reviewers',
      unavailable,
    ),
    orElse(
      client.changeRequests.comments.list(spaceId, crId, { status: 'open', limit: COMMENTS_SHOWN }),
      { items: [] as Comment[] },
      'open comments',
      unavailable,
    ),
  ]);
  const mergeRules = await mergeRulesState(client, space, cr, reviews, unavailable);
  return {
    changeRequest: cr,
    space: { id: space.id, title: space.title, locked: space.editMode === 'locked' },
    outdated: cr.outdated,
    changes: changes.changes,
    moreChanges: changes.more ?? 0,
    reviews,
    reviewers,
    mergeRules,
    openComments: { count: cr.comments, first: comments.items.slice(0, COMMENTS_SHOWN) },
    unavailable,
  };
}

/** The rules not met, as one phrase each: "Approval from user_ada (no current approval from user_ada)". */
export function unmetRules(preview: MergePreview): string[] {
  return preview.mergeRules.rules
    .filter((rule) => rule.met === false)
    .map((rule) => `${rule.description} (${rule.reason ?? 'not met'})`);
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** One change as a line: a sign, what it is, and where. */
export function describeChange(change: RevisionSemanticChange): string {
  const c = change as {
    type?: string;
    page?: { title?: string; path?: string; id?: string };
    file?: { name?: string; id?: string };
    variables?: Record<string, unknown>;
    attributes?: Record<string, unknown>;
    reusableContent?: { title?: string; id?: string };
    tag?: { label?: string; slug?: string };
    parent?: { after?: { title?: string } };
  };
  const page = c.page ? `${c.page.path ?? c.page.id ?? ''} (${c.page.title ?? ''})` : '';
  const what = c.attributes ? Object.keys(c.attributes).map((a) => (a === 'document' ? 'content' : a)) : [];
  switch (c.type) {
    case 'page_created':
      return `+ page  ${page}`;
    case 'page_edited':
      return `~ page  ${page}${what.length ? `: ${what.join(', ')}` : ''}`;
    case 'page_moved':
      return `> page  ${page} moved${c.parent?.after?.title ? ` under ${c.parent.after.title}` : ' to the top level'}`;
    case 'page_deleted':
      return `- page  ${page}`;
    case 'file_created':
      return `+ file  ${c.file?.name ?? c.file?.id ?? ''}`;
    case 'file_edited':
      return `~ file  ${c.file?.name ?? c.file?.id ?? ''}${what.length ? `: ${what.join(', ')}` : ''}`;
    case 'file_deleted':
      return `- file  ${c.file?.name ?? c.file?.id ?? ''}`;
    case 'variables_edited':
      return `~ variables  ${Object.keys(c.variables ?? {}).join(', ')}`;
    case 'reusable_content_created':
    case 'reusable_content_edited':
    case 'reusable_content_deleted': {
      const sign = c.type.endsWith('created') ? '+' : c.type.endsWith('deleted') ? '-' : '~';
      return `${sign} reusable content  ${c.reusableContent?.title ?? c.reusableContent?.id ?? ''}`;
    }
    default: {
      const label = c.tag?.label ?? c.tag?.slug;
      return `~ ${c.type ?? 'change'}${label ? `  ${label}` : ''}`;
    }
  }
}

/** A review as a phrase: "Grace Hopper: changes requested (2026-01-11 11:30)", outdated marked. */
function describeReview(review: ChangeRequestReview): string {
  const verdict = review.status === 'changes-requested' ? 'changes requested' : review.status;
  return `${userName(review.reviewer)}: ${verdict}${review.outdated ? ' (outdated: made on an earlier revision)' : ''}`;
}

/** Prints the preview on stderr, for a person deciding whether to merge. */
export function printMergePreview(
  output: Output,
  preview: MergePreview,
  options: { updateFirst: boolean },
): void {
  const cr = preview.changeRequest;
  const lines: string[] = [];
  lines.push(
    `#${cr.number} ${cr.subject}  (${cr.status}, by ${userName(cr.createdBy)}, updated ${formatDate(cr.updatedAt)})`,
  );
  lines.push(
    `into ${preview.space.title ? `${preview.space.title} (${preview.space.id})` : preview.space.id}`,
  );
  lines.push('');
  lines.push(`Changes: ${preview.changes.length + preview.moreChanges}`);
  for (const change of preview.changes) lines.push(`  ${describeChange(change)}`);
  if (preview.moreChanges) lines.push(`  … and ${plural(preview.moreChanges, 'more change')}`);

  const current = preview.reviews.filter((review) => !review.outdated);
  const approvals = current.filter((review) => review.status === 'approved').length;
  const requested = current.filter((review) => review.status === 'changes-requested').length;
  lines.push(
    `Reviews: ${preview.reviews.length ? `${plural(approvals, 'approval')}, ${requested} asking for changes` : 'none'}`,
  );
  for (const review of preview.reviews) lines.push(`  ${describeReview(review)}`);
  const waiting = preview.reviewers
    .map(reviewerName)
    .filter((name) => name && !preview.reviews.some((review) => userName(review.reviewer) === name));
  if (waiting.length) lines.push(`  awaiting review: ${waiting.join(', ')}`);

  const [rulesSummary, ...ruleLines] = describeMergeRules(preview.mergeRules);
  lines.push(`Merge rules: ${rulesSummary ?? ''}`, ...ruleLines.map((line) => `  ${line}`));

  lines.push(`Open comments: ${preview.openComments.count}`);
  for (const comment of preview.openComments.first) {
    const { postedBy, body } = commentFields(comment);
    lines.push(`  ${userName(postedBy)}: ${excerpt(bodyText(body))}`);
  }
  if (preview.openComments.count > preview.openComments.first.length) {
    lines.push(`  … see \`docs cr comments list ${preview.space.id} ${cr.number}\``);
  }
  if (preview.space.locked) lines.push(`Space: locked (merges are refused until it is set back to live)`);
  if (preview.outdated) {
    lines.push(
      options.updateFirst
        ? 'Outdated: yes; the primary content will be pulled in before the merge'
        : 'Outdated: yes; the primary content moved on since the request was last updated',
    );
  } else lines.push('Outdated: no');
  // At a terminal each line is wrapped at a word, under its own indent, so a narrow terminal
  // neither cuts a reason a reviewer decides on nor breaks the layout; piped, lines stay whole.
  const width = process.stderr.isTTY ? terminalWidth() : Infinity;
  for (const line of lines) for (const part of wrapLine(line, width)) output.info(part);
  // The URL whole on its line, wider than the terminal or not: to be copied or clicked as one.
  if (cr.urls?.app) output.info(`URL: ${cr.urls.app}`);
  for (const { what, error } of preview.unavailable) output.warn(`Could not read the ${what}: ${error}`);
}

/** A warning on stderr (wrapped at words at a terminal, as every message). */
export function warnWrapped(output: Output, message: string): void {
  output.warn(message);
}

export { wrapLine };
