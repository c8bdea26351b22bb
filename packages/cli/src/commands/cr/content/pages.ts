import type { ListPagesInChangeRequestResponse } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  contentFlags,
  contentOptions,
  crArg,
  flattenPages,
  pageText,
  spaceArg,
} from '../../../lib/areas/change-requests.js';
import { knownForms } from '../../../lib/areas/known-forms.js';

export default class CrContentPages extends ChangeRequestCommand<typeof CrContentPages> {
  static override summary = 'Print the page tree of a change request, indented';
  static override description =
    'One page per line, indented two spaces per level: title, then id and path. --json prints the nested tree.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr content pages space_handbook 1',
    '<%= config.bin %> cr content pages space_handbook 1 --no-git-metadata --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = { ...contentFlags };

  async run(): Promise<ListPagesInChangeRequestResponse> {
    const { client, spaceId, crId } = await this.target();
    const tree = await client.changeRequests.content.listPages(spaceId, crId, contentOptions(this.flags));
    if (this.human) {
      const rows = flattenPages(tree.pages);
      if (rows.length === 0) this.output.info('No pages.');
      for (const { page, depth } of rows) {
        const { emoji, title: pageTitle, id, hidden } = knownForms(page);
        const title = `${emoji ? `${emoji} ` : ''}${pageTitle ?? '(untitled)'}`;
        const path = pageText(page, 'path');
        const details = [id, path ? `/${path.replace(/^\//, '')}` : undefined, hidden ? 'hidden' : undefined];
        this.output.data(`${'  '.repeat(depth)}${title}  (${details.filter(Boolean).join(', ')})`);
      }
    }
    return tree;
  }
}
