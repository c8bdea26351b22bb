import type { Revision } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  contentFlags,
  contentOptions,
  crArg,
  flattenPages,
  spaceArg,
} from '../../../lib/areas/change-requests.js';
import { knownForms } from '../../../lib/areas/known-forms.js';
import { formatDate } from '../../../lib/terminal/output.js';

export default class CrContentRevision extends ChangeRequestCommand<typeof CrContentRevision> {
  static override summary =
    'Show the revision of a change request: its pages, files, reusable contents and variables';
  static override description =
    "Prints a summary of the change request's revision: id, type, parents, date, number of pages, files and reusable contents, variables, git commit and URL. --json prints the whole revision object, pages and files included.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr content revision space_handbook 1',
    '<%= config.bin %> cr content revision space_handbook 1 --no-computed --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = { ...contentFlags };

  async run(): Promise<Revision> {
    const { client, spaceId, crId } = await this.target();
    const revision = await client.changeRequests.content.getRevision(
      spaceId,
      crId,
      contentOptions(this.flags),
    );
    if (this.human) {
      const known = knownForms(revision);
      const variables = Object.entries(known.variables ?? {});
      this.output.fields([
        ['Revision', known.id],
        ['Type', String(revision.type)],
        ['Parents', known.parents?.join(', ')],
        ['Created', formatDate(known.createdAt)],
        ['Pages', flattenPages(known.pages).length],
        ['Files', known.files?.length ?? 0],
        ['Reusable contents', known.reusableContents?.length ?? 0],
        ['Variables', variables.map(([name, value]) => `${name}=${value}`).join(', ')],
        ['Git commit', known.git?.oid],
        ['Git message', known.git?.message],
        ['Git ref', known.git?.ref],
        ['URL', known.urls?.app],
      ]);
    }
    return revision;
  }
}
