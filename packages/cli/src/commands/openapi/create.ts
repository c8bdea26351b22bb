import type { OpenApiSpec } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { followProcessing, newSpecSlugArg, printSpec, specUrlFlag, waitFlags } from '../../lib/openapi.js';
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
  static override flags = { url: specUrlFlag, ...waitFlags };

  async run(): Promise<OpenApiSpec> {
    const { url, wait, interval, timeout } = this.flags;
    const organizationId = await this.organizationId();
    const client = await this.client();
    const slug = this.args.slug;
    let spec = await client.openapi.create(organizationId, { slug, source: { url } });
    if (wait)
      spec = await followProcessing(client, organizationId, slug, { json: !this.human, interval, timeout });
    if (this.human) {
      output.success(`Created OpenAPI spec ${slug}`);
      printSpec(spec);
    }
    return spec;
  }
}
