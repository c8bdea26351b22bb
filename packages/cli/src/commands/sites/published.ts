import { Flags } from '../../oclif.js';
import type { PublishedContentSite } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { pickSite, siteArg } from '../../lib/areas/sites.js';

export default class SitesPublished extends BaseCommand<typeof SitesPublished> {
  static override summary = 'Show the published structure of a site: sections and their spaces';
  static override description =
    "Prints the site's title, URL and whether it is published, then one row per published space: its section, path, space title and id, and site-space id. A share-link site needs its --share-key to resolve its URLs. --json prints the published structure as the service answers it.\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> sites published site_docs --org org_acme',
    '<%= config.bin %> sites published site_docs --org org_acme --share-key share_docs --json',
  ];
  static override args = { site: siteArg };
  static override flags = {
    'share-key': Flags.string({
      description: 'Secret key of a share-link site, to resolve its published URLs',
    }),
  };

  async run(): Promise<PublishedContentSite> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const siteId = await this.argOrPick(this.args.site, 'the site id', () =>
      pickSite(this.prompts, client, organizationId),
    );
    const shareKey = this.flags['share-key'];
    const published = await client.sites.getPublished(organizationId, siteId, shareKey ? { shareKey } : {});
    if (this.human) {
      const { publishedSiteSpaces } = await import('../../sdk.js');
      this.output.fields([
        ['Site', `${published.site.title} (${published.site.id})`],
        ['URL', published.site.urls?.published],
        ['Published', published.site.published],
      ]);
      this.output.table(publishedSiteSpaces(published), [
        {
          header: 'SECTION',
          value: (r) =>
            r.section ? `${r.section.title ?? r.section.id}${r.section.default ? ' (default)' : ''}` : '',
          cut: true,
          priority: 2,
        },
        { header: 'PATH', value: (r) => `/${[r.section?.path, r.siteSpace.path].filter(Boolean).join('/')}` },
        { header: 'SPACE', value: (r) => r.siteSpace.space.title ?? r.siteSpace.space.id, cut: true },
        { header: 'SPACE ID', value: (r) => r.siteSpace.space.id },
        { header: 'SITE SPACE', value: (r) => r.siteSpace.id, priority: 1 },
      ]);
    }
    return published;
  }
}
