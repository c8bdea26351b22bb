import { Flags } from '../../../oclif.js';
import type { Comment } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  commentFields,
  crLabel,
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

export default class CrCommentsAdd extends ChangeRequestCommand<typeof CrCommentsAdd> {
  static override summary = 'Post a comment on a change request';
  /** gh's `pr comment`. */
  static override aliases = ['cr:comment'];
  static override description =
    "Posts a comment, in markdown, on the change request, or on one of its pages with --page. --body - reads the markdown from standard input, --body-file <file> a file; an empty body is exit 2. At a terminal, without --body, the text is written in your editor ($VISUAL or $EDITOR), as gh does; an empty text, or an editor that exits with an error (vim's `:cq`), cancels; when the post fails, the text is kept in a file that the error names, and --body-file sends it again. Prints the new comment (its id first); --json prints the comment object.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr comments add space_handbook 1 --body "Looks good to me."',
    '<%= config.bin %> cr comments add space_handbook 1 --page page_cli --body "Typo in the second paragraph."',
    'cat review.md | <%= config.bin %> cr comments add space_handbook 1 --body -',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    body: askableBodyFlag('Comment'),
    'body-file': bodyFileFlag('comment'),
    page: Flags.string({ description: 'Attach the comment to this page id' }),
  };

  async run(): Promise<Comment> {
    requireBodyOutsideTerminal(this.flags, 'comment');
    const { client, spaceId, crId } = await this.target();
    const body = await bodyOrEditor(this.flags, 'comment', this.output, this.prompts);
    const { page } = this.flags;
    const resend = `docs cr comments add ${spaceId} ${crId}${page === undefined ? '' : ` --page ${page}`}`;
    const comment = await this.postBody(body, 'comment', resend, () =>
      client.changeRequests.comments.create(spaceId, crId, {
        body: { markdown: body.text },
        ...(page === undefined ? {} : { page }),
      }),
    );
    if (this.human) {
      this.output.success(`Commented on change request ${crLabel(crId)}: ${commentFields(comment).id}`);
      printComment(this.output, comment);
    }
    return comment;
  }
}
