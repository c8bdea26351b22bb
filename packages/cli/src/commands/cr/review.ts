import type { ChangeRequestReview } from '@docs-api/sdk';
import { Flags } from '../../oclif.js';
import { ChangeRequestCommand, crArg, crLabel, readBody, spaceArg } from '../../lib/change-requests.js';
import { UsageError } from '../../lib/exit-codes.js';
import { output } from '../../lib/output.js';

export default class CrReview extends ChangeRequestCommand<typeof CrReview> {
  static override summary = 'Approve a change request or ask for changes (beyond the extract)';
  static override description =
    "Submits a formal review as the logged-in user: --approve, or --request-changes with what to change in --body (markdown; - reads standard input). The review is recorded against the request's current revision and becomes outdated when a new revision lands (an update from the primary content, new edits). Reviews come from the service's published API document, beyond the extract. Prints the review; --json prints the review object.\n\nExactly one of --approve and --request-changes is required, and --request-changes needs --body (exit 2 otherwise, nothing sent). In a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr review space_guides 2 --approve',
    '<%= config.bin %> cr review space_guides 2 --approve --body "Clear and complete."',
    '<%= config.bin %> cr review space_guides 2 --request-changes --body "Say which Node.js version is needed."',
    'cat review.md | <%= config.bin %> cr review space_guides 2 --request-changes --body -',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    approve: Flags.boolean({
      char: 'a',
      description: 'Approve the change request',
      exclusive: ['request-changes'],
    }),
    'request-changes': Flags.boolean({
      char: 'r',
      description: 'Ask for changes (say which with --body)',
      exclusive: ['approve'],
    }),
    body: Flags.string({
      char: 'b',
      description: 'A comment posted with the review, in markdown (- reads standard input)',
    }),
  };

  async run(): Promise<ChangeRequestReview> {
    const { approve, 'request-changes': requestChanges, body } = this.flags;
    if (!approve && !requestChanges) {
      throw new UsageError('Pass --approve or --request-changes (with --body saying what to change).');
    }
    if (requestChanges && body === undefined) {
      throw new UsageError('--request-changes needs --body saying what to change (- reads standard input).');
    }
    const markdown = body === undefined ? undefined : await readBody(body);
    const { client, spaceId, crId } = await this.target();
    const review = await client.changeRequests.reviews.submit(spaceId, crId, {
      status: approve ? 'approved' : 'changes-requested',
      ...(markdown === undefined ? {} : { comment: { markdown } }),
    });
    if (this.human) {
      output.success(
        approve
          ? `Approved change request ${crLabel(crId)} in ${spaceId} (review ${review.id})`
          : `Asked for changes on change request ${crLabel(crId)} in ${spaceId} (review ${review.id})`,
      );
      output.data(review.id);
    }
    return review;
  }
}
