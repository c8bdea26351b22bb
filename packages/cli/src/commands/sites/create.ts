import { Flags } from '../../oclif.js';
import type { Site, CreateSiteBody } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printSite } from '../../lib/areas/sites.js';

export const SITE_VISIBILITY_OPTIONS = ['public', 'unlisted', 'share-link', 'visitor-auth'];
/** The site types of the published API document. */
export const SITE_TYPE_OPTIONS = [
  'basic',
  'premium',
  'ultimate',
  'sponsored',
  'legacy-basic',
  'legacy-premium',
];

export default class SitesCreate extends BaseCommand<typeof SitesCreate> {
  static override summary = 'Create a site';
  static override description =
    "Creates a site in the organization, of type basic unless --type says otherwise, optionally built from spaces (--space, repeatable) and with a --visibility. Prints the new site (its id first); --json prints the site object. Every limit (the title's 2 to 128 characters) is checked before sending: exit 2, nothing sent.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> sites create --org org_acme --title "Developer Docs" --space space_api',
    '<%= config.bin %> sites create --org org_acme --title Handbook --visibility visitor-auth --json',
  ];
  static override flags = {
    title: Flags.string({ description: 'Title, 2 to 128 characters' }),
    visibility: Flags.string({
      description: 'Who can read the site once published',
      options: SITE_VISIBILITY_OPTIONS,
    }),
    type: Flags.string({ description: 'Site type (default: basic)', options: SITE_TYPE_OPTIONS }),
    space: Flags.string({ description: 'Space id to publish in the site (repeatable)', multiple: true }),
  };

  async run(): Promise<Site> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { title, visibility, type, space } = this.flags;
    const site = await client.sites.create(organizationId, {
      ...(title === undefined ? {} : { title }),
      ...(visibility === undefined ? {} : { visibility: visibility as 'public' }),
      ...(type === undefined ? {} : { type: type as NonNullable<CreateSiteBody['type']> }),
      ...(space === undefined ? {} : { spaces: space }),
    });
    if (this.human) {
      this.output.success(`Created site ${site.id}`);
      printSite(this.output, site);
    }
    return site;
  }
}
