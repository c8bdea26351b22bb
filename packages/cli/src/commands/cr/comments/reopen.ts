import type { Comment } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  commentArg,
  commentFields,
  crArg,
  spaceArg,
} from '../../../lib/areas/change-requests.js';

export default class CrCommentsReopen extends ChangeRequestCommand<typeof CrCommentsReopen> {
  static override summary = 'Reopen a resolved comment';
  static override description =
    'Marks a resolved comment open again. Says so on stderr; --json prints the comment object.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and the comment id, or it exits 2.';
  static override examples = ['<%= config.bin %> cr comments reopen space_handbook 1 comment_cli_title'];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };

  async run(): Promise<Comment> {
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    // Reopening an open comment changes nothing: said so.
    const before = await client.changeRequests.comments.get(spaceId, crId, commentId);
    if ((before.status ?? 'open') !== 'resolved') {
      if (this.human) this.output.info(`Comment ${before.id} is already open: nothing changed.`);
      return before;
    }
    const comment = await client.changeRequests.comments.reopen(spaceId, crId, commentId);
    if (this.human) this.output.success(`Reopened comment ${commentFields(comment).id}`);
    return comment;
  }
}
