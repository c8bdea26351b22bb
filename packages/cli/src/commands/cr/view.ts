import type {
  ChangeRequest,
  ChangeRequestUserContributor,
  ChangeRequestRequestedReviewer,
} from '@docs-api/sdk';
import { ChangeRequestCommand, crArg, printChangeRequest, spaceArg } from '../../lib/change-requests.js';

export type ChangeRequestView = ChangeRequest & {
  requestedReviewers: ChangeRequestRequestedReviewer[];
  contributors: ChangeRequestUserContributor[];
};

export default class CrView extends ChangeRequestCommand<typeof CrView> {
  static override summary = 'Show a change request with its reviewers and contributors';
  static override description =
    "Prints the change request's number, subject, status, author, dates, open comments, whether it is outdated, its reviewers and contributors, revisions, links, URL and description. With --json, prints the change request object with two more fields: requestedReviewers and contributors.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2. An unknown request is exit 3.";
  static override examples = [
    '<%= config.bin %> cr view space_handbook 1',
    '<%= config.bin %> cr view space_handbook cr_cli --json',
  ];
  static override args = { space: spaceArg, cr: crArg };

  async run(): Promise<ChangeRequestView> {
    const { client, spaceId, crId } = await this.target();
    const [cr, reviewers, contributors] = await Promise.all([
      client.changeRequests.get(spaceId, crId),
      client.changeRequests.reviewers.list(spaceId, crId, { limit: 100 }).toArray({ max: 1000 }),
      client.changeRequests.listContributors(spaceId, crId),
    ]);
    if (this.human) printChangeRequest(cr, { reviewers, contributors: contributors.items });
    return { ...cr, requestedReviewers: reviewers, contributors: contributors.items };
  }
}
