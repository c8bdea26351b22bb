import { Flags } from '../../oclif.js';
import type { Site } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { siteColumns } from '../../lib/areas/sites.js';

export default class SitesList extends BaseCommand<typeof SitesList> {
  static override summary = 'List the sites of an organization';
  static override description =
    'Lists the sites of the organization; --space, --title and --published narrow the list.\n\nPrints one row per site: ID, TITLE, VISIBILITY, PUBLISHED, SPACES, URL. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
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
    if (this.human) this.output.table(sites, siteColumns);
    return sites;
  }
}
