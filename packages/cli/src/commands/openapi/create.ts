import type { OpenAPISpec } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import {
  newSpecSlugArg,
  printSpec,
  sendSpecSource,
  specSourceArg,
  specSourceFlags,
} from '../../lib/areas/openapi.js';

export default class OpenApiCreate extends BaseCommand<typeof OpenApiCreate> {
  static override summary = 'Create an OpenAPI spec from a file or a URL; fails if the slug is taken';
  static override description = [
    'Unlike `docs openapi publish`, never replaces an existing spec: a slug already in use is an error (exit 1).',
    'The source is a YAML or JSON file (- for standard input), checked against the OpenAPI schemas before anything is sent (exit 2 with every problem located: file:line:column JSON-pointer), or a URL the service fetches. With --wait, follows the processing as publish does, including the GitHub Actions annotations and job summary.',
  ].join('\n\n');
  static override examples = [
    '<%= config.bin %> openapi create billing-v2 specs/billing.yaml',
    '<%= config.bin %> openapi create billing-v2 https://api.acme.test/openapi/billing.yaml --wait --json',
  ];
  static override args = { slug: newSpecSlugArg, source: specSourceArg };
  static override flags = specSourceFlags;

  async run(): Promise<OpenAPISpec> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const slug = this.args.slug;
    const spec = await sendSpecSource({
      output: this.output,
      client,
      organizationId,
      slug,
      argument: this.args.source,
      flags: this.flags,
      json: !this.human,
      send: (source) => client.openapi.create(organizationId, { slug, source }),
      hint: (line) => this.failureHint(line),
    });
    if (this.human) {
      this.output.success(`Created OpenAPI spec ${slug}`);
      printSpec(this.output, spec);
    }
    return spec;
  }
}
