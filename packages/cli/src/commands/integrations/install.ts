import type {
  IntegrationInstallation,
  IntegrationSiteInstallation,
  IntegrationSpaceInstallation,
} from '@docs-api/sdk';
import { Flags } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { integrationArg, pickIntegration } from '../../lib/areas/integrations.js';

interface InstallResult {
  integration: string;
  /** The organization's installation: found, or made by this command. */
  installation: IntegrationInstallation;
  /** Whether this command made the organization's installation. */
  installedOnOrganization: boolean;
  space?: IntegrationSpaceInstallation;
  site?: IntegrationSiteInstallation;
}

export default class IntegrationsInstall extends BaseCommand<typeof IntegrationsInstall> {
  static override summary = 'Install an integration on an organization, and on a space or a site';
  static override description =
    "An integration is installed on an organization first, then enabled on its spaces or sites. This command finds the organization's installation of the integration, or makes it, then, with --space or --site, installs it there. Installing it where it is already installed changes nothing and succeeds. Says what it did; --json prints {integration, installation, installedOnOrganization, space or site}. Its configuration, if it has any, is set in the application.\n\nIn a pipeline it never prompts: pass the integration name and --org (or DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> integrations install analytics-pro --space space_handbook --org org_acme',
    '<%= config.bin %> integrations install support-chat --site site_internal --json',
  ];
  static override args = { name: integrationArg };
  static override flags = {
    space: Flags.string({ description: 'Install it on this space', exclusive: ['site'] }),
    site: Flags.string({ description: 'Install it on this site', exclusive: ['space'] }),
  };

  async run(): Promise<InstallResult> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const name = await this.argOrPick(this.args.name, 'the integration name', () =>
      pickIntegration(this.prompts, client),
    );
    const { space, site } = this.flags;

    // The organization's installation of the integration: found among its installations (one
    // per organization), or made.
    const find = async (): Promise<IntegrationInstallation | undefined> => {
      for await (const item of client.integrations.listInstallations(name, { limit: 100 }))
        if (item.target?.organization === organizationId) return item;
      return undefined;
    };
    let installation = await find();
    const installedOnOrganization = installation === undefined;
    installation ??= await client.integrations.install(name, { organization: organizationId });
    if (this.human)
      this.output.success(
        installedOnOrganization
          ? `Installed ${name} on organization ${organizationId} (installation ${installation.id})`
          : `${name} is installed on organization ${organizationId} already (installation ${installation.id})`,
      );
    const result: InstallResult = { integration: name, installation, installedOnOrganization };
    if (space) {
      result.space = await client.integrations.installOnSpace(name, installation.id, { space });
      if (this.human) this.output.success(`Installed ${name} on space ${space}`);
    }
    if (site) {
      result.site = await client.integrations.installOnSite(name, installation.id, { siteId: site });
      if (this.human) this.output.success(`Installed ${name} on site ${site}`);
    }
    return result;
  }
}
