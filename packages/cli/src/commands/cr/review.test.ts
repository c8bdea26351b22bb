import { describe, expect, it, vi } from 'vitest';
import type { ChangeRequestReview } from '@docs-api/sdk';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import { terminal } from '../../lib/terminal/terminal.js';
import CrReview from './review.js';
import CrReviews from './reviews.js';

/* `docs cr review` and `docs cr reviews` in-process against a sandbox. */

const cli = useInProcessCli();
const reviews = () => cli.sandbox.store.changeRequests.get('cr_quickstart')?.reviews ?? [];

describe('docs cr review', () => {
  it('approves as the logged-in user and prints the review id', async () => {
    const result = await cli.run(CrReview, ['space_guides', '2', '--approve']);
    expect(result.code).toBe(0);
    const added = reviews().at(-1);
    expect(added).toMatchObject({ reviewer: 'user_ada', status: 'approved', revision: 'rev_cr_quickstart' });
    expect(result.stdout).toBe(`${added?.id}\n`);
    expect(result.stderr).toContain(`Approved change request #2 in space_guides (review ${added?.id})`);
  });

  it('asks for changes with a markdown body, posted as a comment of the review', async () => {
    const result = await cli.run(CrReview, [
      'space_guides',
      '2',
      '--request-changes',
      '--body',
      'Name the **Node.js** version.',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const review = JSON.parse(result.stdout) as ChangeRequestReview;
    expect(review).toMatchObject({
      status: 'changes-requested',
      outdated: false,
      comment: { body: { markdown: 'Name the **Node.js** version.' } },
    });
    const commentId = review.comment?.status === 'open' ? review.comment.id : undefined;
    expect(cli.sandbox.store.comments.get(commentId ?? '')?.review).toBe(review.id);
  });

  it('is a usage error in a pipeline, with nothing sent, without a verdict or without the text it needs', async () => {
    cli.canPrompt.mockReturnValue(false);
    const none = await cli.run(CrReview, ['space_guides', '2']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Missing the review: pass --approve, --request-changes or --comment');
    const noBody = await cli.run(CrReview, ['space_guides', '2', '--request-changes']);
    expect(noBody.code).toBe(2);
    expect(noBody.stderr).toContain('--request-changes needs --body');
    const noComment = await cli.run(CrReview, ['space_guides', '2', '--comment']);
    expect(noComment.stderr).toContain('--comment needs --body');
    expect(cli.totalRequests()).toBe(0);
  });

  it('says contradictory flags in plain words, one line, nothing sent', async () => {
    for (const flags of [
      ['--approve', '--request-changes'],
      ['--approve', '--comment'],
    ]) {
      const both = await cli.run(CrReview, ['space_guides', '2', ...flags]);
      expect(both.code).toBe(2);
      expect(both.stderr).toBe(
        `Error: ${flags.join(' and ')} cannot be used together: pass one of --approve, --request-changes and --comment.\n`,
      );
    }
    expect(cli.totalRequests()).toBe(0);
  });

  it('asks at a terminal what to do, and opens the editor for the changes asked', async () => {
    const choose = vi.spyOn(prompts, 'choose').mockResolvedValue('request-changes');
    const editor = vi.spyOn(prompts, 'editor').mockResolvedValue('Name the Node.js version.\n');
    const result = await cli.run(CrReview, ['space_guides', '2']);
    expect(result.code, result.stderr).toBe(0);
    expect(choose.mock.calls[0]?.[0]).toBe('Review change request #2 in space_guides');
    expect(choose.mock.calls[0]?.[1].map((choice) => choice.name)).toEqual([
      'Approve',
      'Request changes',
      'Comment',
    ]);
    expect(editor).toHaveBeenCalledOnce();
    expect(reviews().at(-1)).toMatchObject({ status: 'changes-requested' });
    expect(result.stderr).toContain('Asked for changes on change request #2 in space_guides');
  });

  it('approves at a terminal without asking for a text', async () => {
    vi.spyOn(prompts, 'choose').mockResolvedValue('approve');
    const editor = vi.spyOn(prompts, 'editor');
    const result = await cli.run(CrReview, ['space_guides', '2']);
    expect(result.code, result.stderr).toBe(0);
    expect(editor).not.toHaveBeenCalled();
    expect(reviews().at(-1)).toMatchObject({ status: 'approved', reviewer: 'user_ada' });
  });

  it('--comment posts the text as a comment on the change request (the service has no comment review)', async () => {
    const before = reviews().length;
    const result = await cli.run(CrReview, [
      'space_guides',
      '2',
      '--comment',
      '--body',
      'Mention Windows?',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const comment = JSON.parse(result.stdout) as { id: string; body: { markdown: string } };
    expect(comment.body.markdown).toBe('Mention Windows?');
    expect(cli.sandbox.store.comments.get(comment.id)?.changeRequest).toBe('cr_quickstart');
    expect(reviews()).toHaveLength(before);
  });

  it('an empty text in the editor cancels: nothing sent', async () => {
    vi.spyOn(prompts, 'choose').mockResolvedValue('comment');
    vi.spyOn(prompts, 'editor').mockResolvedValue('\n');
    const before = cli.totalRequests();
    const result = await cli.run(CrReview, ['space_guides', '2']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('Cancelled.\n');
    // Only the reads of the pickers' arguments (none here): nothing written.
    expect(cli.totalRequests()).toBe(before);
  });
});

describe('docs cr reviews', () => {
  it('lists reviewer, status, outdated and date, newest first, tab-separated when piped', async () => {
    cli.canPrompt.mockReturnValue(false);
    const result = await cli.run(CrReviews, ['space_handbook', '1']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Ada Lovelace\tapproved\tyes\t2026-01-06T12:00:00.000Z\treview_cli_ada\n');

    const current = await cli.run(CrReviews, ['space_guides', '2', '--current', '--json']);
    const listed = JSON.parse(current.stdout) as ChangeRequestReview[];
    expect(listed.map((r) => [r.reviewer.id, r.status])).toEqual([
      ['user_grace', 'changes-requested'],
      ['user_linus', 'approved'],
    ]);
  });
});

describe('docs cr reviews at 40 columns (issue 31)', () => {
  it('keeps OUTDATED: two reviews by one person never print as identical rows', async () => {
    vi.spyOn(terminal, 'stdoutIsTTY').mockReturnValue(true);
    vi.stubEnv('COLUMNS', '40');
    const columns = Object.getOwnPropertyDescriptor(process.stdout, 'columns');
    Object.defineProperty(process.stdout, 'columns', { value: 40, configurable: true });
    try {
      // A second review by the same reviewer makes the first outdated.
      expect((await cli.run(CrReview, ['space_guides', '2', '--approve'])).code).toBe(0);
      expect((await cli.run(CrReview, ['space_guides', '2', '--approve'])).code).toBe(0);
      const result = await cli.run(CrReviews, ['space_guides', '2']);
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/OUTDATED/);
      const rows = lines.slice(2);
      expect(new Set(rows).size).toBe(rows.length);
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(40);
    } finally {
      if (columns) Object.defineProperty(process.stdout, 'columns', columns);
      else delete (process.stdout as { columns?: number }).columns;
    }
  });
});
