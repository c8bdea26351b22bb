import type { Site } from '@docs-api/sdk';
import { CommandError } from '../../lib/failures/exit-codes.js';
import { printSite, SiteCommand, siteArg } from '../../lib/areas/sites.js';

/** What `--json` prints when the service asks for a plan first: exit 1 all the same. */
interface CheckoutNeeded {
  published: false;
  site: string;
  checkout: { sessionId: string };
  /** Where to finish it: the site in the application. */
  url?: string;
}

export default class SitesPublish extends SiteCommand<typeof SitesPublish> {
  static override summary = 'Publish a site: make it reachable by its audience at its URL';
  static override description =
    "Publishes the site: it becomes reachable at its URL by the audience its visibility sets (`docs sites update --visibility` changes it). Publishing a site already published changes nothing and succeeds. Prints the site; --json prints the site object.\n\nWhen the organization's plan does not allow it, the service answers with a checkout (a plan to buy) instead of publishing: the command then exits 1 and says where to finish it (the site in the application), and --json prints {published: false, site, checkout, url}. In a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> sites publish site_internal --org org_acme',
    "<%= config.bin %> sites publish site_internal --jq '.urls.published'",
  ];
  static override args = { site: siteArg };

  async run(): Promise<Site> {
    const { client, organizationId, siteId } = await this.target();
    const answer = await client.sites.publish(organizationId, siteId);
    if ('object' in answer && answer.object === 'site') {
      const site = answer;
      if (this.human) {
        this.output.success(`Published site ${siteId}`);
        printSite(this.output, site);
      }
      return site;
    }
    const sessionId = (answer as { sessionId?: unknown }).sessionId;
    if ((answer as { type?: unknown }).type !== 'checkout' || typeof sessionId !== 'string')
      throw new CommandError(
        `The service answered the publish of ${siteId} with something this CLI does not know (type ${String((answer as { type?: unknown }).type)}).`,
      );
    // Where to go: the site in the application, as the service gives its address.
    const site = await client.sites.get(organizationId, siteId).catch(() => undefined);
    const url = site?.urls?.app;
    if (!this.human) {
      const needed: CheckoutNeeded = {
        published: false,
        site: siteId,
        checkout: { sessionId },
        ...(url ? { url } : {}),
      };
      this.output.json(needed);
    }
    const error = new CommandError(
      `Site ${siteId} was not published: the organization's plan does not allow it, and the service opened a checkout (session ${sessionId}).`,
    );
    Object.assign(error, {
      hint: url
        ? `Choose a plan for the site at ${url}, then run \`docs sites publish ${siteId}\` again.`
        : `Choose a plan for the site in the application, then run \`docs sites publish ${siteId}\` again.`,
    });
    throw error;
  }
}
