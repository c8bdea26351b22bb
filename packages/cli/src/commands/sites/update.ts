import { Flags } from '../../oclif.js';
import type { Site, UpdateSiteByIdBody } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { UsageError } from '../../lib/failures/exit-codes.js';
import { pickSite, printSite, siteArg } from '../../lib/areas/sites.js';
import { SITE_VISIBILITY_OPTIONS } from './create.js';

export default class SitesUpdate extends BaseCommand<typeof SitesUpdate> {
  static override summary = "Change a site's settings";
  static override description =
    'Changes only the settings given: title, visibility, basename, adaptive content, agents context, default level (guest: none), default site space or section, proxy (--remove-proxy stops it). Prints the updated site; --json prints the site object. Without any flag it is exit 2; every limit is checked before sending (exit 2, nothing sent).\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> sites update site_docs --org org_acme --visibility unlisted',
    '<%= config.bin %> sites update site_docs --org org_acme --proxy example.com/docs',
    '<%= config.bin %> sites update site_docs --org org_acme --remove-proxy --no-adaptive-content',
  ];
  static override args = { site: siteArg };
  static override flags = {
    title: Flags.string({ description: 'Title, 2 to 128 characters' }),
    visibility: Flags.string({ description: 'Who can read the site', options: SITE_VISIBILITY_OPTIONS }),
    basename: Flags.string({ description: 'Path under the hostname, 1 to 100 characters' }),
    'adaptive-content': Flags.boolean({
      description: 'Turn adaptive content on (--no-adaptive-content: off)',
      allowNo: true,
    }),
    'agents-context': Flags.string({
      description:
        'Whether agents can read the site (not in the published API document: the service may ignore it)',
      options: ['excluded', 'included'],
    }),
    'default-level': Flags.string({
      description: 'Default role on the site content: a member role, inherit, or guest for none',
      options: ['admin', 'create', 'review', 'edit', 'comment', 'read', 'inherit', 'guest'],
    }),
    'default-site-space': Flags.string({ description: 'Site-space id shown at the root or default section' }),
    'default-site-section': Flags.string({ description: 'Section id shown by default' }),
    proxy: Flags.string({ description: 'Serve the site under a proxy location such as example.com/docs' }),
    'remove-proxy': Flags.boolean({
      description: 'Stop serving the site under its proxy',
      exclusive: ['proxy'],
    }),
  };

  async run(): Promise<Site> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const siteId = await this.argOrPick(this.args.site, 'the site id', () =>
      pickSite(this.prompts, client, organizationId),
    );
    const f = this.flags;
    const body: UpdateSiteByIdBody = {
      ...(f.title === undefined ? {} : { title: f.title }),
      ...(f.visibility === undefined ? {} : { visibility: f.visibility as 'public' }),
      ...(f.basename === undefined ? {} : { basename: f.basename }),
      ...(f['adaptive-content'] === undefined ? {} : { adaptiveContent: { enabled: f['adaptive-content'] } }),
      ...(f['agents-context'] === undefined ? {} : { agentsContext: f['agents-context'] as 'included' }),
      ...(f['default-level'] === undefined
        ? {}
        : { defaultLevel: f['default-level'] === 'guest' ? null : (f['default-level'] as 'read') }),
      ...(f['default-site-space'] === undefined ? {} : { defaultSiteSpace: f['default-site-space'] }),
      ...(f['default-site-section'] === undefined ? {} : { defaultSiteSection: f['default-site-section'] }),
      ...(f.proxy === undefined ? {} : { proxy: f.proxy }),
      ...(f['remove-proxy'] ? { proxy: null } : {}),
    };
    if (Object.keys(body).length === 0) {
      throw new UsageError(
        'Nothing to change: pass at least one of --title, --visibility, --basename, --proxy, ...',
      );
    }
    const site = await client.sites.update(organizationId, siteId, body);
    if (this.human) {
      this.output.success(`Updated site ${site.id}`);
      printSite(this.output, site);
    }
    return site;
  }
}
