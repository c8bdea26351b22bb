import { Flags } from '../../../oclif.js';
import type { Comment } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  commentArg,
  commentFields,
  crArg,
  spaceArg,
} from '../../../lib/areas/change-requests.js';
import { UsageError } from '../../../lib/failures/exit-codes.js';

export default class CrCommentsReact extends ChangeRequestCommand<typeof CrCommentsReact> {
  static override summary = 'Add or remove your emoji reactions on a comment';
  static override description =
    'Adds (--add) and removes (--remove) your emoji reactions on a comment, in one request, and says which reactions it now has. --json prints the comment object. Without --add or --remove it is exit 2, nothing sent.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and the comment id, or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr comments react space_handbook 1 comment_cli_title --add 👍',
    '<%= config.bin %> cr comments react space_handbook 1 comment_cli_title --add 🚀 --add 👍 --remove 🎉',
  ];
  static override args = { space: spaceArg, cr: crArg, comment: commentArg };
  static override flags = {
    add: Flags.string({ description: 'Emoji to add (repeatable)', multiple: true }),
    remove: Flags.string({ description: 'Emoji to remove (repeatable)', multiple: true }),
  };

  async run(): Promise<Comment> {
    const { add, remove } = this.flags;
    if (!add?.length && !remove?.length)
      throw new UsageError('Nothing to change: pass --add <emoji> or --remove <emoji>.');
    const { client, spaceId, crId } = await this.target();
    const commentId = await this.commentId(spaceId, crId);
    const comment = await client.changeRequests.comments.react(spaceId, crId, commentId, { add, remove });
    if (this.human) {
      const { reactions: emoji, id } = commentFields(comment);
      const reactions = (emoji ?? []).map((r) => `${r.emoji ?? '?'} ${r.count ?? r.users?.length ?? 0}`);
      this.output.success(`Reactions on ${id}: ${reactions.join('  ') || 'none'}`);
    }
    return comment;
  }
}
