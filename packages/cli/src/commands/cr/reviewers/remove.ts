import { Args } from '../../../oclif.js';
import { yesFlag } from '../../../base-command.js';
import {
  ChangeRequestCommand,
  crLabel,
  crArg,
  pickReviewer,
  reviewerUser,
  spaceArg,
} from '../../../lib/areas/change-requests.js';
import { CommandError, ExitCode } from '../../../lib/failures/exit-codes.js';

export default class CrReviewersRemove extends ChangeRequestCommand<typeof CrReviewersRemove> {
  static override summary = 'Withdraw the review request from a person';
  static override description =
    'Exits 3 when the person is not asked to review the change request: the service answers the same whether or not there was a request to withdraw, so the command checks the requested reviewers first.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the space id, the change request (number or id), the user id and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> cr reviewers remove space_handbook 1 user_grace --yes'];
  static override args = {
    space: spaceArg,
    cr: crArg,
    user: Args.string({
      description:
        'User id of the reviewer, @me for yourself (picked from a list at a terminal when omitted)',
    }),
  };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ removed: string }> {
    const { client, spaceId, crId } = await this.target();
    const userId = await this.userId(
      await this.argOrPick(this.args.user, 'the user id', () =>
        pickReviewer(this.prompts, client, spaceId, crId),
      ),
    );
    const reviewers = await client.changeRequests.reviewers
      .list(spaceId, crId, { limit: 100 })
      .toArray({ max: 1000 });
    if (!reviewers.some((reviewer) => reviewerUser(reviewer)?.id === userId)) {
      throw new CommandError(
        `${userId} is not asked to review change request ${crLabel(crId)}.`,
        ExitCode.NotFound,
      );
    }
    await this.confirm(`Withdraw the review request from ${userId} on change request ${crLabel(crId)}?`);
    await client.changeRequests.reviewers.remove(spaceId, crId, userId);
    if (this.human)
      this.output.success(`${userId} is no longer asked to review change request ${crLabel(crId)}`);
    return { removed: userId };
  }
}
