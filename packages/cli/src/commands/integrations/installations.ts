import { Flags } from '@oclif/core';
import type { InstallationsStatusQuery, InstallationStatus } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { INSTALLATION_TARGET_OPTIONS } from '../../lib/integrations.js';
import { output } from '../../lib/output.js';

export default class IntegrationsInstallations extends BaseCommand<typeof IntegrationsInstallations> {
  static override summary = "List the status of an organization's integration installations";
  static override examples = [
    '<%= config.bin %> integrations installations --org org_acme',
    '<%= config.bin %> integrations installations --target site --json',
    '<%= config.bin %> integrations installations --site site_docs',
  ];
  static override flags = {
    ...listFlags,
    target: Flags.string({
      description: 'Which installations: on the organization (the default), on spaces or on sites',
      options: INSTALLATION_TARGET_OPTIONS,
    }),
    site: Flags.string({
      description: 'Only the installations on this site (implies --target site)',
      exclusive: ['space'],
    }),
    space: Flags.string({
      description: 'Only the installations on this space (implies --target space)',
      exclusive: ['site'],
    }),
  };

  async run(): Promise<InstallationStatus[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { target, site, space } = this.flags;
    const query: InstallationsStatusQuery = {
      ...(target === undefined ? {} : { target: target as InstallationsStatusQuery['target'] }),
      ...(site === undefined ? {} : { site }),
      ...(space === undefined ? {} : { space }),
    };
    const items = await this.collect((limit) =>
      client.integrations.installationsStatus(organizationId, { ...query, limit }),
    );
    if (this.human) {
      output.table(items, [
        { header: 'NAME', value: (item) => item.integration?.name },
        { header: 'TITLE', value: (item) => item.integration?.title },
        { header: 'STATUS', value: (item) => item.status },
        { header: 'VERSION', value: (item) => item.integration?.version },
      ]);
    }
    return items;
  }
}
