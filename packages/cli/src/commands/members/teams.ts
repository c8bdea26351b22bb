import { Flags } from '../../oclif.js';
import type { ListTeamsForOrganizationMemberItem } from '@docs-api/sdk';
import { listFlags } from '../../base-command.js';
import { MemberCommand, memberArg } from '../../lib/areas/organizations.js';

export default class MembersTeams extends MemberCommand<typeof MembersTeams> {
  static override summary = 'List the teams a member is in, with their team role';
  static override description =
    'Lists the teams of the organization that the member is in, with their role in each; --title keeps the teams whose title contains a text.\n\nPrints one row per team: TEAM, TITLE, TEAM ROLE. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the user id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> members teams user_ada --org org_acme',
    '<%= config.bin %> members teams user_ada --title docs --json',
  ];
  static override args = { user: memberArg };
  static override flags = {
    ...listFlags,
    title: Flags.string({ description: 'Only teams whose title contains this text (any case)' }),
  };

  async run(): Promise<ListTeamsForOrganizationMemberItem[]> {
    const { client, organizationId, userId } = await this.target();
    const { title } = this.flags;
    const teams = await this.collect((limit) =>
      client.members.listTeams(organizationId, userId, { limit, ...(title === undefined ? {} : { title }) }),
    );
    if (this.human)
      this.output.table(teams, [
        { header: 'TEAM', value: (item) => item.team.id },
        { header: 'TITLE', value: (item) => item.team.title, cut: true },
        { header: 'TEAM ROLE', value: (item) => item.member?.role },
      ]);
    return teams;
  }
}
