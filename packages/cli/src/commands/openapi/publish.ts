import type { OpenAPISpec } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import {
  newSpecSlugArg,
  printSpec,
  sendSpecSource,
  specSourceArg,
  specSourceFlags,
} from '../../lib/areas/openapi.js';

export default class OpenApiPublish extends BaseCommand<typeof OpenApiPublish> {
  static override summary = 'Publish an OpenAPI spec from a file or a URL: replace its source, or create it';
  static override description = [
    'Made for pipelines: safe on every build. The spec is created when the slug is free and its source replaced otherwise (`docs openapi replace` is the same command), then the service processes it again.',
    'A file of the repository (YAML or JSON, or - for standard input) is parsed and validated against the OpenAPI schemas of its version before anything is sent, and sent as text: an invalid spec exits 2 with every problem on its own line as file:line:column JSON-pointer: message. Likely mistakes the service accepts (an undeclared path parameter, a parameter or operationId used twice, a component name outside the pattern, a $ref to another file) are printed as warnings and the spec is still sent. A URL is sent as it is, for the service to fetch.',
    'With --wait, reads the spec every --interval seconds until processed, prints the processing errors the service found and exits 1 when processing failed (or --wait-timeout passed). Under GitHub Actions (GITHUB_ACTIONS=true) problems are also written as ::error annotations (warnings as ::warning) and a short report is appended to $GITHUB_STEP_SUMMARY. --json prints the spec as the API answers it. Never prompts.',
  ].join('\n\n');
  static override aliases = ['openapi:replace'];
  static override examples = [
    '<%= config.bin %> openapi publish petstore specs/petstore.yaml --wait',
    '<%= config.bin %> openapi publish billing-v2 https://api.acme.test/openapi/billing.yaml --json',
    'cat openapi.json | <%= config.bin %> openapi publish billing-v2 - --wait --wait-timeout 300',
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
      send: (source) => client.openapi.replace(organizationId, slug, { source }),
      hint: (line) => this.failureHint(line),
    });
    if (this.human) {
      this.output.success(
        this.flags.wait
          ? `Published OpenAPI spec ${slug}: ${spec.processingState ?? 'processed'}, version ${spec.lastVersion ?? '?'}`
          : `Published OpenAPI spec ${slug}: processing started`,
      );
      printSpec(this.output, spec);
      if (!this.flags.wait) this.output.info(`Follow it with \`docs openapi view ${slug}\`, or pass --wait.`);
    }
    return spec;
  }
}
