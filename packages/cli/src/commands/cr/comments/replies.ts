import type { CommentReply } from '@docs-api/sdk';
import { listFlags } from '../../../base-command.js';
import {
  ChangeRequestCommand,
  commentArg,
  crArg,
  replyColumns,
  spaceArg,
} from '../../../lib/areas/change-requests.js';

export default class CrCommentsReplies extends ChangeRequestCommand<typeof CrCommentsReplies> {
  static override summary = 'List the replies to a comment';
  static override description =
    'Lists the replies to one comment.\n\nPrints one row per reply: ID, AUTHOR, POSTED, and the first line of its BODY. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and the comment id, or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr comments replies space_handbook 1 comment_cli_title',
    '<%= config.bin %> cr comments replies space_handbook 1 comment_cli_title --all --json',
  ];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };
  static override flags = { ...listFlags };

  async run(): Promise<CommentReply[]> {
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    const replies = await this.collect((limit) =>
      client.changeRequests.comments.listReplies(spaceId, crId, commentId, { limit }),
    );
    if (this.human) this.output.table(replies, replyColumns);
    return replies;
  }
}
