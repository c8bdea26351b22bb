import { Flags } from '@oclif/core';
import type { InstallationStatus } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { output } from '../../lib/output.js';

export default class IntegrationsInstallations extends BaseCommand<typeof IntegrationsInstallations> {
  static override summary = "List the status of an organization's integration installations";
  static override examples = [
    '<%= config.bin %> integrations installations --org org_acme',
    '<%= config.bin %> integrations installations --target site --json',
  ];
  static override flags = {
    ...listFlags,
    target: Flags.string({
      description: 'Which installations, e.g. organization or site (default: organization)',
    }),
  };

  async run(): Promise<InstallationStatus[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const target = this.flags.target;
    const items = await this.collect((limit) =>
      client.integrations.installationsStatus(organizationId, { limit, ...(target ? { target } : {}) }),
    );
    if (this.human) {
      output.table(items, [
        { header: 'NAME', value: (item) => item.integration.name },
        { header: 'TITLE', value: (item) => item.integration.title },
        { header: 'STATUS', value: (item) => item.status },
        { header: 'VERSION', value: (item) => item.integration.version },
      ]);
    }
    return items;
  }
}
