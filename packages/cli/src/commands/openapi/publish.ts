import type { OpenApiSpec } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { newSpecSlugArg, printSpec, sendSpecSource, specSourceFlags } from '../../lib/openapi.js';
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
  static override flags = specSourceFlags;

  async run(): Promise<OpenApiSpec> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const slug = this.args.slug;
    const spec = await sendSpecSource(client, organizationId, slug, this.flags, !this.human, (source) =>
      client.openapi.replace(organizationId, slug, { source }),
    );
    if (this.human) {
      output.success(
        this.flags.wait
          ? `Published OpenAPI spec ${slug}: ${spec.processingState ?? 'processed'}, version ${spec.lastVersion ?? '?'}`
          : `Published OpenAPI spec ${slug}: processing started`,
      );
      printSpec(spec);
      if (!this.flags.wait) output.info(`Follow it with \`docs openapi view ${slug}\`, or pass --wait.`);
    }
    return spec;
  }
}
