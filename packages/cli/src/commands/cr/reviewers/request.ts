import { Flags } from '@oclif/core';
import type { RequestedReviewersResult } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  crLabel,
  crArg,
  reviewerColumns,
  spaceArg,
  userName,
} from '../../../lib/change-requests.js';
import { output } from '../../../lib/output.js';

export default class CrReviewersRequest extends ChangeRequestCommand<typeof CrReviewersRequest> {
  static override summary = 'Ask people to review a change request';
  static override examples = [
    '<%= config.bin %> cr reviewers request space_handbook 12 --user user_grace',
    '<%= config.bin %> cr reviewers request space_handbook 12 --user user_grace --user user_linus --subject "Please review the CLI pages"',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    user: Flags.string({
      char: 'u',
      description: 'User id to ask (repeatable)',
      multiple: true,
      required: true,
    }),
    subject: Flags.string({
      char: 's',
      description: 'Subject of the review request, at most 100 characters',
    }),
  };

  async run(): Promise<RequestedReviewersResult> {
    const { client, spaceId, crId } = await this.target();
    const { user, subject } = this.flags;
    const result = await client.changeRequests.reviewers.request(spaceId, crId, {
      users: user,
      ...(subject === undefined ? {} : { subject }),
    });
    if (this.human) {
      const asked = user.map((id) => userName(result.users.find((r) => r.user?.id === id)?.user) || id);
      output.success(`Asked ${asked.join(', ')} to review change request ${crLabel(crId)}`);
      output.table(result.users, reviewerColumns);
    }
    return result;
  }
}
