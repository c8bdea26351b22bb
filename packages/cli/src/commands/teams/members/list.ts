import type { OrganizationTeamMember } from '@docs-api/sdk';
import { listFlags } from '../../../base-command.js';
import { memberColumns, TeamCommand, teamArg } from '../../../lib/areas/teams.js';

export default class TeamsMembersList extends TeamCommand<typeof TeamsMembersList> {
  static override summary = 'List the members of a team with their team and organization roles';
  static override description =
    'Lists the members of the team with their role in the team and in the organization.\n\nPrints one row per member: USER, NAME, EMAIL, TEAM ROLE, ORG ROLE. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the team id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> teams members list team_docs',
    '<%= config.bin %> teams members list team_docs --all --json',
  ];
  static override args = { team: teamArg };
  static override flags = { ...listFlags };

  async run(): Promise<OrganizationTeamMember[]> {
    const { client, organizationId, teamId } = await this.target();
    const members = await this.collect((limit) =>
      client.teams.members.list(organizationId, teamId, { limit }),
    );
    if (this.human) this.output.table(members, memberColumns);
    return members;
  }
}
