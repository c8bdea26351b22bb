import type { Comment } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  commentArg,
  crArg,
  printComment,
  spaceArg,
} from '../../../lib/change-requests.js';

export default class CrCommentsView extends ChangeRequestCommand<typeof CrCommentsView> {
  static override summary = 'Show one comment of a change request, with its markdown body';
  static override examples = [
    '<%= config.bin %> cr comments view space_handbook 12 comment_abc',
    '<%= config.bin %> cr comments view space_handbook 12 comment_abc --json',
  ];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };

  async run(): Promise<Comment> {
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    const comment = await client.changeRequests.comments.get(spaceId, crId, commentId);
    if (this.human) printComment(comment);
    return comment;
  }
}
