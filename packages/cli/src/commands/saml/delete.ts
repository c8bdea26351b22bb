import { BaseCommand, yesFlag } from '../../base-command.js';
import { pickProvider, providerArg } from '../../lib/areas/saml.js';

export default class SamlDelete extends BaseCommand<typeof SamlDelete> {
  static override summary = 'Remove a SAML provider: its members can no longer sign in with it';
  static override description =
    'Members can no longer sign in with the provider. Removing a provider that does not exist succeeds too.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the provider id, --org (or DOCS_ORG) and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> saml delete saml_okta --org org_acme --yes'];
  static override args = { provider: providerArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ deleted: string }> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const providerId = await this.argOrPick(this.args.provider, 'the SAML provider id', () =>
      pickProvider(this.prompts, client, organizationId),
    );
    await this.confirm(`Delete SAML provider ${providerId}? Members signing in with it will be locked out.`);
    await client.saml.delete(organizationId, providerId);
    if (this.human) this.output.success(`Deleted SAML provider ${providerId}`);
    return { deleted: providerId };
  }
}
