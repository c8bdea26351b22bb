import { Flags } from '../../oclif.js';
import type { Team } from '@docs-api/sdk';
import { printTeam, TeamCommand, teamArg } from '../../lib/areas/teams.js';

export default class TeamsRename extends TeamCommand<typeof TeamsRename> {
  static override summary = 'Change the title of a team';
  static override description =
    "Sets the team's title (1 to 64 characters, checked before sending: exit 2, nothing sent) and prints the team; --json prints the team object.\n\nIn a pipeline it never prompts: pass the team id and --org (or DOCS_ORG), or it exits 2.";
  static override examples = ['<%= config.bin %> teams rename team_docs --title "Technical writers"'];
  static override args = { team: teamArg };
  static override flags = {
    title: Flags.string({ description: 'New title, 1 to 64 characters', required: true }),
  };

  async run(): Promise<Team> {
    const { client, organizationId, teamId } = await this.target();
    const team = await client.teams.update(organizationId, teamId, { title: this.flags.title });
    if (this.human) {
      this.output.success(`Renamed team ${team.id}`);
      printTeam(this.output, team);
    }
    return team;
  }
}
