import type { SiteSpace } from '@docs-api/sdk';
import { Flags } from '../../../oclif.js';
import { listFlags } from '../../../base-command.js';
import { SiteCommand, siteArg, siteSpaceColumns } from '../../../lib/areas/sites.js';

export default class SitesSpacesList extends SiteCommand<typeof SitesSpacesList> {
  static override summary = 'List the spaces a site publishes (its site spaces)';
  static override description =
    'Lists the site spaces of the site: each links a space to the site, at a path, in a section. --default keeps the default one only; a share-link site needs --share-key.\n\nPrints one row per site space: ID (the site space), SPACE ID, TITLE, PATH, SECTION, DEFAULT, DRAFT. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> sites spaces list site_docs --org org_acme',
    "<%= config.bin %> sites spaces list site_docs --jq '.[].space.id'",
  ];
  static override args = { site: siteArg };
  static override flags = {
    ...listFlags,
    default: Flags.boolean({ description: 'Only the default site space' }),
    'share-key': Flags.string({ description: 'Secret key of a share-link site' }),
  };

  async run(): Promise<SiteSpace[]> {
    const { client, organizationId, siteId } = await this.target();
    const shareKey = this.flags['share-key'];
    const siteSpaces = await this.collect((limit) =>
      client.sites.spaces.list(organizationId, siteId, {
        limit,
        ...(this.flags.default ? { default: true } : {}),
        ...(shareKey ? { shareKey } : {}),
      }),
    );
    if (this.human) this.output.table(siteSpaces, siteSpaceColumns);
    return siteSpaces;
  }
}
