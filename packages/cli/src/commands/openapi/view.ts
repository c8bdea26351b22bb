import type { OpenAPISpec } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { pickSpec, printSpec, specSlugArg } from '../../lib/areas/openapi.js';

export default class OpenApiView extends BaseCommand<typeof OpenApiView> {
  static override summary =
    'Show one OpenAPI specification: its source, processing state, version and errors';
  static override description =
    "Prints the spec's slug, id, processing state, visibility, source URL, last version, when it was processed and its processing errors, with its URLs. --json prints the spec object.\n\nIn a pipeline it never prompts: pass the slug and --org (or DOCS_ORG), or it exits 2. An unknown slug is exit 3.";
  static override examples = [
    '<%= config.bin %> openapi view petstore --org org_acme',
    '<%= config.bin %> openapi view petstore --json',
  ];
  static override args = { slug: specSlugArg };

  async run(): Promise<OpenAPISpec> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const slug = await this.argOrPick(this.args.slug, 'the spec slug', () =>
      pickSpec(this.prompts, client, organizationId),
    );
    const spec = await client.openapi.get(organizationId, slug);
    if (this.human) printSpec(this.output, spec);
    return spec;
  }
}
