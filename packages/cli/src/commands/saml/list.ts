import type { OrganizationSAMLProvider } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { providerColumns } from '../../lib/areas/saml.js';

export default class SamlList extends BaseCommand<typeof SamlList> {
  static override summary = 'List the SAML identity providers of an organization';
  static override description =
    'Lists the SAML identity providers of the organization; a provider is pending until its entity ID, SSO URL and certificate are all set.\n\nPrints one row per provider: ID, LABEL, STATUS, DEFAULT TEAM, DEFAULT ROLE, SSO URL, CREATED. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> saml list --org org_acme',
    '<%= config.bin %> saml list --json',
  ];
  static override flags = { ...listFlags };

  async run(): Promise<OrganizationSAMLProvider[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const providers = await this.collect((limit) => client.saml.list(organizationId, { limit }));
    if (this.human) this.output.table(providers, providerColumns);
    return providers;
  }
}
