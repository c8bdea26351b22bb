import { Flags } from '../../../oclif.js';
import type { RequestReviewersForChangeRequestResponse } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  crLabel,
  crArg,
  reviewerColumns,
  reviewerUser,
  spaceArg,
  userName,
} from '../../../lib/areas/change-requests.js';

export default class CrReviewersRequest extends ChangeRequestCommand<typeof CrReviewersRequest> {
  static override summary = 'Ask people to review a change request';
  static override description =
    "Asks one or more users (--user, repeatable) to review the change request, in one request; --subject renames the request at the same time. Says whom it asked and prints the requested reviewers; --json prints the service's answer.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr reviewers request space_handbook 1 --user user_grace',
    '<%= config.bin %> cr reviewers request space_handbook 1 --user user_grace --user user_linus --subject "Document the CLI pages"',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    user: Flags.string({
      char: 'u',
      description: 'User id to ask, @me for yourself (repeatable)',
      multiple: true,
      required: true,
    }),
    subject: Flags.string({
      char: 's',
      description: "Also set the change request's subject (at most 100 characters)",
    }),
  };

  async run(): Promise<RequestReviewersForChangeRequestResponse> {
    const { client, spaceId, crId } = await this.target();
    const { subject } = this.flags;
    const user = await this.userIds(this.flags.user);
    const result = await client.changeRequests.reviewers.request(spaceId, crId, {
      users: user,
      ...(subject === undefined ? {} : { subject }),
    });
    if (this.human) {
      const reviewers = result.users ?? [];
      const asked = user.map(
        (id) => userName(reviewers.map(reviewerUser).find((reviewer) => reviewer?.id === id)) || id,
      );
      this.output.success(`Asked ${asked.join(', ')} to review change request ${crLabel(crId)}`);
      this.output.table(reviewers, reviewerColumns);
    }
    return result;
  }
}
