import { Flags } from '../../oclif.js';
import type { Integration } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { pickSite, siteArg } from '../../lib/areas/sites.js';

export default class SitesIntegrations extends BaseCommand<typeof SitesIntegrations> {
  static override summary = 'List the integrations enabled on a site';
  static override description =
    "Lists the integrations enabled on the site; --search keeps those whose name contains a text.\n\nPrints one row per integration: NAME, TITLE, VERSION, VERIFIED, CATEGORIES. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page. Paging this list (page, limit) is not in the service's published API document, which gives this endpoint only `search`, so the service may answer every integration in one page.\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> sites integrations site_docs --org org_acme --search analytics',
  ];
  static override args = { site: siteArg };
  static override flags = {
    ...listFlags,
    search: Flags.string({ description: 'Only integrations whose name contains this text' }),
  };

  async run(): Promise<Integration[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const siteId = await this.argOrPick(this.args.site, 'the site id', () =>
      pickSite(this.prompts, client, organizationId),
    );
    const search = this.flags.search;
    const integrations = await this.collect((limit) =>
      client.sites.listIntegrations(organizationId, siteId, { limit, ...(search ? { search } : {}) }),
    );
    if (this.human) {
      this.output.table(integrations, [
        { header: 'NAME', value: (i) => i.name },
        { header: 'TITLE', value: (i) => i.title, cut: true },
        { header: 'VERSION', value: (i) => i.version, priority: 3 },
        { header: 'VERIFIED', value: (i) => i.verified, priority: 2 },
        { header: 'CATEGORIES', value: (i) => i.categories?.join(', '), cut: true, priority: 1 },
      ]);
    }
    return integrations;
  }
}
