import { Flags } from '../../../oclif.js';
import type { UpdateSiteAdaptiveSchemaBody, SiteAdaptiveSchema } from '@docs-api/sdk';
import { BaseCommand } from '../../../base-command.js';
import { readJson } from '../../../lib/input/files.js';
import { pickSite, siteArg } from '../../../lib/areas/sites.js';

export default class AdaptiveSchemaSet extends BaseCommand<typeof AdaptiveSchemaSet> {
  static override summary = "Replace a site's adaptive-content visitor schema";
  static override description =
    'Reads a JSON Schema from a file (or "-" for stdin): `type: "object"`, `additionalProperties: false`, and `properties` whose claims each have a `type` (boolean, string, number, array or object) and a `description`; `unsigned` holds the claims visitors may set without signing them. Its boolean claims become template conditions. The schema is checked before it is sent: a bad one is exit 2, naming the field.\n\nIn a pipeline it never prompts: pass the site id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> sites adaptive-schema set site_docs --org org_acme --file schema.json',
    'cat schema.json | <%= config.bin %> sites adaptive-schema set site_docs --org org_acme --file -',
  ];
  static override args = { site: siteArg };
  static override flags = {
    file: Flags.string({ char: 'f', description: 'JSON Schema file, or - for stdin', required: true }),
  };

  async run(): Promise<SiteAdaptiveSchema> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const siteId = await this.argOrPick(this.args.site, 'the site id', () =>
      pickSite(this.prompts, client, organizationId),
    );
    const file = this.flags.file;
    const jsonSchema = await readJson('--file', file);
    const schema = await client.sites.adaptiveSchema.update(organizationId, siteId, {
      // Checked by the SDK before sending: a bad schema is exit 2 naming the field.
      jsonSchema: jsonSchema as UpdateSiteAdaptiveSchemaBody['jsonSchema'],
    });
    if (this.human) this.output.success(`Replaced the adaptive schema of site ${siteId}`);
    return schema;
  }
}
