import { Flags } from '../../oclif.js';
import type { Team } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { teamColumns } from '../../lib/areas/teams.js';

export default class TeamsList extends BaseCommand<typeof TeamsList> {
  static override summary = 'List the teams of an organization';
  static override description =
    'Lists the teams of the organization; --owner and --title narrow the list.\n\nPrints one row per team: ID, TITLE, MEMBERS, SPACES, CREATED. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> teams list --org org_acme',
    '<%= config.bin %> teams list --owner user_ada --json',
    '<%= config.bin %> teams list --title review --all',
  ];
  static override flags = {
    ...listFlags,
    owner: Flags.string({ description: 'Only teams this member (user id, @me for yourself) owns' }),
    title: Flags.string({ description: 'Only teams whose title contains this text (any case)' }),
  };

  async run(): Promise<Team[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { title } = this.flags;
    const owner = this.flags.owner === undefined ? undefined : await this.userId(this.flags.owner);
    const teams = await this.collect((limit) =>
      client.teams.list(organizationId, {
        limit,
        ...(owner === undefined ? {} : { owner }),
        ...(title === undefined ? {} : { title }),
      }),
    );
    if (this.human) this.output.table(teams, teamColumns);
    return teams;
  }
}
