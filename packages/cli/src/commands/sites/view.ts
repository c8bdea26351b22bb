import type { Site } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { pickSite, printSite, siteArg } from '../../lib/areas/sites.js';

export default class SitesView extends BaseCommand<typeof SitesView> {
  static override summary = 'Show one site';
  static override description =
    "Prints the site's id, title, type, visibility, whether it is published, its number of site spaces, hostname, basename, proxy, adaptive content and agents context, creation date and URL. At a terminal and piped it prints labelled fields, one per line; with --json, the full object.\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2. An unknown id is exit 3.";
  static override examples = ['<%= config.bin %> sites view site_docs --org org_acme'];
  static override args = { site: siteArg };

  async run(): Promise<Site> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const siteId = await this.argOrPick(this.args.site, 'the site id', () =>
      pickSite(this.prompts, client, organizationId),
    );
    const site = await client.sites.get(organizationId, siteId);
    if (this.human) printSite(this.output, site);
    return site;
  }
}
