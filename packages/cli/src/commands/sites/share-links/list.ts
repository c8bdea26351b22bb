import type { ShareLink } from '@docs-api/sdk';
import { Flags } from '../../../oclif.js';
import { listFlags } from '../../../base-command.js';
import { formatDate } from '../../../lib/terminal/output.js';
import { SiteCommand, siteArg } from '../../../lib/areas/sites.js';

/** A share link as `list` shows it: everything but its URL, which carries the secret key. */
export type ListedShareLink = Omit<ShareLink, 'urls'>;

export default class SitesShareLinksList extends SiteCommand<typeof SitesShareLinksList> {
  static override summary = "List a site's share links by id and name, never the links themselves";
  static override description =
    'Lists the share links of the site: each gives whoever holds it access to a site whose visibility is share-link. A link carries a secret key, so this command never prints it, not even with --json: only `docs sites share-links create` prints a link, once, when it makes it. --search keeps the links whose name contains a text.\n\nPrints one row per link: ID, NAME, ACTIVE, CREATED. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the objects without their urls. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> sites share-links list site_docs --org org_acme',
    "<%= config.bin %> sites share-links list site_docs --search review --jq '.[].id'",
  ];
  static override args = { site: siteArg };
  static override flags = {
    ...listFlags,
    search: Flags.string({ description: 'Only links whose name contains this text' }),
  };

  async run(): Promise<ListedShareLink[]> {
    const { client, organizationId, siteId } = await this.target();
    const search = this.flags.search;
    const links = await this.collect((limit) =>
      client.sites.shareLinks.list(organizationId, siteId, { limit, ...(search ? { search } : {}) }),
    );
    // The secret stays out of the output, whatever the format.
    const listed = links.map(({ urls: _urls, ...link }) => link);
    if (this.human)
      this.output.table(listed, [
        { header: 'ID', value: (l) => l.id },
        { header: 'NAME', value: (l) => l.name, cut: true },
        { header: 'ACTIVE', value: (l) => l.active ?? true },
        { header: 'CREATED', value: (l) => formatDate(l.createdAt), priority: 1 },
      ]);
    return listed;
  }
}
