import type { ChangeRequestUserContributor } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  contributorColumns,
  crArg,
  spaceArg,
} from '../../lib/areas/change-requests.js';

export default class CrContributors extends ChangeRequestCommand<typeof CrContributors> {
  static override summary = 'List the people who contributed to a change request';
  static override description =
    'Lists who edited the change request: user id, name, number of actions, type of the last action and when. At a terminal a table; piped, tab-separated rows; --json prints the contributor objects.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr contributors space_handbook 1',
    '<%= config.bin %> cr contributors space_handbook 1 --json',
  ];
  static override args = { space: spaceArg, cr: crArg };

  async run(): Promise<ChangeRequestUserContributor[]> {
    const { client, spaceId, crId } = await this.target();
    const { items } = await client.changeRequests.listContributors(spaceId, crId);
    if (this.human) this.output.table(items, contributorColumns);
    return items;
  }
}
