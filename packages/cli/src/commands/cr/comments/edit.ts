import type { Comment } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  commentFields,
  commentArg,
  crArg,
  printComment,
  spaceArg,
} from '../../../lib/areas/change-requests.js';
import { markdownBodyFlag, readBody } from '../../../lib/input/body.js';

export default class CrCommentsEdit extends ChangeRequestCommand<typeof CrCommentsEdit> {
  static override summary = "Replace a comment's body";
  static override description =
    "Replaces the comment's markdown with --body (- reads standard input; an empty body is exit 2). Prints the edited comment; --json prints the comment object.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and the comment id, or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr comments edit space_handbook 1 comment_cli_title --body "Looks good, one typo."',
    'cat fixed.md | <%= config.bin %> cr comments edit space_handbook 1 comment_cli_title --body -',
  ];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };
  static override flags = {
    body: markdownBodyFlag('New body'),
  };

  async run(): Promise<Comment> {
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    const markdown = await readBody(this.flags.body);
    const comment = await client.changeRequests.comments.update(spaceId, crId, commentId, {
      body: { markdown },
    });
    if (this.human) {
      this.output.success(`Edited comment ${commentFields(comment).id}`);
      printComment(this.output, comment);
    }
    return comment;
  }
}
