import type { SiteAdaptiveSchema } from '@docs-api/sdk';
import { BaseCommand } from '../../../base-command.js';
import { pickSite, siteArg } from '../../../lib/areas/sites.js';

export default class AdaptiveSchemaView extends BaseCommand<typeof AdaptiveSchemaView> {
  static override summary = "Print a site's adaptive-content visitor schema (JSON Schema)";
  static override description =
    'Prints the JSON Schema of the claims visitors of the site carry, as indented JSON, ready to edit and send back with `docs sites adaptive-schema set`. --json prints the whole answer (the schema and when it was last changed).\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> sites adaptive-schema view site_docs --org org_acme > schema.json',
  ];
  static override args = { site: siteArg };

  async run(): Promise<SiteAdaptiveSchema> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const siteId = await this.argOrPick(this.args.site, 'the site id', () =>
      pickSite(this.prompts, client, organizationId),
    );
    const schema = await client.sites.adaptiveSchema.get(organizationId, siteId);
    // The schema itself is the useful output: printable straight into a file for `set`.
    if (this.human) this.output.json(schema.jsonSchema);
    return schema;
  }
}
