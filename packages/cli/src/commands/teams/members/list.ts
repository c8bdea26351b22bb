import type { TeamMembership } from '@docs-api/sdk';
import { listFlags } from '../../../base-command.js';
import { output } from '../../../lib/output.js';
import { memberColumns, TeamCommand, teamArg } from '../../../lib/teams.js';

export default class TeamsMembersList extends TeamCommand<typeof TeamsMembersList> {
  static override summary = 'List the members of a team with their team and organization roles';
  static override examples = [
    '<%= config.bin %> teams members list team_docs',
    '<%= config.bin %> teams members list team_docs --all --json',
  ];
  static override args = { team: teamArg };
  static override flags = { ...listFlags };

  async run(): Promise<TeamMembership[]> {
    const { client, organizationId, teamId } = await this.target();
    const members = await this.collect((limit) =>
      client.teams.members.list(organizationId, teamId, { limit }),
    );
    if (this.human) output.table(members, memberColumns);
    return members;
  }
}
