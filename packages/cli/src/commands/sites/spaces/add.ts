import type { SiteSpace } from '@docs-api/sdk';
import { Args, Flags } from '../../../oclif.js';
import { UsageError } from '../../../lib/failures/exit-codes.js';
import { printSiteSpace, SiteCommand, siteArg } from '../../../lib/areas/sites.js';

export default class SitesSpacesAdd extends SiteCommand<typeof SitesSpacesAdd> {
  static override summary = 'Publish a space on a site: add it as a site space';
  static override description =
    "Adds the space to the site, in --section when given (else the default section), as a draft with --draft (not live until published from the app), under --title in the site's navigation. The site publishes it the next time it is published, or at once if it is. Prints the new site space (its id first: `docs sites spaces remove` takes it); --json prints the object.\n\nIn a pipeline it never prompts: pass the site id, the space id and --org (or DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> sites spaces add site_docs space_guides --org org_acme',
    '<%= config.bin %> sites spaces add site_docs space_guides --section sitesc_developers --title Guides --json',
  ];
  static override args = {
    site: siteArg,
    space: Args.string({ description: 'Id of the space to publish on the site' }),
  };
  static override flags = {
    section: Flags.string({
      description: 'Id of the site section to add it to (default: the default section)',
    }),
    title: Flags.string({
      description: "Title of the space in the site's navigation (default: the space's)",
    }),
    draft: Flags.boolean({ description: 'Add it as a draft, not live until published' }),
  };

  async run(): Promise<SiteSpace> {
    const spaceId = this.args.space;
    if (!spaceId) throw new UsageError('Missing the space id: pass the site id, then the space id.');
    const { client, organizationId, siteId } = await this.target();
    const { section, title, draft } = this.flags;
    const siteSpace = await client.sites.spaces.add(organizationId, siteId, {
      spaceId,
      ...(section ? { sectionId: section } : {}),
      ...(title ? { title } : {}),
      ...(draft ? { draft: true } : {}),
    });
    if (this.human) {
      this.output.success(`Added space ${spaceId} to site ${siteId}`);
      printSiteSpace(this.output, siteSpace);
    }
    return siteSpace;
  }
}
