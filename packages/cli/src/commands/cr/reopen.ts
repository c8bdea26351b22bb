import type { ChangeRequest } from '@docs-api/sdk';
import { ChangeRequestCommand, crArg, spaceArg } from '../../lib/areas/change-requests.js';
import { CommandError } from '../../lib/failures/exit-codes.js';

export default class CrReopen extends ChangeRequestCommand<typeof CrReopen> {
  static override summary = 'Reopen a closed change request';
  static override description =
    "Sets a closed (archived) change request's status back to open. A request already open (or a draft) is said to be so (exit 0, nothing changed); a merged one cannot be reopened (exit 1). Prints the request's number and status; --json prints the change request object.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr reopen space_handbook 2',
    '<%= config.bin %> cr reopen space_handbook 2 --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  /** At a terminal the closed requests are offered, the ones there are to reopen. */
  protected override pickedStatus = 'archived' as const;

  async run(): Promise<ChangeRequest> {
    const { client, spaceId, crId } = await this.target();
    const before = await client.changeRequests.get(spaceId, crId);
    if (before.status === 'merged')
      throw new CommandError(`Change request #${before.number} is merged: it cannot be reopened.`);
    if (before.status !== 'archived') {
      if (this.human)
        this.output.info(
          `Change request #${before.number} is not closed (it is ${before.status}): nothing changed.`,
        );
      return before;
    }
    const cr = await client.changeRequests.update(spaceId, crId, { status: 'open' });
    if (this.human)
      this.output.success(`Reopened change request #${cr.number} "${cr.subject}" in ${spaceId}`);
    return cr;
  }
}
