import type { Comment } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  commentArg,
  commentFields,
  crArg,
  spaceArg,
  userName,
} from '../../../lib/areas/change-requests.js';

export default class CrCommentsResolve extends ChangeRequestCommand<typeof CrCommentsResolve> {
  static override summary = 'Mark a comment resolved';
  static override description =
    'Marks the comment resolved, and says by whom on stderr; a comment already resolved is said to be so (exit 0, nothing changed). --json prints the comment object. `docs cr comments reopen` undoes it.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and the comment id, or it exits 2.';
  static override examples = ['<%= config.bin %> cr comments resolve space_handbook 1 comment_cli_title'];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };

  async run(): Promise<Comment> {
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    // Resolving a resolved comment changes nothing: said so, not "Resolved" again.
    const before = await client.changeRequests.comments.get(spaceId, crId, commentId);
    if (before.status === 'resolved') {
      if (this.human) {
        const by = before.resolvedBy ? ` by ${userName(before.resolvedBy)}` : '';
        this.output.info(`Comment ${before.id} was already resolved${by}: nothing changed.`);
      }
      return before;
    }
    const comment = await client.changeRequests.comments.resolve(spaceId, crId, commentId);
    if (this.human) {
      const { resolvedBy, id } = commentFields(comment);
      const by = resolvedBy ? ` by ${userName(resolvedBy)}` : '';
      this.output.success(`Resolved comment ${id}${by}`);
    }
    return comment;
  }
}
