import { Args } from '../../oclif.js';
import type { ContentImportRun } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printImportRun } from '../../lib/areas/imports.js';

export default class ImportsCancel extends BaseCommand<typeof ImportsCancel> {
  static override summary = 'Cancel an import run that is under way';
  static override description =
    'Only a run under way (pending or in-progress) can be cancelled; one that is over (completed, failed or cancelled) is exit 1. Prints the cancelled run and its pages; --json prints the run object. The run id is a required argument.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = ['<%= config.bin %> imports cancel imp_api_site --org org_acme'];
  static override args = {
    run: Args.string({
      description: 'Id of the import run (printed by `docs imports start`)',
      required: true,
    }),
  };

  async run(): Promise<ContentImportRun> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const run = await client.imports.cancel(organizationId, this.args.run);
    if (this.human) {
      this.output.success(`Cancelled import run ${run.id}`);
      printImportRun(this.output, run);
    }
    return run;
  }
}
