import type { MergeOutcome } from '@docs-api/sdk';
import {
  asConflict,
  ChangeRequestCommand,
  conflictResult,
  crLabel,
  crArg,
  spaceArg,
} from '../../lib/areas/change-requests.js';
import { CommandError } from '../../lib/failures/exit-codes.js';

export default class CrUpdate extends ChangeRequestCommand<typeof CrUpdate> {
  static override summary = 'Bring a change request up to date with the primary content';
  static override description =
    'Pulls the primary content of the space into the change request. Prints the new revision id, or says that the request was already up to date (nothing changed). When the content conflicts (nothing is pulled in) or the service refuses (a merged or archived request), exits 1; with --json, stdout gets an error result, {"error": {"reason", "message", ...}, "url"}, never the shape of an update.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr update space_handbook 1',
    '<%= config.bin %> cr update space_handbook 1 --json',
  ];
  static override args = { space: spaceArg, cr: crArg };

  async run(): Promise<MergeOutcome<'update'>> {
    const { client, spaceId, crId } = await this.target();
    // Read first: an up-to-date request is said to be so, not "Updated".
    const before = await client.changeRequests.get(spaceId, crId);
    let result: MergeOutcome<'update'>;
    try {
      result = await client.changeRequests.updateFromPrimary(spaceId, crId);
    } catch (error) {
      const conflict = await asConflict(error);
      if (!conflict) throw error;
      const where = before.urls?.app ? ` (${before.urls.app})` : '';
      const { error: refusal } = conflict;
      const message = conflict.merge
        ? `Change request ${crLabel(crId)} conflicts with the primary content of ${spaceId}: nothing was pulled in. Resolve the conflicts in the app${where}.`
        : `${refusal.serverMessage} (HTTP ${refusal.status}${refusal.requestId ? `, request id ${refusal.requestId}` : ''}).`;
      // An error result under --json, never the shape of an update.
      if (!this.human) this.output.json(conflictResult(conflict, message, { url: before.urls?.app }));
      throw new CommandError(message);
    }
    if (this.human) {
      if (!before.outdated || (result.revision !== undefined && result.revision === before.revision))
        this.output.info(
          `Change request ${crLabel(crId)} was already up to date with the primary content of ${spaceId}: nothing changed.`,
        );
      else
        this.output.success(
          `Updated change request ${crLabel(crId)} from the primary content of ${spaceId}: revision ${result.revision ?? '?'}`,
        );
      if (result.revision) this.output.data(result.revision);
    }
    return result;
  }
}
