import type { Site } from '@docs-api/sdk';
import { yesFlag } from '../../base-command.js';
import { printSite, SiteCommand, siteArg } from '../../lib/areas/sites.js';

export default class SitesUnpublish extends SiteCommand<typeof SitesUnpublish> {
  static override summary = 'Unpublish a site: take it offline, keeping its content and settings';
  static override description =
    'Takes the site offline: its URL stops serving it until `docs sites publish` publishes it again. Its spaces, sections, share links and redirects stay. Unpublishing a site that is not published changes nothing. Prints the site; --json prints the site object.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the site id, --org (or DOCS_ORG) and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> sites unpublish site_docs --org org_acme --yes'];
  static override args = { site: siteArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<Site> {
    const { client, organizationId, siteId } = await this.target();
    await this.confirm(`Unpublish site ${siteId}? Its URL stops serving it.`);
    const site = await client.sites.unpublish(organizationId, siteId);
    if (this.human) {
      this.output.success(`Unpublished site ${siteId}`);
      printSite(this.output, site);
    }
    return site;
  }
}
