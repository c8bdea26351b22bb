import { Flags } from '@oclif/core';
import type { Site } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { output } from '../../lib/output.js';
import { siteColumns } from '../../lib/sites.js';

export default class SitesList extends BaseCommand<typeof SitesList> {
  static override summary = 'List the sites of an organization';
  static override examples = [
    '<%= config.bin %> sites list --org org_acme',
    '<%= config.bin %> sites list --org org_acme --published --json',
    '<%= config.bin %> sites list --space space_api --all',
  ];
  static override flags = {
    ...listFlags,
    space: Flags.string({ description: 'Only sites built from this space id' }),
    title: Flags.string({ description: 'Only sites whose title contains this text' }),
    published: Flags.boolean({
      description: 'Only published sites (--no-published: only unpublished)',
      allowNo: true,
    }),
  };

  async run(): Promise<Site[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { space, title, published } = this.flags;
    const sites = await this.collect((limit) =>
      client.sites.list(organizationId, {
        limit,
        ...(space ? { space } : {}),
        ...(title ? { title } : {}),
        ...(published === undefined ? {} : { published }),
      }),
    );
    if (this.human) output.table(sites, siteColumns);
    return sites;
  }
}
