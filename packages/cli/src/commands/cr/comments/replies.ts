import type { Reply } from '@docs-api/sdk';
import { listFlags } from '../../../base-command.js';
import {
  ChangeRequestCommand,
  commentArg,
  crArg,
  replyColumns,
  spaceArg,
} from '../../../lib/change-requests.js';
import { output } from '../../../lib/output.js';

export default class CrCommentsReplies extends ChangeRequestCommand<typeof CrCommentsReplies> {
  static override summary = 'List the replies to a comment';
  static override examples = [
    '<%= config.bin %> cr comments replies space_handbook 12 comment_abc',
    '<%= config.bin %> cr comments replies space_handbook 12 comment_abc --all --json',
  ];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };
  static override flags = { ...listFlags };

  async run(): Promise<Reply[]> {
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    const replies = await this.collect((limit) =>
      client.changeRequests.comments.listReplies(spaceId, crId, commentId, { limit }),
    );
    if (this.human) output.table(replies, replyColumns);
    return replies;
  }
}
