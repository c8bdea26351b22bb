import { Flags } from '../../oclif.js';
import type { OrganizationMember, ListMembersInOrganizationByIdQuery } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { GUEST, orgMemberColumns, ROLE_OPTIONS } from '../../lib/areas/organizations.js';

/** The --sort values and the wire values they stand for. */
const SORTS: Record<string, NonNullable<ListMembersInOrganizationByIdQuery['sort']>> = {
  joined: 'joinedAt',
  'last-seen': 'lastSeenAt',
  name: 'name',
};

export default class MembersList extends BaseCommand<typeof MembersList> {
  static override summary = 'List the members of an organization';
  static override description =
    'Newest first by join date unless --order asc. --sort last-seen orders by last activity and lists only members who have been active; --sort name orders by display name. --role guest lists the members without an organization role.\n\nPrints one row per member: USER, NAME, EMAIL, ROLE, SSO, JOINED, LAST SEEN. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> members list --org org_acme',
    '<%= config.bin %> members list --role admin --json',
    '<%= config.bin %> members list --search hopper',
    '<%= config.bin %> members list --sort last-seen --order asc --all',
  ];
  static override flags = {
    ...listFlags,
    role: Flags.string({
      char: 'r',
      description: 'Only members with this role (guest: members without one)',
      options: [...ROLE_OPTIONS, GUEST],
    }),
    search: Flags.string({ char: 's', description: 'Only members whose name or email contains this text' }),
    sort: Flags.string({
      description:
        'Order by join date (default), last activity (last-seen lists only active members) or display name',
      options: ['joined', 'last-seen', 'name'],
    }),
    order: Flags.string({ description: 'Sort direction (default desc)', options: ['asc', 'desc'] }),
  };

  async run(): Promise<OrganizationMember[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { role, search, sort, order } = this.flags;
    // Only what was asked is sent: the server's defaults are the same (joinedAt, desc).
    const query: ListMembersInOrganizationByIdQuery = {
      ...(sort === undefined ? {} : { sort: SORTS[sort] ?? 'joinedAt' }),
      ...(order === undefined ? {} : { order: order === 'asc' ? 'asc' : 'desc' }),
      ...(role === undefined
        ? {}
        : { role: role as NonNullable<ListMembersInOrganizationByIdQuery['role']> }),
      ...(search === undefined ? {} : { search }),
    };
    const members = await this.collect((limit) => client.members.list(organizationId, { ...query, limit }));
    if (this.human) this.output.table(members, orgMemberColumns);
    return members;
  }
}
