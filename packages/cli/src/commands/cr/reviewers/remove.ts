import { Args } from '@oclif/core';
import { yesFlag } from '../../../base-command.js';
import {
  ChangeRequestCommand,
  crLabel,
  crArg,
  pickReviewer,
  spaceArg,
} from '../../../lib/change-requests.js';
import { output } from '../../../lib/output.js';

export default class CrReviewersRemove extends ChangeRequestCommand<typeof CrReviewersRemove> {
  static override summary = 'Withdraw the review request from a person';
  static override examples = ['<%= config.bin %> cr reviewers remove space_handbook 12 user_grace --yes'];
  static override args = {
    space: spaceArg,
    cr: crArg,
    user: Args.string({
      description: 'User id of the reviewer (picked from a list at a terminal when omitted)',
    }),
  };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ removed: string }> {
    const { client, spaceId, crId } = await this.target();
    const userId = await this.argOrPick(this.args.user, 'the user id', () =>
      pickReviewer(client, spaceId, crId),
    );
    await this.confirm(`Withdraw the review request from ${userId} on change request ${crLabel(crId)}?`);
    await client.changeRequests.reviewers.remove(spaceId, crId, userId);
    if (this.human) output.success(`${userId} is no longer asked to review change request ${crLabel(crId)}`);
    return { removed: userId };
  }
}
