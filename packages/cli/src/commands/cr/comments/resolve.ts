import type { Comment } from '@docs-api/sdk';
import { ChangeRequestCommand, commentArg, crArg, spaceArg, userName } from '../../../lib/change-requests.js';
import { output } from '../../../lib/output.js';

export default class CrCommentsResolve extends ChangeRequestCommand<typeof CrCommentsResolve> {
  static override summary = 'Mark a comment resolved';
  static override examples = ['<%= config.bin %> cr comments resolve space_handbook 12 comment_abc'];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };

  async run(): Promise<Comment> {
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    const comment = await client.changeRequests.comments.resolve(spaceId, crId, commentId);
    if (this.human) {
      const by = comment.resolvedBy ? ` by ${userName(comment.resolvedBy)}` : '';
      output.success(`Resolved comment ${comment.id}${by}`);
    }
    return comment;
  }
}
