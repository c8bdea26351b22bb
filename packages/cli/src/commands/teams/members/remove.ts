import { Flags } from '../../../oclif.js';
import { yesFlag } from '../../../base-command.js';
import { TeamCommand, teamArg } from '../../../lib/areas/teams.js';

export default class TeamsMembersRemove extends TeamCommand<typeof TeamsMembersRemove> {
  static override summary = 'Remove members from a team';
  static override description =
    'One user id removes that member; several users, or emails, are removed in one request. Anyone not in the team is skipped: removing them succeeds and changes nothing.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the team id, --org (or DOCS_ORG) and --yes, or it exits 2 before sending anything.';
  static override examples = [
    '<%= config.bin %> teams members remove team_docs --user user_linus --yes',
    '<%= config.bin %> teams members remove team_docs --user user_linus --user grace@acme.test --yes',
  ];
  static override args = { team: teamArg };
  static override flags = {
    user: Flags.string({
      char: 'u',
      description: 'User id or email of a member to remove, @me for yourself (repeatable)',
      multiple: true,
      required: true,
    }),
    yes: yesFlag,
  };

  async run(): Promise<{ team: string; removed: string[] }> {
    const { client, organizationId, teamId } = await this.target();
    const user = await this.userIds(this.flags.user);
    await this.confirm(`Remove ${user.join(', ')} from team ${teamId}?`);
    const [only] = user;
    if (user.length === 1 && only !== undefined && !only.includes('@')) {
      await client.teams.members.remove(organizationId, teamId, only);
    } else {
      await client.teams.members.update(organizationId, teamId, { remove: user });
    }
    if (this.human) this.output.success(`Removed ${user.join(', ')} from team ${teamId}`);
    return { team: teamId, removed: user };
  }
}
