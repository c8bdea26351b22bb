import type { SiteAdaptiveTemplateCondition } from '@docs-api/sdk';
import { BaseCommand } from '../../../base-command.js';
import { pickSite, siteArg } from '../../../lib/areas/sites.js';

export default class AdaptiveSchemaConditions extends BaseCommand<typeof AdaptiveSchemaConditions> {
  static override summary = "List the template conditions a site's adaptive schema allows";
  static override description =
    'Lists the conditions that page templates of the site can use: one per boolean claim of its adaptive schema. At a terminal a table (CONDITION, DESCRIPTION); piped, tab-separated rows; --json prints the condition objects.\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = ['<%= config.bin %> sites adaptive-schema conditions site_docs --org org_acme'];
  static override args = { site: siteArg };

  async run(): Promise<SiteAdaptiveTemplateCondition[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const siteId = await this.argOrPick(this.args.site, 'the site id', () =>
      pickSite(this.prompts, client, organizationId),
    );
    const { items } = await client.sites.adaptiveSchema.listTemplateConditions(organizationId, siteId);
    if (this.human) {
      this.output.table(items, [
        { header: 'CONDITION', value: (c) => c.condition, cut: true },
        { header: 'DESCRIPTION', value: (c) => c.description, cut: true, priority: 1 },
      ]);
    }
    return items;
  }
}
