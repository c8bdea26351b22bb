import { Flags } from '../../oclif.js';
import type { ContentImportRun, StartImportRunBody } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printImportRun } from '../../lib/areas/imports.js';
import { plural } from '../../lib/terminal/output.js';

export default class ImportsStart extends BaseCommand<typeof ImportsStart> {
  static override summary = "Start importing a website's content into a space";
  static override description =
    'Imports the website at --url into the space given by --space: at its root, under --page, or through a change request (--change-request). Prints the run with the pages found; --json prints the run object. Content is enhanced with AI unless --no-enhance is given. Cancel a run with `docs imports cancel <run>`.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> imports start --url https://www.acme.test/docs --space space_guides',
    '<%= config.bin %> imports start --url https://www.acme.test/docs --space space_legal --change-request cr_terms --no-enhance --json',
  ];
  static override flags = {
    url: Flags.string({
      char: 'u',
      description: 'URL of the website to import (http or https)',
      required: true,
    }),
    space: Flags.string({ char: 's', description: 'Id of the space to import into', required: true }),
    'change-request': Flags.string({
      description: 'Import through this change request of the space (id or number)',
    }),
    page: Flags.string({ description: 'Import under this page of the space' }),
    site: Flags.string({
      description:
        "List the run among this site's imports (needed only while the space is not on the site yet)",
    }),
    enhance: Flags.boolean({
      description: 'Enhance the imported content with AI (the default; --no-enhance to skip)',
      allowNo: true,
    }),
  };

  async run(): Promise<ContentImportRun> {
    const { url, space, page, site, enhance } = this.flags;
    const changeRequest = this.flags['change-request'];
    const organizationId = await this.organizationId();
    const body: StartImportRunBody = {
      source: { type: 'website', url },
      target: {
        space,
        ...(changeRequest === undefined ? {} : { changeRequest }),
        ...(page === undefined ? {} : { page }),
      },
      ...(site === undefined ? {} : { site }),
      ...(enhance === undefined ? {} : { enhance }),
    };
    const client = await this.client();
    const run = await client.imports.start(organizationId, body);
    if (this.human) {
      this.output.success(`Started import run ${run.id}: ${plural(run.pages?.length ?? 0, 'page')}`);
      printImportRun(this.output, run);
    }
    return run;
  }
}
