import type { OpenApiSpec } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { specColumns } from '../../lib/openapi.js';
import { output } from '../../lib/output.js';

export default class OpenApiList extends BaseCommand<typeof OpenApiList> {
  static override summary = 'List the OpenAPI specifications of an organization';
  static override examples = [
    '<%= config.bin %> openapi list --org org_acme',
    '<%= config.bin %> openapi list --all --json',
  ];
  static override flags = { ...listFlags };

  async run(): Promise<OpenApiSpec[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const specs = await this.collect((limit) => client.openapi.list(organizationId, { limit }));
    if (this.human) output.table(specs, specColumns);
    return specs;
  }
}
