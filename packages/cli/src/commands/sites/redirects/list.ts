import type { SiteRedirect, SiteRedirectOrderBy } from '@docs-api/sdk';
import { Flags } from '../../../oclif.js';
import { listFlags } from '../../../base-command.js';
import { redirectColumns } from '../../../lib/areas/redirects.js';
import { SiteCommand, siteArg } from '../../../lib/areas/sites.js';

export default class SitesRedirectsList extends SiteCommand<typeof SitesRedirectsList> {
  static override summary = "List a site's redirects: which paths send visitors where";
  static override description =
    'Lists the redirects of the site: a source path (/old/page, or /old/* for a whole tree) and where it sends visitors (a URL, a site space, a section or a page). --search keeps those whose path contains a text; --draft lists the drafts only, --no-draft the live ones only; --order-by sorts them.\n\nPrints one row per redirect: SOURCE, DESTINATION, PERMANENT, DRAFT (its id is in --json; the commands name a redirect by its source). At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects, which `docs sites redirects set --file` reads back. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> sites redirects list site_docs --org org_acme --all',
    "<%= config.bin %> sites redirects list site_docs --all --jq '.[] | {source, destination, permanent}'",
  ];
  static override args = { site: siteArg };
  static override flags = {
    ...listFlags,
    search: Flags.string({ description: 'Only redirects whose source path contains this text' }),
    draft: Flags.boolean({ description: 'Only draft redirects (--no-draft: only live ones)', allowNo: true }),
    'order-by': Flags.string({ description: 'Sort by', options: ['source', 'createdAt', 'updatedAt'] }),
  };

  async run(): Promise<SiteRedirect[]> {
    const { client, organizationId, siteId } = await this.target();
    const { search, draft } = this.flags;
    const orderBy = this.flags['order-by'] as SiteRedirectOrderBy | undefined;
    const redirects = await this.collect((limit) =>
      client.sites.redirects.list(organizationId, siteId, {
        limit,
        ...(search ? { search } : {}),
        ...(draft === undefined ? {} : { draft }),
        ...(orderBy ? { orderBy } : {}),
      }),
    );
    if (this.human) this.output.table(redirects, redirectColumns);
    return redirects;
  }
}
