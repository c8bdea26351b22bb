import type { OpenAPISpec } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { specColumns } from '../../lib/areas/openapi.js';

export default class OpenApiList extends BaseCommand<typeof OpenApiList> {
  static override summary = 'List the OpenAPI specifications of an organization';
  static override description =
    'Lists the OpenAPI specifications of the organization.\n\nPrints one row per spec: SLUG, STATE (processing), VISIBILITY, VERSION, PROCESSED, SOURCE. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> openapi list --org org_acme',
    '<%= config.bin %> openapi list --all --json',
  ];
  static override flags = { ...listFlags };

  async run(): Promise<OpenAPISpec[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const specs = await this.collect((limit) => client.openapi.list(organizationId, { limit }));
    if (this.human) this.output.table(specs, specColumns);
    return specs;
  }
}
