import { Flags } from '@oclif/core';
import type { Role, SamlProvider } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { output } from '../../lib/output.js';
import {
  printProvider,
  providerFlagDefinitions,
  providerOptionFlags,
  readCertificate,
} from '../../lib/saml.js';

export default class SamlCreate extends BaseCommand<typeof SamlCreate> {
  static override summary = 'Add a SAML identity provider to an organization';
  static override description =
    'The answer holds the ACS URL, start URL and service entity ID to enter in the identity provider. Without --default-role, new SSO members get the organization default role.';
  static override examples = [
    '<%= config.bin %> saml create --label Okta --entity-id http://www.okta.com/exk123 --sso-url https://acme.okta.com/app/docs/exk123/sso/saml --certificate-file okta.pem',
    'cat idp.pem | <%= config.bin %> saml create --label "Entra ID" --entity-id https://sts.windows.net/acme/ --sso-url https://login.microsoftonline.com/acme/saml2 --certificate-file - --default-team team_docs --default-role edit --json',
  ];
  static override flags = {
    label: Flags.string({ ...providerFlagDefinitions.label, required: true }),
    'entity-id': Flags.string({ ...providerFlagDefinitions['entity-id'], required: true }),
    'sso-url': Flags.string({ ...providerFlagDefinitions['sso-url'], required: true }),
    'certificate-file': Flags.string({ ...providerFlagDefinitions['certificate-file'], required: true }),
    ...providerOptionFlags,
  };

  async run(): Promise<SamlProvider> {
    const { label } = this.flags;
    const certificate = await readCertificate(this.flags['certificate-file']);
    const defaultTeam = this.flags['default-team'];
    const defaultRole = this.flags['default-role'] as Role | undefined;
    const organizationId = await this.organizationId();
    const client = await this.client();
    const provider = await client.saml.create(organizationId, {
      label,
      entityID: this.flags['entity-id'],
      ssoURL: this.flags['sso-url'],
      certificate,
      ...(defaultTeam === undefined ? {} : { defaultTeam }),
      ...(defaultRole === undefined ? {} : { defaultRole }),
    });
    if (this.human) {
      output.success(`Created SAML provider ${provider.id}`);
      printProvider(provider);
    }
    return provider;
  }
}
