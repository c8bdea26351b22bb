import type { OpenApiSpec } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { newSpecSlugArg, printSpec, sendSpecSource, specSourceFlags } from '../../lib/openapi.js';
import { output } from '../../lib/output.js';

export default class OpenApiCreate extends BaseCommand<typeof OpenApiCreate> {
  static override summary = 'Create an OpenAPI spec from a URL; fails if the slug is taken';
  static override description =
    'Unlike `docs openapi publish`, never replaces an existing spec: a slug already in use is an error (exit 1). With --wait, follows the processing as publish does.';
  static override examples = [
    '<%= config.bin %> openapi create billing-v2 --url https://api.acme.test/openapi/billing.yaml',
    '<%= config.bin %> openapi create billing-v2 --url https://api.acme.test/openapi/billing.yaml --wait --json',
  ];
  static override args = { slug: newSpecSlugArg };
  static override flags = specSourceFlags;

  async run(): Promise<OpenApiSpec> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const slug = this.args.slug;
    const spec = await sendSpecSource(client, organizationId, slug, this.flags, !this.human, (source) =>
      client.openapi.create(organizationId, { slug, source }),
    );
    if (this.human) {
      output.success(`Created OpenAPI spec ${slug}`);
      printSpec(spec);
    }
    return spec;
  }
}
