import type { SiteIntegrationScript } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { pickSite, siteArg } from '../../lib/areas/sites.js';

export default class SitesScripts extends BaseCommand<typeof SitesScripts> {
  static override summary = 'List the integration scripts injected into a site';
  static override description =
    "Lists the scripts that integrations inject into the site's pages, with whether they set cookies and the content security policy they need. At a terminal a table; piped, tab-separated rows; --json prints the script objects.\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.";
  static override examples = ['<%= config.bin %> sites scripts site_docs --org org_acme'];
  static override args = { site: siteArg };

  async run(): Promise<SiteIntegrationScript[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const siteId = await this.argOrPick(this.args.site, 'the site id', () =>
      pickSite(this.prompts, client, organizationId),
    );
    const scripts = await client.sites.listIntegrationScripts(organizationId, siteId);
    if (this.human) {
      this.output.table(scripts, [
        { header: 'SCRIPT', value: (s) => s.script },
        { header: 'COOKIES', value: (s) => s.cookies, priority: 2 },
        { header: 'CONTENT SECURITY POLICY', value: (s) => s.contentSecurityPolicy, cut: true, priority: 1 },
      ]);
    }
    return scripts;
  }
}
