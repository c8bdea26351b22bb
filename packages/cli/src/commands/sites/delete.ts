import { BaseCommand, yesFlag } from '../../base-command.js';
import { pickSite, siteArg } from '../../lib/areas/sites.js';

export default class SitesDelete extends BaseCommand<typeof SitesDelete> {
  static override summary = 'Delete a site';
  static override description =
    'Deletes the site; the spaces it published stay.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the site id, --org (or DOCS_ORG) and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> sites delete site_internal --org org_acme --yes'];
  static override args = { site: siteArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ deleted: string }> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const siteId = await this.argOrPick(this.args.site, 'the site id', () =>
      pickSite(this.prompts, client, organizationId),
    );
    await this.confirm(`Delete site ${siteId}?`);
    await client.sites.delete(organizationId, siteId);
    if (this.human) this.output.success(`Deleted site ${siteId}`);
    return { deleted: siteId };
  }
}
