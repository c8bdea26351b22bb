import type { Organization } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printOrganization } from '../../lib/organizations.js';

export default class OrgsView extends BaseCommand<typeof OrgsView> {
  static override summary = 'Show an organization and its settings';
  static override examples = [
    '<%= config.bin %> orgs view --org org_acme',
    '<%= config.bin %> orgs view --org org_acme --json',
  ];

  async run(): Promise<Organization> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const organization = await client.organizations.get(organizationId);
    if (this.human) printOrganization(organization);
    return organization;
  }
}
