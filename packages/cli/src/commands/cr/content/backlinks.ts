import { Flags } from '../../../oclif.js';
import type { ContentRef } from '@docs-api/sdk';
import { listFlags } from '../../../base-command.js';
import {
  ChangeRequestCommand,
  contentFlags,
  contentOptions,
  crArg,
  describeReference,
  spaceArg,
} from '../../../lib/areas/change-requests.js';

export default class CrContentBacklinks extends ChangeRequestCommand<typeof CrContentBacklinks> {
  static override summary = 'List the places that link to a page or a file of a change request';
  static override description =
    "Lists the places that link to a page (--page) or a file (--file) of the change request: exactly one of the two. At a terminal a table; piped, tab-separated rows; --json prints the backlink objects.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and --page or --file, or it exits 2.\n\nThe service's published API document does not list the backlink endpoints: the service may not answer them.";
  static override examples = [
    '<%= config.bin %> cr content backlinks space_handbook 1 --page page_getting_started',
    '<%= config.bin %> cr content backlinks space_handbook 1 --file file_logo --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    ...listFlags,
    ...contentFlags,
    page: Flags.string({ description: 'Page id whose backlinks to list', exactlyOne: ['page', 'file'] }),
    file: Flags.string({ description: 'File id whose backlinks to list', exactlyOne: ['page', 'file'] }),
  };

  async run(): Promise<ContentRef[]> {
    const { client, spaceId, crId } = await this.target();
    const { page, file } = this.flags;
    const content = client.changeRequests.content;
    const backlinks = await this.collect((limit) => {
      const query = { limit, ...contentOptions(this.flags) };
      return page === undefined
        ? content.listFileBacklinks(spaceId, crId, file as string, query)
        : content.listPageBacklinks(spaceId, crId, page, query);
    });
    if (this.human) {
      this.output.table(backlinks, [
        { header: 'LINKED FROM', value: (ref) => describeReference(ref, spaceId), cut: true },
      ]);
    }
    return backlinks;
  }
}
