import type { OrganizationSSOProviderLogin } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { ssoEntryColumns } from '../../lib/areas/saml.js';

export default class SamlSsoEntries extends BaseCommand<typeof SamlSsoEntries> {
  static override summary =
    "List the organization's single sign-on entries: one start URL per way to sign in";
  static override description =
    'Each entry is one way to sign in to the organization with single sign-on, with the URL that starts it. At a terminal a table (ID, LABEL, START URL); piped, tab-separated rows; --json prints the entries.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> saml sso-entries --org org_acme',
    '<%= config.bin %> saml sso-entries --json',
  ];

  async run(): Promise<OrganizationSSOProviderLogin[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { items } = await client.saml.listSsoEntries(organizationId);
    if (this.human) this.output.table(items, ssoEntryColumns);
    return items;
  }
}
