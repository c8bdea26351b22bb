import { Flags } from '../../oclif.js';
import type { ChangeRequest } from '@docs-api/sdk';
import { ChangeRequestCommand, printChangeRequest, spaceArg } from '../../lib/areas/change-requests.js';
import { UsageError } from '../../lib/failures/exit-codes.js';
import type { Prompts } from '../../lib/terminal/prompts.js';

/** The subject, typed at a terminal: not empty, at most 100 characters (the contract's limit). */
async function askSubject(prompts: Prompts): Promise<string> {
  const subject = await prompts.input('Subject', undefined, (value) => {
    const trimmed = value.trim();
    if (!trimmed) return 'The subject cannot be empty.';
    return trimmed.length <= 100 || 'The subject has at most 100 characters.';
  });
  return subject.trim();
}

export default class CrCreate extends ChangeRequestCommand<typeof CrCreate> {
  static override summary = 'Open a change request in a space';
  static override description =
    'Opens a change request in the space, starting from its current primary content, and prints it: its number (used by every other `docs cr` command), status and URL. --json prints the change request object. A subject over 100 characters is exit 2, nothing sent. Without --subject the subject is asked at a terminal.\n\nIn a pipeline it never prompts: pass the space id and --subject, or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr create space_handbook --subject "Document the new CLI"',
    '<%= config.bin %> cr create space_handbook --subject "Fix typos" --json',
  ];
  static override args = { space: spaceArg };
  static override flags = {
    subject: Flags.string({
      char: 's',
      description:
        'Subject, at most 100 characters (asked at a terminal when left out; required in a pipeline)',
    }),
  };

  async run(): Promise<ChangeRequest> {
    // A subject is needed: asked at a terminal, a usage error in a pipeline (before anything is sent).
    if (this.flags.subject === undefined && !this.terminal.canPrompt())
      throw new UsageError('Missing --subject: pass the change request\'s subject with --subject "...".');
    const spaceId = await this.spaceId();
    const client = await this.client();
    const subject = this.flags.subject ?? (await askSubject(this.prompts));
    const cr = await client.changeRequests.create(spaceId, { subject });
    if (this.human) {
      this.output.success(`Created change request #${cr.number} in ${spaceId}`);
      printChangeRequest(this.output, cr);
    }
    return cr;
  }
}
