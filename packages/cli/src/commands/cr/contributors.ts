import type { Contributor } from '@docs-api/sdk';
import { ChangeRequestCommand, contributorColumns, crArg, spaceArg } from '../../lib/change-requests.js';
import { output } from '../../lib/output.js';

export default class CrContributors extends ChangeRequestCommand<typeof CrContributors> {
  static override summary = 'List the people who contributed to a change request';
  static override examples = [
    '<%= config.bin %> cr contributors space_handbook 12',
    '<%= config.bin %> cr contributors space_handbook 12 --json',
  ];
  static override args = { space: spaceArg, cr: crArg };

  async run(): Promise<Contributor[]> {
    const { client, spaceId, crId } = await this.target();
    const { items } = await client.changeRequests.listContributors(spaceId, crId);
    if (this.human) output.table(items, contributorColumns);
    return items;
  }
}
