import type { ChangeRequest, ChangeRequestUserContributor, Comment, CommentReply } from '@docs-api/sdk';
import { terminal } from '../terminal/terminal.js';
import { formatDate, terminalWidth, wrapLine, type Output } from '../terminal/output.js';
import { knownForms } from './known-forms.js';
import { bodyText, documentText, userLabel, userName } from './cr-readers.js';

/* The printers of one change request, comment or thread. */

/** Extra facts that `view` shows beside the change request itself. */
export interface ChangeRequestExtras {
  /** Each reviewer and their latest review: `Grace Hopper: changes requested`. */
  reviewers?: readonly string[];
  /** The merge rules: a summary line, then one line per rule. */
  mergeRules?: readonly string[];
  contributors?: readonly ChangeRequestUserContributor[];
}

/** A change request's summary: labelled fields, on stdout (`view`) or stderr (`merge`'s preview). */
export function printChangeRequest(
  output: Output,
  cr: ChangeRequest,
  extras: ChangeRequestExtras = {},
  to: 'stdout' | 'stderr' = 'stdout',
): void {
  const { reviewers, mergeRules, contributors } = extras;
  output.fields(
    [
      ['Change request', `#${cr.number} ${cr.subject}`],
      ['ID', cr.id],
      ['Space', cr.space],
      ['Status', cr.status],
      ['Author', userLabel(cr.createdBy)],
      ['Created', formatDate(cr.createdAt)],
      ['Updated', formatDate(cr.updatedAt)],
      ['Open comments', cr.comments],
      ['Outdated', cr.outdated ? 'yes: run `docs cr update` to bring in the primary content' : 'no'],
      ['Reviewers', reviewers === undefined ? undefined : reviewers.join('\n') || 'none requested'],
      ['Merge rules', mergeRules?.join('\n')],
      [
        'Contributors',
        contributors === undefined
          ? undefined
          : contributors.map((c) => `${userName(c.user)} (${c.count})`).join(', ') || 'none',
      ],
      ['Revision', cr.revision],
      ['Merged as', cr.revisionMerged],
      ['Merged by', cr.mergedBy ? userLabel(cr.mergedBy) : undefined],
      [
        'Links',
        cr.links?.length
          ? cr.links
              .map((link) => {
                const url = link.ref?.kind === 'url' ? link.ref.url : link.id;
                return link.title ? `${link.title} <${url}>` : url;
              })
              .join(', ')
          : undefined,
      ],
      ['URL', cr.urls?.app ?? cr.urls?.location],
      ['Description', documentText(cr.description)],
    ],
    to,
  );
}

/** A comment or reply: its facts, then its markdown body. */
export function printComment(output: Output, comment: Comment | CommentReply): void {
  const c = knownForms(comment as Comment);
  const isReply = (comment as { object?: string }).object === 'comment-reply';
  output.fields([
    ['ID', c.id],
    ['Author', userLabel(c.postedBy)],
    ['Posted', formatDate(c.postedAt)],
    ['Edited', formatDate(c.editedAt)],
    ['Status', isReply ? undefined : String(c.status ?? 'open')],
    ['Resolved by', c.resolvedBy ? userLabel(c.resolvedBy) : undefined],
    ['Page', c.target?.page?.id],
    ['Replies', c.replies],
    ['Reactions', c.reactions?.map((r) => `${r.emoji ?? '?'} ${r.count ?? r.users?.length ?? 0}`).join('  ')],
    // The published document gives comments no app URL: the API address, named as one.
    ['API URL', c.urls?.location],
  ]);
  const text = bodyText(c.body);
  if (text) output.data(`\n${text}`);
}

/** The width text is wrapped at on stdout: the terminal's; none when piped. */
function stdoutWidth(): number {
  return terminal.stdoutIsTTY() ? terminalWidth() : Infinity;
}

/** Lines of markdown under `indent`, each wrapped at words to the terminal's width. */
function indented(text: string, indent: string): string[] {
  const width = stdoutWidth();
  return text
    .split('\n')
    .flatMap((line) => (line.trim() ? wrapLine(`${indent}${line}`, width, indent) : ['']));
}

/**
 * A comment and its replies, as a thread on stdout: the comment's author, time, status, page and
 * id, its text indented under them, then each reply indented under it (`↳ Linus Torvalds ·
 * 2026-01-09 09:00 · reply_id`) with its text.
 */
export function printThread(output: Output, comment: Comment, replies: readonly CommentReply[]): void {
  const facts = [
    userName(comment.postedBy),
    formatDate(comment.postedAt),
    comment.status ?? 'open',
    comment.target?.page?.id ? `page ${comment.target.page.id}` : undefined,
    comment.id,
  ].filter(Boolean);
  for (const line of wrapLine(facts.join(' · '), stdoutWidth(), '  ')) output.data(line);
  for (const line of indented(bodyText(comment.body), '    ')) output.data(line);
  for (const reply of replies) {
    output.data('');
    const by = [userName(reply.postedBy), formatDate(reply.postedAt), reply.id].filter(Boolean).join(' · ');
    for (const line of wrapLine(`  ↳ ${by}`, stdoutWidth(), '    ')) output.data(line);
    for (const line of indented(bodyText(reply.body), '      ')) output.data(line);
  }
}
