import { Flags } from '../../oclif.js';
import type { OrganizationSAMLProvider, CreateOrganizationSamlProviderBody } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import {
  defaultRoleValue,
  printProvider,
  providerFlagDefinitions,
  providerOptionFlags,
  readCertificate,
} from '../../lib/areas/saml.js';

export default class SamlCreate extends BaseCommand<typeof SamlCreate> {
  static override summary = 'Add a SAML identity provider to an organization';
  static override description =
    "The answer holds the ACS URL, start URL and service entity ID to enter in the identity provider. Only --label is required: the provider stays pending until --entity-id, --sso-url and --certificate-file are all set (here or with `saml edit`). Without --default-role, new SSO members get the organization default role. --certificate-file reads the identity provider's PEM certificate from a file (- for standard input).\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> saml create --label Okta --entity-id http://www.okta.com/exk123 --sso-url https://acme.okta.com/app/docs/exk123/sso/saml --certificate-file okta.pem',
    '<%= config.bin %> saml create --label Okta --json',
    'cat idp.pem | <%= config.bin %> saml create --label "Entra ID" --entity-id https://sts.windows.net/acme/ --sso-url https://login.microsoftonline.com/acme/saml2 --certificate-file - --default-team team_docs --default-role edit --json',
  ];
  static override flags = {
    label: Flags.string({ ...providerFlagDefinitions.label, required: true }),
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
    const certificate = file === undefined ? undefined : await readCertificate(file);
    const defaultTeam = this.flags['default-team'];
    const defaultRole = defaultRoleValue(this.flags['default-role']);
    const organizationId = await this.organizationId();
    const client = await this.client();
    const body: CreateOrganizationSamlProviderBody = {
      label,
      ...(entityID === undefined ? {} : { entityID }),
      ...(ssoURL === undefined ? {} : { ssoURL }),
      ...(certificate === undefined ? {} : { certificate }),
      ...(defaultTeam === undefined ? {} : { defaultTeam }),
      ...(defaultRole === undefined ? {} : { defaultRole }),
    };
    const provider = await client.saml.create(organizationId, body);
    if (this.human) {
      this.output.success(`Created SAML provider ${provider.id}`);
      printProvider(this.output, provider);
    }
    return provider;
  }
}
