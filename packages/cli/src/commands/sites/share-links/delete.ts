import { Args } from '../../../oclif.js';
import { yesFlag } from '../../../base-command.js';
import { UsageError } from '../../../lib/failures/exit-codes.js';
import { SiteCommand, siteArg } from '../../../lib/areas/sites.js';

export default class SitesShareLinksDelete extends SiteCommand<typeof SitesShareLinksDelete> {
  static override summary = 'Delete a share link to a site: whoever holds it loses access';
  static override description =
    'Revokes the share link: the site no longer opens for whoever holds it. Other links stay. Give the link by its id (`docs sites share-links list` shows them). Says what it deleted; --json prints {site, deleted}.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the site id, the link id, --org (or DOCS_ORG) and --yes, or it exits 2 before sending anything.';
  static override examples = [
    '<%= config.bin %> sites share-links delete site_docs sharelink_reviewers --org org_acme --yes',
  ];
  static override args = {
    site: siteArg,
    link: Args.string({ description: 'Id of the share link' }),
  };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ site: string; deleted: string }> {
    const linkId = this.args.link;
    if (!linkId) throw new UsageError('Missing the share link id: pass the site id, then the link id.');
    const { client, organizationId, siteId } = await this.target();
    await this.confirm(`Delete share link ${linkId} of site ${siteId}? Whoever holds it loses access.`);
    await client.sites.shareLinks.delete(organizationId, siteId, linkId);
    if (this.human) this.output.success(`Deleted share link ${linkId} of site ${siteId}`);
    return { site: siteId, deleted: linkId };
  }
}
