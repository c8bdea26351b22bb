import type { UpdateChangeRequestResponse } from '@docs-api/sdk';
import { ChangeRequestCommand, crLabel, crArg, spaceArg } from '../../lib/change-requests.js';
import { CommandError } from '../../lib/exit-codes.js';
import { output } from '../../lib/output.js';

export default class CrUpdate extends ChangeRequestCommand<typeof CrUpdate> {
  static override summary = 'Bring a change request up to date with the primary content';
  static override description =
    'Pulls the primary content of the space into the change request. Prints the new revision id, or says that the request was already up to date (nothing changed). When the service answers that the content conflicts, exits 1 (with --json, after printing the answer).\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr update space_handbook 1',
    '<%= config.bin %> cr update space_handbook 1 --json',
  ];
  static override args = { space: spaceArg, cr: crArg };

  async run(): Promise<UpdateChangeRequestResponse> {
    const { client, spaceId, crId } = await this.target();
    // Read first: an up-to-date request is said to be so, not "Updated".
    const before = await client.changeRequests.get(spaceId, crId);
    const result = await client.changeRequests.updateFromPrimary(spaceId, crId);
    if (result.result === 'conflicts') {
      if (!this.human) output.json(result);
      throw new CommandError(
        `Change request ${crLabel(crId)} conflicts with the primary content of ${spaceId}: resolve the conflicts in it.`,
      );
    }
    if (this.human) {
      if (!before.outdated || (result.revision !== undefined && result.revision === before.revision))
        output.info(
          `Change request ${crLabel(crId)} was already up to date with the primary content of ${spaceId}: nothing changed.`,
        );
      else
        output.success(
          `Updated change request ${crLabel(crId)} from the primary content of ${spaceId}: revision ${result.revision ?? '?'}`,
        );
      if (result.revision) output.data(result.revision);
    }
    return result;
  }
}
