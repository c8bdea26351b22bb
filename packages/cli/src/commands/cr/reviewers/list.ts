import type { RequestedReviewer } from '@docs-api/sdk';
import { listFlags } from '../../../base-command.js';
import { ChangeRequestCommand, crArg, reviewerColumns, spaceArg } from '../../../lib/change-requests.js';
import { output } from '../../../lib/output.js';

export default class CrReviewersList extends ChangeRequestCommand<typeof CrReviewersList> {
  static override summary = 'List the reviewers requested on a change request';
  static override examples = [
    '<%= config.bin %> cr reviewers list space_handbook 12',
    '<%= config.bin %> cr reviewers list space_handbook 12 --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = { ...listFlags };

  async run(): Promise<RequestedReviewer[]> {
    const { client, spaceId, crId } = await this.target();
    const reviewers = await this.collect((limit) =>
      client.changeRequests.reviewers.list(spaceId, crId, { limit }),
    );
    if (this.human) output.table(reviewers, reviewerColumns);
    return reviewers;
  }
}
