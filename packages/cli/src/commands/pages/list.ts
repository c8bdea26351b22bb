import type { ListPagesResponse } from '@docs-api/sdk';
import { SpaceCommand, spaceArg } from '../../lib/areas/spaces.js';
import { remotePages } from '../../lib/docs-as-code/index.js';
import { crFlag, crValue, treeColumns, treeRows } from '../../lib/areas/pages.js';

export default class PagesList extends SpaceCommand<typeof PagesList> {
  static override summary = "List a space's pages as a tree: title, path, type and id";
  static override description =
    "Lists every page of the space's primary content (or of a change request's, with --cr), in the order of its table of contents, children under their parent. At a terminal: a table whose titles are indented by depth; piped: tab-separated rows (title, path, type, id, depth) with nothing cut. Groups are `group` pages, link pages show where they point. --json prints the service's page tree (`pages`, each with its `pages`).\n\n" +
    'In a pipeline it never prompts: pass the space id, or it exits 2. An unknown space or change request is exit 3.';
  static override examples = [
    '<%= config.bin %> pages list space_handbook',
    '<%= config.bin %> pages list space_handbook --cr 1',
    '<%= config.bin %> pages list space_handbook --cr 1 --json',
  ];
  static override args = { space: spaceArg };
  static override flags = { cr: crFlag };

  async run(): Promise<ListPagesResponse> {
    const { client, spaceId } = await this.target();
    const cr = crValue(this.flags.cr);
    const answer =
      cr === undefined
        ? await client.spaces.content.listPages(spaceId)
        : await client.changeRequests.content.listPages(spaceId, cr);
    if (this.human) this.output.table(treeRows(remotePages(answer.pages as unknown[])), treeColumns());
    return answer;
  }
}
