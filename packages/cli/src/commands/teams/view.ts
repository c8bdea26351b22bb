import type { Team } from '@docs-api/sdk';
import { printTeam, TeamCommand, teamArg } from '../../lib/teams.js';

export default class TeamsView extends TeamCommand<typeof TeamsView> {
  static override summary = 'Show one team';
  static override examples = [
    '<%= config.bin %> teams view team_docs --org org_acme',
    '<%= config.bin %> teams view team_docs --json',
  ];
  static override args = { team: teamArg };

  async run(): Promise<Team> {
    const { client, organizationId, teamId } = await this.target();
    const team = await client.teams.get(organizationId, teamId);
    if (this.human) printTeam(team);
    return team;
  }
}
