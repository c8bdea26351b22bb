import type { SamlProvider } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { output } from '../../lib/output.js';
import { providerColumns } from '../../lib/saml.js';

export default class SamlList extends BaseCommand<typeof SamlList> {
  static override summary = 'List the SAML identity providers of an organization';
  static override examples = [
    '<%= config.bin %> saml list --org org_acme',
    '<%= config.bin %> saml list --json',
  ];
  static override flags = { ...listFlags };

  async run(): Promise<SamlProvider[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const providers = await this.collect((limit) => client.saml.list(organizationId, { limit }));
    if (this.human) output.table(providers, providerColumns);
    return providers;
  }
}
