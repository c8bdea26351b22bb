import type { CommentReply } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  commentArg,
  crArg,
  printComment,
  spaceArg,
} from '../../../lib/areas/change-requests.js';
import {
  askableBodyFlag,
  bodyFileFlag,
  bodyOrEditor,
  requireBodyOutsideTerminal,
} from '../../../lib/input/body.js';

export default class CrCommentsReply extends ChangeRequestCommand<typeof CrCommentsReply> {
  static override summary = 'Reply to a comment';
  static override description =
    'Posts a reply, in markdown, to a comment. --body - reads the markdown from standard input; an empty body is exit 2. At a terminal, without --body, the text is written in your editor ($VISUAL or $EDITOR), as gh does; an empty text, or an editor that exits with an error, cancels; when the post fails, the text is kept in a file that the error names, and --body-file sends it again. Prints the new reply (its id first); --json prints the reply object.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and the comment id, or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr comments reply space_handbook 1 comment_cli_title --body "Fixed, thanks."',
    'cat answer.md | <%= config.bin %> cr comments reply space_handbook 1 comment_cli_title --body -',
  ];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };
  static override flags = {
    body: askableBodyFlag('Reply'),
    'body-file': bodyFileFlag('reply'),
  };

  async run(): Promise<CommentReply> {
    requireBodyOutsideTerminal(this.flags, 'reply');
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    const body = await bodyOrEditor(this.flags, 'reply', this.output, this.prompts);
    const resend = `docs cr comments reply ${spaceId} ${crId} ${commentId}`;
    const reply = await this.postBody(body, 'reply', resend, () =>
      client.changeRequests.comments.createReply(spaceId, crId, commentId, {
        body: { markdown: body.text },
      }),
    );
    if (this.human) {
      this.output.success(`Replied to comment ${commentId}: ${reply.id}`);
      printComment(this.output, reply);
    }
    return reply;
  }
}
