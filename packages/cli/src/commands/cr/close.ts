import type { ChangeRequest } from '@docs-api/sdk';
import { ChangeRequestCommand, crArg, spaceArg } from '../../lib/areas/change-requests.js';
import { CommandError } from '../../lib/failures/exit-codes.js';

export default class CrClose extends ChangeRequestCommand<typeof CrClose> {
  static override summary = 'Close a change request without merging it';
  static override description =
    "Sets the change request's status to archived, as gh closes a pull request: it leaves the open list and can no longer be merged until `docs cr reopen` opens it again. A request already closed is said to be so (exit 0, nothing changed); a merged one cannot be closed (exit 1). Prints the request's number and status; --json prints the change request object.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr close space_handbook 2',
    '<%= config.bin %> cr close space_handbook 2 --json',
  ];
  static override args = { space: spaceArg, cr: crArg };

  async run(): Promise<ChangeRequest> {
    const { client, spaceId, crId } = await this.target();
    const before = await client.changeRequests.get(spaceId, crId);
    if (before.status === 'merged')
      throw new CommandError(`Change request #${before.number} is merged: it cannot be closed.`);
    if (before.status === 'archived') {
      if (this.human)
        this.output.info(`Change request #${before.number} was already closed (archived): nothing changed.`);
      return before;
    }
    const cr = await client.changeRequests.update(spaceId, crId, { status: 'archived' });
    if (this.human)
      this.output.success(`Closed change request #${cr.number} "${cr.subject}" in ${spaceId} (archived)`);
    return cr;
  }
}
