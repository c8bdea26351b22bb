import type { ShareLink } from '@docs-api/sdk';
import { Flags } from '../../../oclif.js';
import { SiteCommand, siteArg } from '../../../lib/areas/sites.js';

export default class SitesShareLinksCreate extends SiteCommand<typeof SitesShareLinksCreate> {
  static override summary = 'Create a share link to a site, and print it';
  static override description =
    'Makes a named share link: whoever holds it can read the site while its visibility is share-link (`docs sites update --visibility share-link`). The link carries a secret key, and this is the one command that prints it: on stdout alone (so `link=$(docs sites share-links create ...)` keeps it), its id and name on stderr; --json prints the object, urls included. `docs sites share-links list` shows ids and names only; `docs sites share-links delete` revokes a link.\n\nThe name is checked before sending (exit 2). In a pipeline it never prompts: pass the site id, --name and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> sites share-links create site_docs --name "Reviewers" --org org_acme',
    "<%= config.bin %> sites share-links create site_docs --name Partners --jq '.urls.published'",
  ];
  static override args = { site: siteArg };
  static override flags = {
    name: Flags.string({
      char: 'n',
      description: 'Name of the link, to tell it from the others',
      required: true,
    }),
  };

  async run(): Promise<ShareLink> {
    const { client, organizationId, siteId } = await this.target();
    const link = await client.sites.shareLinks.create(organizationId, siteId, { name: this.flags.name });
    if (this.human) {
      this.output.success(
        `Created share link ${link.id} (${link.name ?? this.flags.name}) to site ${siteId}`,
      );
      // The link is the data: stdout, alone.
      if (link.urls.published) this.output.data(link.urls.published);
      else this.output.warn('The service answered without the link: read it in the application.');
    }
    return link;
  }
}
