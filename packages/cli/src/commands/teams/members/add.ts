import { Flags } from '../../../oclif.js';
import { TeamCommand, teamArg } from '../../../lib/areas/teams.js';

export default class TeamsMembersAdd extends TeamCommand<typeof TeamsMembersAdd> {
  static override summary = 'Add organization members to a team';
  static override description =
    'New members join with the role `member`; people already in the team keep their role. Users are given by --user (repeatable). Says whom it added; --json prints {team, added}.\n\nIn a pipeline it never prompts: pass the team id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> teams members add team_docs --user user_grace',
    '<%= config.bin %> teams members add team_docs --user grace@acme.test --user user_linus',
  ];
  static override args = { team: teamArg };
  static override flags = {
    user: Flags.string({
      char: 'u',
      description: 'User id or email of an organization member, @me for yourself (repeatable)',
      multiple: true,
      required: true,
    }),
  };

  async run(): Promise<{ team: string; added: string[] }> {
    const { client, organizationId, teamId } = await this.target();
    const user = await this.userIds(this.flags.user);
    await client.teams.members.update(organizationId, teamId, { add: user });
    if (this.human) this.output.success(`Added ${user.join(', ')} to team ${teamId}`);
    return { team: teamId, added: user };
  }
}
