import type { Comment, CommentReply } from '@docs-api/sdk';
import {
  bodyText,
  ChangeRequestCommand,
  commentArg,
  crArg,
  printComment,
  spaceArg,
  userName,
} from '../../../lib/areas/change-requests.js';
import { formatDate } from '../../../lib/terminal/output.js';

export default class CrCommentsView extends ChangeRequestCommand<typeof CrCommentsView> {
  static override summary = 'Show one comment of a change request, with its markdown body and replies';
  static override description =
    "Prints the comment's id, author, dates, status, who resolved it, page, replies, reactions and URL, then its markdown body, then each reply (author, time, id, text). --json prints the comment object with its replies as `thread`.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and the comment id, or it exits 2. An unknown comment is exit 3.";
  static override examples = [
    '<%= config.bin %> cr comments view space_handbook 1 comment_cli_title',
    '<%= config.bin %> cr comments view space_handbook 1 comment_cli_title --json',
  ];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };

  async run(): Promise<Comment & { thread: CommentReply[] }> {
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    const comment = await client.changeRequests.comments.get(spaceId, crId, commentId);
    const thread = comment.replies
      ? await client.changeRequests.comments
          .listReplies(spaceId, crId, commentId, { limit: 100 })
          .toArray({ max: 1000 })
      : [];
    if (this.human) {
      printComment(this.output, comment);
      for (const reply of thread) {
        this.output.data('');
        this.output.data(
          `↳ ${[userName(reply.postedBy), formatDate(reply.postedAt), reply.id].filter(Boolean).join(' · ')}`,
        );
        for (const line of bodyText(reply.body).split('\n')) this.output.data(`  ${line}`);
      }
    }
    return { ...comment, thread };
  }
}
