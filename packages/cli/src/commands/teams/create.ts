import { Flags } from '../../oclif.js';
import type { Team } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printTeam } from '../../lib/areas/teams.js';

export default class TeamsCreate extends BaseCommand<typeof TeamsCreate> {
  static override summary = 'Create a team';
  static override description =
    'Members given with --member join as plain members; use `docs teams members set-role` to make one an owner. Prints the new team (its id first); --json prints the team object. The title is checked before sending (1 to 64 characters): exit 2, nothing sent.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> teams create --org org_acme --title "Docs writers"',
    '<%= config.bin %> teams create --title Translators --member user_grace --member user_linus --json',
  ];
  static override flags = {
    title: Flags.string({ description: 'Title, 1 to 64 characters', required: true }),
    member: Flags.string({
      description: 'User id of a member to put in the team, @me for yourself (repeatable)',
      multiple: true,
    }),
  };

  async run(): Promise<Team> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { title, member } = this.flags;
    const team = await client.teams.create(organizationId, {
      title,
      ...(member === undefined ? {} : { members: await this.userIds(member) }),
    });
    if (this.human) {
      this.output.success(`Created team ${team.id}`);
      printTeam(this.output, team);
    }
    return team;
  }
}
