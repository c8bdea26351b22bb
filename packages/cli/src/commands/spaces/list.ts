import type { Space } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { output } from '../../lib/output.js';
import { spaceColumns } from '../../lib/spaces.js';

export default class SpacesList extends BaseCommand<typeof SpacesList> {
  static override summary = 'List the spaces of an organization';
  static override description = 'Deleted spaces are not listed; restore one with `docs spaces restore`.';
  static override examples = [
    '<%= config.bin %> spaces list --org org_acme',
    '<%= config.bin %> spaces list --all --json',
  ];
  static override flags = { ...listFlags };

  async run(): Promise<Space[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const spaces = await this.collect((limit) => client.spaces.list(organizationId, { limit }));
    if (this.human) output.table(spaces, spaceColumns);
    return spaces;
  }
}
