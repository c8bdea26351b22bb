import { Flags } from '../../oclif.js';
import type { MemberContentPermission } from '@docs-api/sdk';
import { listFlags } from '../../base-command.js';
import { MemberCommand, memberArg } from '../../lib/areas/organizations.js';

export default class MembersSpaces extends MemberCommand<typeof MembersSpaces> {
  static override summary = 'List the spaces a member can reach, with their permission';
  static override description =
    'Lists the spaces of the organization that the member can reach, with the permission they have in each.\n\nPrints one row per space: SPACE, TITLE, PERMISSION. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the user id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> members spaces user_grace --org org_acme',
    '<%= config.bin %> members spaces user_grace --order asc --json',
  ];
  static override args = { user: memberArg };
  static override flags = {
    ...listFlags,
    order: Flags.string({ description: 'Sort direction (default desc)', options: ['asc', 'desc'] }),
  };

  async run(): Promise<MemberContentPermission[]> {
    const { client, organizationId, userId } = await this.target();
    const { order } = this.flags;
    const spaces = await this.collect((limit) =>
      client.members.listSpaces(organizationId, userId, {
        limit,
        ...(order === undefined ? {} : { order: order === 'asc' ? 'asc' : 'desc' }),
      }),
    );
    if (this.human)
      this.output.table(spaces, [
        { header: 'SPACE', value: (item) => item.space.id },
        { header: 'TITLE', value: (item) => item.space.title, cut: true },
        { header: 'PERMISSION', value: (item) => item.permission },
      ]);
    return spaces;
  }
}
