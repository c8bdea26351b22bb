import type { ChangeRequestRequestedReviewer } from '@docs-api/sdk';
import { listFlags } from '../../../base-command.js';
import {
  ChangeRequestCommand,
  crArg,
  reviewerColumns,
  spaceArg,
} from '../../../lib/areas/change-requests.js';

export default class CrReviewersList extends ChangeRequestCommand<typeof CrReviewersList> {
  static override summary = 'List the reviewers requested on a change request';
  static override description =
    'Lists who is asked to review the change request: a user (id and name) or a team (team:<id> and title), who asked and when.\n\nPrints one row per reviewer: USER, NAME, REQUESTED BY, REQUESTED. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr reviewers list space_handbook 1',
    '<%= config.bin %> cr reviewers list space_handbook 1 --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = { ...listFlags };

  async run(): Promise<ChangeRequestRequestedReviewer[]> {
    const { client, spaceId, crId } = await this.target();
    const reviewers = await this.collect((limit) =>
      client.changeRequests.reviewers.list(spaceId, crId, { limit }),
    );
    if (this.human) this.output.table(reviewers, reviewerColumns);
    return reviewers;
  }
}
