import { Args } from '../../oclif.js';
import type { OpenAPISpec } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printSpec } from '../../lib/areas/openapi.js';

export default class OpenApiVisibility extends BaseCommand<typeof OpenApiVisibility> {
  static override summary = "Set an OpenAPI spec's visibility: public (anyone with the link) or private";
  static override description =
    'public: anyone with the link can read the spec; private: it is not public. Prints the spec; --json prints the spec object.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> openapi visibility petstore private',
    '<%= config.bin %> openapi visibility petstore public --json',
  ];
  static override args = {
    slug: Args.string({ description: 'Slug of the OpenAPI spec', required: true }),
    visibility: Args.string({
      description: 'The new visibility',
      options: ['public', 'private'],
      required: true,
    }),
  };

  async run(): Promise<OpenAPISpec> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { slug } = this.args;
    const visibility = this.args.visibility as 'public' | 'private';
    const spec = await client.openapi.update(organizationId, slug, { visibility });
    if (this.human) {
      this.output.success(`OpenAPI spec ${slug} is now ${spec.visibility ?? visibility}`);
      printSpec(this.output, spec);
    }
    return spec;
  }
}
