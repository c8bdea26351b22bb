import { Args, Flags } from '../../../oclif.js';
import type { TeamMemberRoleParam } from '@docs-api/sdk';
import { pickTeamMember, TEAM_ROLE_OPTIONS, TeamCommand, teamArg } from '../../../lib/areas/teams.js';

export default class TeamsMembersSetRole extends TeamCommand<typeof TeamsMembersSetRole> {
  static override summary = "Set a member's role in a team, adding them if needed";
  static override description =
    'Owners can manage the team and its members; members belong to it. Someone not in the team is added with that role.\n\nIn a pipeline it never prompts: pass the team id, the user id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> teams members set-role team_docs user_linus --role owner',
    '<%= config.bin %> teams members set-role team_reviewers user_ada --role member --json',
  ];
  static override args = {
    team: teamArg,
    user: Args.string({
      description:
        'User id of an organization member, @me for yourself (picked from the team at a terminal when omitted)',
    }),
  };
  static override flags = {
    role: Flags.string({ char: 'r', description: 'Team role', options: TEAM_ROLE_OPTIONS, required: true }),
  };

  async run(): Promise<{ team: string; user: string; role: TeamMemberRoleParam }> {
    const { client, organizationId, teamId } = await this.target();
    const userId = await this.userId(
      await this.argOrPick(this.args.user, 'the user id', () =>
        pickTeamMember(this.prompts, client, organizationId, teamId),
      ),
    );
    const role = this.flags.role as TeamMemberRoleParam;
    await client.teams.members.set(organizationId, teamId, userId, { role });
    if (this.human)
      this.output.success(`${userId} is now ${role === 'owner' ? 'an owner' : 'a member'} of team ${teamId}`);
    return { team: teamId, user: userId, role };
  }
}
