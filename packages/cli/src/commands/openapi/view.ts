import type { OpenApiSpec } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { pickSpec, printSpec, specSlugArg } from '../../lib/openapi.js';

export default class OpenApiView extends BaseCommand<typeof OpenApiView> {
  static override summary =
    'Show one OpenAPI specification: its source, processing state, version and errors';
  static override examples = [
    '<%= config.bin %> openapi view petstore --org org_acme',
    '<%= config.bin %> openapi view petstore --json',
  ];
  static override args = { slug: specSlugArg };

  async run(): Promise<OpenApiSpec> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const slug = await this.argOrPick(this.args.slug, 'the spec slug', () =>
      pickSpec(client, organizationId),
    );
    const spec = await client.openapi.get(organizationId, slug);
    if (this.human) printSpec(spec);
    return spec;
  }
}
