import type { OrganizationSAMLProvider } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { pickProvider, printProvider, providerArg } from '../../lib/areas/saml.js';

export default class SamlView extends BaseCommand<typeof SamlView> {
  static override summary = 'Show one SAML provider, with the URLs to configure in the identity provider';
  static override description =
    "Prints the provider's label, status, entity ID, SSO URL, certificate (subject, expiry and SHA-256 fingerprint), default team and role, and the ACS URL, start URL and service entity ID to configure in the identity provider. --json prints the provider object.\n\nIn a pipeline it never prompts: pass the provider id and --org (or DOCS_ORG), or it exits 2. An unknown id is exit 3.";
  static override examples = [
    '<%= config.bin %> saml view saml_okta --org org_acme',
    '<%= config.bin %> saml view saml_okta --json',
  ];
  static override args = { provider: providerArg };

  async run(): Promise<OrganizationSAMLProvider> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const providerId = await this.argOrPick(this.args.provider, 'the SAML provider id', () =>
      pickProvider(this.prompts, client, organizationId),
    );
    const provider = await client.saml.get(organizationId, providerId);
    if (this.human) printProvider(this.output, provider);
    return provider;
  }
}
