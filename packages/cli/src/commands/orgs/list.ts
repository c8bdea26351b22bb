import { Flags } from '../../oclif.js';
import type { Organization } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { organizationColumns } from '../../lib/areas/organizations.js';

export default class OrgsList extends BaseCommand<typeof OrgsList> {
  static override summary = 'List your organizations, or those that allow an email domain';
  static override description =
    'With --email-domain, lists every organization that users of that domain may join (members or not): see `docs orgs join`.\n\nPrints one row per organization: ID, TITLE, HOSTNAME, EMAIL DOMAINS, PLAN. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nNever prompts.';
  static override examples = [
    '<%= config.bin %> orgs list',
    '<%= config.bin %> orgs list --email-domain acme.test',
    '<%= config.bin %> orgs list --all --json',
  ];
  static override flags = {
    ...listFlags,
    'email-domain': Flags.string({
      description: 'List the organizations that allow this email domain (e.g. acme.test)',
    }),
  };

  async run(): Promise<Organization[]> {
    const client = await this.client();
    const domain = this.flags['email-domain'];
    let organizations: Organization[];
    if (domain === undefined) {
      organizations = await this.collect((limit) => client.organizations.list({ limit }));
    } else {
      const found = await client.organizations.listByEmailDomain(domain);
      organizations = this.flags.all ? found.organizations : found.organizations.slice(0, this.flags.limit);
    }
    if (this.human) this.output.table(organizations, organizationColumns);
    return organizations;
  }
}
