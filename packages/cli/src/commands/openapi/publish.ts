import type { OpenApiSpec } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { followProcessing, newSpecSlugArg, printSpec, specUrlFlag, waitFlags } from '../../lib/openapi.js';
import { output } from '../../lib/output.js';

export default class OpenApiPublish extends BaseCommand<typeof OpenApiPublish> {
  static override summary =
    'Publish an OpenAPI spec from a URL: replace its source, or create it under the slug';
  static override description =
    'Safe to run on every build: the spec is created when the slug is free and its source replaced otherwise, then processed again. With --wait, reads it every --interval seconds until processed and exits 1 if processing failed or --timeout passed first. Never prompts.';
  static override examples = [
    '<%= config.bin %> openapi publish petstore --url https://api.acme.test/openapi/petstore.yaml',
    '<%= config.bin %> openapi publish billing-v2 --url "$SPEC_URL" --wait --timeout 300 --json',
  ];
  static override args = { slug: newSpecSlugArg };
  static override flags = { url: specUrlFlag, ...waitFlags };

  async run(): Promise<OpenApiSpec> {
    const { url, wait, interval, timeout } = this.flags;
    const organizationId = await this.organizationId();
    const client = await this.client();
    const slug = this.args.slug;
    let spec = await client.openapi.replace(organizationId, slug, { source: { url } });
    if (wait)
      spec = await followProcessing(client, organizationId, slug, { json: !this.human, interval, timeout });
    if (this.human) {
      output.success(
        wait
          ? `Published OpenAPI spec ${slug}: ${spec.processingState ?? 'processed'}, version ${spec.lastVersion ?? '?'}`
          : `Published OpenAPI spec ${slug}: processing started`,
      );
      printSpec(spec);
      if (!wait) output.info(`Follow it with \`docs openapi view ${slug}\`, or pass --wait.`);
    }
    return spec;
  }
}
