import type { RevisionPage } from '@docs-api/sdk';
import { SpaceCommand, spaceArg } from '../../lib/areas/spaces.js';
import { remotePages } from '../../lib/docs-as-code/index.js';
import { CommandError, ExitCode, UsageError } from '../../lib/failures/exit-codes.js';
import { pageMarkdown } from '../../sdk-helpers.js';
import { crFlag, crValue, findPage, pageArg } from '../../lib/areas/pages.js';

export default class PagesView extends SpaceCommand<typeof PagesView> {
  static override summary = "Print a page's markdown, found by its path or its id";
  static override description =
    "Prints the page as the service writes it in markdown (`format=markdown`: its front matter, title and body, with the service's blocks such as {% hint %} and {% tabs %}) on stdout, ready for a file or a pager. The page is the one whose path (guides/setup, as `docs pages list` shows it) or id is given, in the space's primary content or, with --cr, in a change request. --json prints the page object, its `markdown` included.\n\n" +
    'A group or a link page has no markdown: its title (and where a link points) is printed. In a pipeline it never prompts: pass the space id, or it exits 2. No such page is exit 3.';
  static override examples = [
    '<%= config.bin %> pages view space_handbook --cr 1 getting-started',
    '<%= config.bin %> pages view space_handbook --cr 1 getting-started > getting-started.md',
    '<%= config.bin %> pages view space_handbook --cr 1 page_getting_started --json',
  ];
  static override args = { space: spaceArg, page: pageArg };
  static override flags = { cr: crFlag };

  async run(): Promise<RevisionPage> {
    const { client, spaceId } = await this.target();
    const cr = crValue(this.flags.cr);
    const ref = this.args.page;
    if (!ref)
      throw new UsageError('Missing the page: pass its path (as `docs pages list` shows it) or its id.');
    const listed =
      cr === undefined
        ? await client.spaces.content.listPages(spaceId)
        : await client.changeRequests.content.listPages(spaceId, cr);
    const found = findPage(remotePages(listed.pages), ref);
    if (!found) {
      const where = cr === undefined ? spaceId : `change request #${cr} of ${spaceId}`;
      throw new CommandError(
        `No page "${ref}" in ${where}: give a path or an id as \`docs pages list ${spaceId}${cr === undefined ? '' : ` --cr ${cr}`}\` shows them.`,
        ExitCode.NotFound,
      );
    }
    const query = { format: 'markdown' as const };
    const page =
      cr === undefined
        ? await client.spaces.content.getPage(spaceId, found.id, query)
        : await client.changeRequests.content.getPage(spaceId, cr, found.id, query);
    if (this.human) {
      const markdown = pageMarkdown(page);
      if (markdown) this.output.data(markdown);
      else this.output.data(found.kind === 'link' ? `${found.title} -> ${found.href ?? ''}` : found.title);
    }
    return page;
  }
}
