import type { Space } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { spaceColumns } from '../../lib/areas/spaces.js';

export default class SpacesList extends BaseCommand<typeof SpacesList> {
  static override summary = 'List the spaces of an organization';
  static override description =
    'Deleted spaces are not listed; restore one with `docs spaces restore`.\n\nPrints one row per space: ID, TITLE, COLLECTION, VISIBILITY, EDIT MODE, OPEN CRS, UPDATED. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> spaces list --org org_acme',
    '<%= config.bin %> spaces list --all --json',
  ];
  static override flags = { ...listFlags };

  async run(): Promise<Space[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const spaces = await this.collect((limit) => client.spaces.list(organizationId, { limit }));
    if (this.human) this.output.table(spaces, spaceColumns);
    return spaces;
  }
}
