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
  static override description =
    "Prints the comment's id, author, dates, status, who resolved it, page, replies, reactions and URL, then its markdown body. --json prints the comment object.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and the comment id, or it exits 2. An unknown comment is exit 3.";
  static override examples = [
    '<%= config.bin %> cr comments view space_handbook 1 comment_cli_title',
    '<%= config.bin %> cr comments view space_handbook 1 comment_cli_title --json',
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
