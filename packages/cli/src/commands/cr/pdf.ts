import { Flags } from '@oclif/core';
import type { PdfResult } from '@docs-api/sdk';
import { ChangeRequestCommand, crArg, spaceArg } from '../../lib/change-requests.js';
import { CommandError } from '../../lib/exit-codes.js';
import { output } from '../../lib/output.js';

export default class CrPdf extends ChangeRequestCommand<typeof CrPdf> {
  static override summary = 'Print a URL to a PDF export of a change request';
  static override examples = [
    '<%= config.bin %> cr pdf space_handbook 12',
    '<%= config.bin %> cr pdf space_handbook 12 --page page_intro --only',
    'curl -o cr.pdf "$(<%= config.bin %> cr pdf space_handbook 12)"',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    page: Flags.string({ description: 'Page id to export (with --only: that page alone)' }),
    only: Flags.boolean({ description: 'Export only the page given by --page', dependsOn: ['page'] }),
  };

  async run(): Promise<PdfResult> {
    const { client, spaceId, crId } = await this.target();
    const { page, only } = this.flags;
    const pdf = await client.changeRequests.getPdf(spaceId, crId, {
      ...(page === undefined ? {} : { page }),
      ...(only ? { only: true } : {}),
    });
    if (this.human) {
      if (!pdf.url)
        throw new CommandError('The service answered without a PDF URL; use --json to see its answer.');
      output.data(pdf.url);
    }
    return pdf;
  }
}
