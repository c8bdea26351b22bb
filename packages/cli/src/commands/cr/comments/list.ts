import { Flags } from '../../../oclif.js';
import type { Comment, ListCommentsInChangeRequestQuery } from '@docs-api/sdk';
import { listFlags } from '../../../base-command.js';
import { ChangeRequestCommand, commentColumns, crArg, spaceArg } from '../../../lib/areas/change-requests.js';

export default class CrCommentsList extends ChangeRequestCommand<typeof CrCommentsList> {
  static override summary = 'List the comments of a change request';
  static override description =
    'Lists the comments of the change request, newest first unless --order asc; --status, --page and --author filter them.\n\nPrints one row per comment: ID, AUTHOR, POSTED, STATUS, REPLIES, PAGE, and the first line of its BODY. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr comments list space_handbook 1',
    '<%= config.bin %> cr comments list space_handbook 1 --status open --page page_cli',
    '<%= config.bin %> cr comments list space_handbook 1 --author user_grace --order asc --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    ...listFlags,
    status: Flags.string({
      description: 'Only comments in this state (server default: all)',
      options: ['open', 'resolved', 'all'],
    }),
    page: Flags.string({ description: 'Only comments on this page id' }),
    author: Flags.string({
      description: 'Only comments by this user id, @me for yours (repeatable)',
      multiple: true,
    }),
    order: Flags.string({
      description: 'Order by posting time (server default: desc)',
      options: ['asc', 'desc'],
    }),
  };

  async run(): Promise<Comment[]> {
    const { client, spaceId, crId } = await this.target();
    const { status, page, order } = this.flags;
    const author = this.flags.author === undefined ? undefined : await this.userIds(this.flags.author);
    const comments = await this.collect((limit) =>
      client.changeRequests.comments.list(spaceId, crId, {
        limit,
        ...(status === undefined ? {} : { status: status as ListCommentsInChangeRequestQuery['status'] }),
        ...(page === undefined ? {} : { targetPage: page }),
        ...(author === undefined ? {} : { authors: author }),
        ...(order === undefined ? {} : { order: order as 'asc' | 'desc' }),
      }),
    );
    if (this.human) this.output.table(comments, commentColumns);
    return comments;
  }
}
