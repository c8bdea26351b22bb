import { Flags } from '../../oclif.js';
import type { ChangeRequest } from '@docs-api/sdk';
import { ChangeRequestCommand, printChangeRequest, spaceArg } from '../../lib/change-requests.js';
import { output } from '../../lib/output.js';

export default class CrCreate extends ChangeRequestCommand<typeof CrCreate> {
  static override summary = 'Open a change request in a space';
  static override description =
    'Opens a change request in the space, starting from its current primary content, and prints it: its number (used by every other `docs cr` command), status and URL. --json prints the change request object. A subject over 100 characters is exit 2, nothing sent.\n\nIn a pipeline it never prompts: pass the space id, or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr create space_handbook --subject "Document the new CLI"',
    '<%= config.bin %> cr create space_handbook --subject "Fix typos" --json',
  ];
  static override args = { space: spaceArg };
  static override flags = {
    subject: Flags.string({ char: 's', description: 'Subject, at most 100 characters' }),
  };

  async run(): Promise<ChangeRequest> {
    const spaceId = await this.spaceId();
    const client = await this.client();
    const { subject } = this.flags;
    const cr = await client.changeRequests.create(spaceId, subject === undefined ? {} : { subject });
    if (this.human) {
      output.success(`Created change request #${cr.number} in ${spaceId}`);
      printChangeRequest(cr);
    }
    return cr;
  }
}
