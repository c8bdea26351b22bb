import { Flags } from '../../oclif.js';
import type { GetChangeRequestPdfResponse } from '@docs-api/sdk';
import { ChangeRequestCommand, crArg, spaceArg } from '../../lib/areas/change-requests.js';
import { CommandError } from '../../lib/failures/exit-codes.js';

export default class CrPdf extends ChangeRequestCommand<typeof CrPdf> {
  static override summary = 'Print a URL to a PDF export of a change request';
  static override description =
    "Asks the service for a PDF export of the change request's content (--page with --only: that page alone) and prints its URL on stdout, ready for curl. --json prints the service's answer. Exits 1 when the answer has no URL.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr pdf space_handbook 1',
    '<%= config.bin %> cr pdf space_handbook 1 --page page_cli --only',
    'curl -o cr.pdf "$(<%= config.bin %> cr pdf space_handbook 1)"',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    page: Flags.string({ description: 'Page id to export (with --only: that page alone)' }),
    only: Flags.boolean({ description: 'Export only the page given by --page', dependsOn: ['page'] }),
  };

  async run(): Promise<GetChangeRequestPdfResponse> {
    const { client, spaceId, crId } = await this.target();
    const { page, only } = this.flags;
    const pdf = await client.changeRequests.getPdf(spaceId, crId, {
      ...(page === undefined ? {} : { page }),
      ...(only ? { only: true } : {}),
    });
    if (this.human) {
      if (!pdf.url)
        throw new CommandError('The service answered without a PDF URL; use --json to see its answer.');
      this.output.data(pdf.url);
    }
    return pdf;
  }
}
