import { Flags } from '@oclif/core';
import type { MemberTeam } from '@docs-api/sdk';
import { listFlags } from '../../base-command.js';
import { output } from '../../lib/output.js';
import { MemberCommand, memberArg } from '../../lib/organizations.js';

export default class MembersTeams extends MemberCommand<typeof MembersTeams> {
  static override summary = 'List the teams a member is in, with their team role';
  static override examples = [
    '<%= config.bin %> members teams user_ada --org org_acme',
    '<%= config.bin %> members teams user_ada --title docs --json',
  ];
  static override args = { user: memberArg };
  static override flags = {
    ...listFlags,
    title: Flags.string({ description: 'Only teams whose title contains this text (any case)' }),
  };

  async run(): Promise<MemberTeam[]> {
    const { client, organizationId, userId } = await this.target();
    const { title } = this.flags;
    const teams = await this.collect((limit) =>
      client.members.listTeams(organizationId, userId, { limit, ...(title === undefined ? {} : { title }) }),
    );
    if (this.human)
      output.table(teams, [
        { header: 'TEAM', value: (item) => item.team.id },
        { header: 'TITLE', value: (item) => item.team.title },
        { header: 'TEAM ROLE', value: (item) => item.member?.role },
      ]);
    return teams;
  }
}
