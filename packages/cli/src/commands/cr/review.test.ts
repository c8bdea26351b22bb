import { describe, expect, it } from 'vitest';
import type { ChangeRequestReview } from '@docs-api/sdk';
import { useInProcessCli } from '../../../test-support/run-command.js';
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

  it('is a usage error, with nothing sent, without a verdict or with --request-changes and no body', async () => {
    const none = await cli.run(CrReview, ['space_guides', '2']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Pass --approve or --request-changes');
    const noBody = await cli.run(CrReview, ['space_guides', '2', '--request-changes']);
    expect(noBody.code).toBe(2);
    expect(noBody.stderr).toContain('--request-changes needs --body');
    const both = await cli.run(CrReview, ['space_guides', '2', '--approve', '--request-changes']);
    expect(both.code).toBe(2);
    expect(cli.totalRequests()).toBe(0);
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
