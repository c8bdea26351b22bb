import type { Site } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { pickSite, printSite, siteArg } from '../../lib/sites.js';

export default class SitesView extends BaseCommand<typeof SitesView> {
  static override summary = 'Show one site';
  static override examples = ['<%= config.bin %> sites view site_docs --org org_acme'];
  static override args = { site: siteArg };

  async run(): Promise<Site> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const siteId = await this.argOrPick(this.args.site, 'the site id', () =>
      pickSite(client, organizationId),
    );
    const site = await client.sites.get(organizationId, siteId);
    if (this.human) printSite(site);
    return site;
  }
}
