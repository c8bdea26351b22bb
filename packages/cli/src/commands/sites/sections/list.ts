import type { SiteSection } from '@docs-api/sdk';
import { Flags } from '../../../oclif.js';
import { listFlags } from '../../../base-command.js';
import { SiteCommand, siteArg, siteSectionColumns } from '../../../lib/areas/sites.js';

export default class SitesSectionsList extends SiteCommand<typeof SitesSectionsList> {
  static override summary = "List a site's sections, the top-level parts of its navigation";
  static override description =
    'Lists the sections of the site: each is a top-level entry of its navigation, backed by one or more site spaces. A share-link site needs --share-key.\n\nPrints one row per section: ID, TITLE, PATH, DEFAULT, DRAFT, SPACES (how many site spaces), URL. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects, their site spaces included. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> sites sections list site_docs --org org_acme',
    "<%= config.bin %> sites sections list site_docs --jq '.[] | [.id, .title] | @tsv'",
  ];
  static override args = { site: siteArg };
  static override flags = {
    ...listFlags,
    'share-key': Flags.string({ description: 'Secret key of a share-link site' }),
  };

  async run(): Promise<SiteSection[]> {
    const { client, organizationId, siteId } = await this.target();
    const shareKey = this.flags['share-key'];
    const sections = await this.collect((limit) =>
      client.sites.sections.list(organizationId, siteId, { limit, ...(shareKey ? { shareKey } : {}) }),
    );
    if (this.human) this.output.table(sections, siteSectionColumns);
    return sections;
  }
}
