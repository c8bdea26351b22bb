import type { Organization } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printOrganization } from '../../lib/areas/organizations.js';

export default class OrgsView extends BaseCommand<typeof OrgsView> {
  static override summary = 'Show an organization and its settings';
  static override description =
    "Prints the organization's id, title, hostname, email domains, default role, whether SSO is enforced, AI and invite links are on, its type, plan, logo and creation date. At a terminal and piped it prints labelled fields, one per line; with --json, the full object.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> orgs view --org org_acme',
    '<%= config.bin %> orgs view --org org_acme --json',
  ];

  async run(): Promise<Organization> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const organization = await client.organizations.get(organizationId);
    if (this.human) printOrganization(this.output, organization);
    return organization;
  }
}
