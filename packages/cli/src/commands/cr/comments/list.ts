import { Flags } from '@oclif/core';
import type { Comment, CommentListQuery } from '@docs-api/sdk';
import { listFlags } from '../../../base-command.js';
import { ChangeRequestCommand, commentColumns, crArg, spaceArg } from '../../../lib/change-requests.js';
import { output } from '../../../lib/output.js';

export default class CrCommentsList extends ChangeRequestCommand<typeof CrCommentsList> {
  static override summary = 'List the comments of a change request';
  static override examples = [
    '<%= config.bin %> cr comments list space_handbook 12',
    '<%= config.bin %> cr comments list space_handbook 12 --status open --page page_intro',
    '<%= config.bin %> cr comments list space_handbook 12 --author user_grace --order asc --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    ...listFlags,
    status: Flags.string({
      description: 'Only comments in this state (server default: all)',
      options: ['open', 'resolved', 'all'],
    }),
    page: Flags.string({ description: 'Only comments on this page id' }),
    author: Flags.string({ description: 'Only comments by this user id (repeatable)', multiple: true }),
    order: Flags.string({
      description: 'Order by posting time (server default: desc)',
      options: ['asc', 'desc'],
    }),
  };

  async run(): Promise<Comment[]> {
    const { client, spaceId, crId } = await this.target();
    const { status, page, author, order } = this.flags;
    const comments = await this.collect((limit) =>
      client.changeRequests.comments.list(spaceId, crId, {
        limit,
        ...(status === undefined ? {} : { status: status as CommentListQuery['status'] }),
        ...(page === undefined ? {} : { targetPage: page }),
        ...(author === undefined ? {} : { authors: author }),
        ...(order === undefined ? {} : { order: order as 'asc' | 'desc' }),
      }),
    );
    if (this.human) output.table(comments, commentColumns);
    return comments;
  }
}
