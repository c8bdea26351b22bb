import { Flags } from '@oclif/core';
import type { MemberSpace } from '@docs-api/sdk';
import { listFlags } from '../../base-command.js';
import { output } from '../../lib/output.js';
import { MemberCommand, memberArg } from '../../lib/organizations.js';

export default class MembersSpaces extends MemberCommand<typeof MembersSpaces> {
  static override summary = 'List the spaces a member can reach, with their permission';
  static override examples = [
    '<%= config.bin %> members spaces user_grace --org org_acme',
    '<%= config.bin %> members spaces user_grace --order asc --json',
  ];
  static override args = { user: memberArg };
  static override flags = {
    ...listFlags,
    order: Flags.string({ description: 'Sort direction (default desc)', options: ['asc', 'desc'] }),
  };

  async run(): Promise<MemberSpace[]> {
    const { client, organizationId, userId } = await this.target();
    const { order } = this.flags;
    const spaces = await this.collect((limit) =>
      client.members.listSpaces(organizationId, userId, {
        limit,
        ...(order === undefined ? {} : { order: order === 'asc' ? 'asc' : 'desc' }),
      }),
    );
    if (this.human)
      output.table(spaces, [
        { header: 'SPACE', value: (item) => item.space.id },
        { header: 'TITLE', value: (item) => item.space.title },
        { header: 'PERMISSION', value: (item) => item.permission },
      ]);
    return spaces;
  }
}
