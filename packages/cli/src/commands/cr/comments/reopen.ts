import type { Comment } from '@docs-api/sdk';
import { ChangeRequestCommand, commentArg, crArg, spaceArg } from '../../../lib/change-requests.js';
import { output } from '../../../lib/output.js';

export default class CrCommentsReopen extends ChangeRequestCommand<typeof CrCommentsReopen> {
  static override summary = 'Reopen a resolved comment';
  static override examples = ['<%= config.bin %> cr comments reopen space_handbook 12 comment_abc'];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };

  async run(): Promise<Comment> {
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    const comment = await client.changeRequests.comments.reopen(spaceId, crId, commentId);
    if (this.human) output.success(`Reopened comment ${comment.id}`);
    return comment;
  }
}
