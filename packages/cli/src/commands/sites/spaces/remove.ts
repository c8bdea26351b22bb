import { Args } from '../../../oclif.js';
import { yesFlag } from '../../../base-command.js';
import { CommandError, ExitCode, UsageError } from '../../../lib/failures/exit-codes.js';
import { findSiteSpace, SiteCommand, siteArg } from '../../../lib/areas/sites.js';

export default class SitesSpacesRemove extends SiteCommand<typeof SitesSpacesRemove> {
  static override summary = 'Stop publishing a space on a site: remove its site space';
  static override description =
    'Removes the site space from the site: the space is no longer published there, and the space itself stays. Name it by its site-space id (`docs sites spaces list` shows them) or by the id of the space it publishes. Exits 3 when the site publishes no such space. Says what it removed; --json prints {site, removed, space}.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the site id, the site space and --yes, or it exits 2 before sending anything.';
  static override examples = [
    '<%= config.bin %> sites spaces remove site_docs space_api --org org_acme --yes',
  ];
  static override args = {
    site: siteArg,
    'site-space': Args.string({
      description: 'Site-space id, or the id of the space it publishes',
    }),
  };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ site: string; removed: string; space: string }> {
    const given = this.args['site-space'];
    if (!given)
      throw new UsageError(
        'Missing the site space: pass the site id, then the site-space id (or the space id).',
      );
    const { client, organizationId, siteId } = await this.target();
    const siteSpace = await findSiteSpace(client, organizationId, siteId, given);
    if (!siteSpace)
      throw new CommandError(
        `Site ${siteId} publishes no site space or space ${given} (\`docs sites spaces list ${siteId}\` lists them).`,
        ExitCode.NotFound,
      );
    const label = `${siteSpace.space.title ?? siteSpace.space.id} (${siteSpace.space.id}, site space ${siteSpace.id})`;
    await this.confirm(`Stop publishing ${label} on site ${siteId}?`);
    await client.sites.spaces.delete(organizationId, siteId, siteSpace.id);
    if (this.human) this.output.success(`Removed ${label} from site ${siteId}`);
    return { site: siteId, removed: siteSpace.id, space: siteSpace.space.id };
  }
}
