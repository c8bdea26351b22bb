import { yesFlag } from '../../../base-command.js';
import {
  ChangeRequestCommand,
  crLabel,
  commentArg,
  crArg,
  spaceArg,
} from '../../../lib/areas/change-requests.js';

export default class CrCommentsDelete extends ChangeRequestCommand<typeof CrCommentsDelete> {
  static override summary = 'Delete a comment';
  static override description =
    'Exits 3 when the comment does not exist: the service answers the same whether or not there was a comment to delete, so the command reads it first.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the space id, the change request (number or id), the comment id and --yes, or it exits 2 before sending anything.';
  static override examples = [
    '<%= config.bin %> cr comments delete space_handbook 1 comment_cli_title --yes',
  ];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ deleted: string }> {
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    // A missing comment is a 404 here (exit 3), before anything is asked.
    await client.changeRequests.comments.get(spaceId, crId, commentId);
    await this.confirm(`Delete comment ${commentId} of change request ${crLabel(crId)}?`);
    await client.changeRequests.comments.delete(spaceId, crId, commentId);
    if (this.human) this.output.success(`Deleted comment ${commentId}`);
    return { deleted: commentId };
  }
}
