import { Flags } from '../../oclif.js';
import type { OrganizationSAMLProvider, UpdateOrganizationSamlProviderBody } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { UsageError } from '../../lib/failures/exit-codes.js';
import {
  defaultRoleValue,
  pickProvider,
  printProvider,
  providerArg,
  providerFlagDefinitions,
  providerOptionFlags,
  readCertificate,
} from '../../lib/areas/saml.js';

export default class SamlEdit extends BaseCommand<typeof SamlEdit> {
  static override summary = 'Change some fields of a SAML provider';
  static override description =
    'Only the fields given as flags change. Prints the provider; --json prints the provider object. Without any flag it is exit 2, nothing sent.\n\nIn a pipeline it never prompts: pass the provider id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> saml edit saml_okta --label "Okta (production)"',
    '<%= config.bin %> saml edit saml_okta --certificate-file okta-2027.pem',
    '<%= config.bin %> saml edit saml_okta --default-team team_reviewers --default-role review --json',
  ];
  static override args = { provider: providerArg };
  static override flags = {
    label: Flags.string(providerFlagDefinitions.label),
    'entity-id': Flags.string(providerFlagDefinitions['entity-id']),
    'sso-url': Flags.string(providerFlagDefinitions['sso-url']),
    'certificate-file': Flags.string(providerFlagDefinitions['certificate-file']),
    ...providerOptionFlags,
  };

  async run(): Promise<OrganizationSAMLProvider> {
    const { label } = this.flags;
    const entityID = this.flags['entity-id'];
    const ssoURL = this.flags['sso-url'];
    const file = this.flags['certificate-file'];
    const defaultTeam = this.flags['default-team'];
    const defaultRole = defaultRoleValue(this.flags['default-role']);
    const body: UpdateOrganizationSamlProviderBody = {
      ...(label === undefined ? {} : { label }),
      ...(entityID === undefined ? {} : { entityID }),
      ...(ssoURL === undefined ? {} : { ssoURL }),
      ...(file === undefined ? {} : { certificate: await readCertificate(file) }),
      ...(defaultTeam === undefined ? {} : { defaultTeam }),
      ...(defaultRole === undefined ? {} : { defaultRole }),
    };
    if (Object.keys(body).length === 0) {
      throw new UsageError(
        'Nothing to change: pass at least one of --label, --entity-id, --sso-url, --certificate-file, --default-team, --default-role.',
      );
    }
    const organizationId = await this.organizationId();
    const client = await this.client();
    const providerId = await this.argOrPick(this.args.provider, 'the SAML provider id', () =>
      pickProvider(this.prompts, client, organizationId),
    );
    const provider = await client.saml.update(organizationId, providerId, body);
    if (this.human) {
      this.output.success(`Updated SAML provider ${provider.id}`);
      printProvider(this.output, provider);
    }
    return provider;
  }
}
