import { Flags } from '../../oclif.js';
import type { ChangeRequest, UpdateChangeRequestByIdBody } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  crArg,
  printChangeRequest,
  spaceArg,
} from '../../lib/areas/change-requests.js';
import { UsageError } from '../../lib/failures/exit-codes.js';
import { readStdin } from '../../lib/input/stdin.js';

export default class CrEdit extends ChangeRequestCommand<typeof CrEdit> {
  static override summary = "Change a change request's subject, description or status";
  static override description =
    'Changes only what is given: --subject, --description (plain text, one paragraph per line; - reads standard input; "" clears it) or --status (draft, open or archived; only `docs cr merge` makes a request merged, and the service decides which moves it allows). Prints the updated change request; --json prints the object. Without any of these flags it is exit 2, nothing sent.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr edit space_handbook 1 --subject "Document the new CLI"',
    '<%= config.bin %> cr edit space_handbook 1 --description "Adds a page per command."',
    'cat notes.txt | <%= config.bin %> cr edit space_handbook 1 --description -',
    '<%= config.bin %> cr edit space_handbook 1 --status draft',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    subject: Flags.string({ char: 's', description: 'New subject, at most 100 characters' }),
    description: Flags.string({
      char: 'd',
      description:
        'New description as plain text, one paragraph per line (- reads standard input; "" clears it)',
    }),
    status: Flags.string({
      description:
        'New status: draft, open or archived (a request becomes merged only by `docs cr merge`); the server decides which moves it allows',
      options: ['draft', 'open', 'archived'],
    }),
  };

  async run(): Promise<ChangeRequest> {
    const { subject, description, status } = this.flags;
    if (subject === undefined && description === undefined && status === undefined) {
      throw new UsageError('Nothing to change: pass at least one of --subject, --description, --status.');
    }
    const { client, spaceId, crId } = await this.target();
    const body: UpdateChangeRequestByIdBody = {
      ...(subject === undefined ? {} : { subject }),
      ...(status === undefined ? {} : { status: status as UpdateChangeRequestByIdBody['status'] }),
    };
    if (description !== undefined) {
      // The contract helpers pull in zod: load them only when a description is sent.
      const { documentFromText } = await import('../../sdk-contract.js');
      const text = description === '-' ? (await readStdin()).replace(/\s+$/, '') : description;
      body.description = documentFromText(text);
    }
    const cr = await client.changeRequests.update(spaceId, crId, body);
    if (this.human) {
      this.output.success(`Updated change request #${cr.number}`);
      printChangeRequest(this.output, cr);
    }
    return cr;
  }
}
