import type { Team } from '@docs-api/sdk';
import { printTeam, TeamCommand, teamArg } from '../../lib/areas/teams.js';

export default class TeamsView extends TeamCommand<typeof TeamsView> {
  static override summary = 'Show one team';
  static override description =
    "Prints the team's id, title, number of members and spaces, creation date and whether you can manage it. At a terminal and piped it prints labelled fields, one per line; with --json, the full object.\n\nIn a pipeline it never prompts: pass the team id and --org (or DOCS_ORG), or it exits 2. An unknown id is exit 3.";
  static override examples = [
    '<%= config.bin %> teams view team_docs --org org_acme',
    '<%= config.bin %> teams view team_docs --json',
  ];
  static override args = { team: teamArg };

  async run(): Promise<Team> {
    const { client, organizationId, teamId } = await this.target();
    const team = await client.teams.get(organizationId, teamId);
    if (this.human) printTeam(this.output, team);
    return team;
  }
}
