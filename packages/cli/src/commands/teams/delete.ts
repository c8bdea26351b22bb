import { yesFlag } from '../../base-command.js';
import { TeamCommand, teamArg } from '../../lib/areas/teams.js';

export default class TeamsDelete extends TeamCommand<typeof TeamsDelete> {
  static override summary = 'Delete a team (its members stay in the organization)';
  static override description =
    'Deletes the team; its members stay in the organization. Deleting a team that does not exist succeeds too.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the team id, --org (or DOCS_ORG) and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> teams delete team_reviewers --org org_acme --yes'];
  static override args = { team: teamArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ deleted: string }> {
    const { client, organizationId, teamId } = await this.target();
    await this.confirm(`Delete team ${teamId}?`);
    await client.teams.delete(organizationId, teamId);
    if (this.human) this.output.success(`Deleted team ${teamId}`);
    return { deleted: teamId };
  }
}
