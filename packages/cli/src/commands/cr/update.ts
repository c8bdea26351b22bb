import type { MergeResult } from '@docs-api/sdk';
import { ChangeRequestCommand, crLabel, crArg, spaceArg } from '../../lib/change-requests.js';
import { output } from '../../lib/output.js';

export default class CrUpdate extends ChangeRequestCommand<typeof CrUpdate> {
  static override summary = 'Bring a change request up to date with the primary content';
  static override description =
    'Pulls the primary content of the space into the change request. Prints the new revision id.';
  static override examples = [
    '<%= config.bin %> cr update space_handbook 12',
    '<%= config.bin %> cr update space_handbook 12 --json',
  ];
  static override args = { space: spaceArg, cr: crArg };

  async run(): Promise<MergeResult> {
    const { client, spaceId, crId } = await this.target();
    const result = await client.changeRequests.updateFromPrimary(spaceId, crId);
    if (this.human) {
      output.success(
        `Updated change request ${crLabel(crId)} from the primary content of ${spaceId}: revision ${result.revision}`,
      );
      output.data(result.revision);
    }
    return result;
  }
}
