import { Args, Flags } from '../../../oclif.js';
import type { GetPageInChangeRequestByIdQuery, RevisionPage } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  contentFlags,
  contentOptions,
  crArg,
  pageText,
  pickPage,
  spaceArg,
} from '../../../lib/areas/change-requests.js';
import { CommandError } from '../../../lib/failures/exit-codes.js';

const EVALUATE: Record<string, GetPageInChangeRequestByIdQuery['evaluated']> = {
  true: true,
  false: false,
  'deterministic-only': 'deterministic-only',
};

const DEREFERENCED: Record<string, GetPageInChangeRequestByIdQuery['dereferenced']> = {
  true: true,
  false: false,
  'reusable-contents': 'reusable-contents',
};

export default class CrContentPage extends ChangeRequestCommand<typeof CrContentPage> {
  static override summary = 'Print one page of a change request as markdown';
  static override description =
    "Writes the page's markdown to stdout as it is, ready to redirect into a file. With --format document, writes the page's rich-text document as JSON. --json prints the whole page object.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and the page id, or it exits 2. An unknown page is exit 3.";
  static override examples = [
    '<%= config.bin %> cr content page space_handbook 1 page_getting_started > getting-started.md',
    '<%= config.bin %> cr content page space_handbook 1 page_getting_started --evaluate deterministic-only',
    '<%= config.bin %> cr content page space_handbook 1 page_getting_started --json',
  ];
  static override args = {
    space: spaceArg,
    cr: crArg,
    page: Args.string({ description: 'Page id (picked from the page tree at a terminal when omitted)' }),
  };
  static override flags = {
    ...contentFlags,
    evaluate: Flags.string({
      description:
        'Evaluate expressions: true (the whole document), deterministic-only, or false (server default)',
      options: Object.keys(EVALUATE),
    }),
    format: Flags.string({
      description: 'Form of the page content: markdown, or document (a rich-text document)',
      options: ['markdown', 'document'],
    }),
    'markdown-refs': Flags.string({
      description:
        'How references are written in markdown: relative links (server default) or stable references keeping their ids',
      options: ['relative', 'stable'],
    }),
    dereferenced: Flags.string({
      description:
        'Expand referenced content: true (all of it), reusable-contents (only those), or false (server default)',
      options: Object.keys(DEREFERENCED),
    }),
  };

  async run(): Promise<RevisionPage> {
    const { client, spaceId, crId } = await this.target();
    const pageId = await this.argOrPick(this.args.page, 'the page id', () =>
      pickPage(this.prompts, client, spaceId, crId),
    );
    const { evaluate, format, dereferenced } = this.flags;
    const markdownRefs = this.flags['markdown-refs'];
    const page = await client.changeRequests.content.getPage(spaceId, crId, pageId, {
      ...contentOptions(this.flags),
      ...(evaluate === undefined ? {} : { evaluated: EVALUATE[evaluate] }),
      ...(format === undefined ? {} : { format: format as GetPageInChangeRequestByIdQuery['format'] }),
      ...(markdownRefs === undefined
        ? {}
        : {
            'format.markdown.refs': markdownRefs as GetPageInChangeRequestByIdQuery['format.markdown.refs'],
          }),
      ...(dereferenced === undefined ? {} : { dereferenced: DEREFERENCED[dereferenced] }),
    });
    if (this.human) {
      const markdown = pageText(page, 'markdown');
      const { document } = page as { document?: unknown };
      if (markdown !== undefined) this.output.data(markdown);
      else if (format === 'document' && document !== undefined) this.output.json(document);
      else {
        throw new CommandError(
          `Page ${pageId} came back without markdown; use --json to see the whole page.`,
        );
      }
    }
    return page;
  }
}
