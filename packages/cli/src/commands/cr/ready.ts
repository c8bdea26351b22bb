import type { ChangeRequest } from '@docs-api/sdk';
import { ChangeRequestCommand, crArg, spaceArg } from '../../lib/areas/change-requests.js';
import { CommandError } from '../../lib/failures/exit-codes.js';

export default class CrReady extends ChangeRequestCommand<typeof CrReady> {
  static override summary = 'Mark a draft change request as ready for review (open)';
  static override description =
    "gh's `pr ready`: sets a draft change request's status to open, what `docs cr edit --status open` does. A request already open is said to be so (exit 0, nothing changed); a merged or closed one is not made ready (exit 1: `docs cr reopen` reopens a closed one). Prints the request's number and status; --json prints the change request object.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr ready space_handbook 2',
    '<%= config.bin %> cr ready space_handbook 2 --json',
  ];
  static override args = { space: spaceArg, cr: crArg };

  async run(): Promise<ChangeRequest> {
    const { client, spaceId, crId } = await this.target();
    const before = await client.changeRequests.get(spaceId, crId);
    if (before.status === 'open') {
      if (this.human) this.output.info(`Change request #${before.number} is already open: nothing changed.`);
      return before;
    }
    if (before.status !== 'draft')
      throw new CommandError(
        `Change request #${before.number} is ${before.status}: only a draft is made ready${before.status === 'archived' ? ` (\`docs cr reopen ${spaceId} ${before.number}\` reopens it)` : ''}.`,
      );
    const cr = await client.changeRequests.update(spaceId, crId, { status: 'open' });
    if (this.human)
      this.output.success(`Change request #${cr.number} "${cr.subject}" in ${spaceId} is ready for review`);
    return cr;
  }
}
