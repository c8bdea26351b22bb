import { Flags } from '../../oclif.js';
import type { CreateSpace, Space } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printSpace } from '../../lib/areas/spaces.js';

export default class SpacesCreate extends BaseCommand<typeof SpacesCreate> {
  static override summary = 'Create an empty space in an organization, optionally in a collection';
  static override description =
    "Creates a space at the top level of the organization, or inside the collection given by --parent, with no pages (the document's `empty: true`), and prints it: its fields at a terminal, the space object with --json. Fill it with `docs push <space> <folder>`.\n\n" +
    'The title is checked before sending (at most 50 characters): a bad one is exit 2 and nothing is sent. In a pipeline it never prompts: pass --title and --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> spaces create --org org_acme --title "Product docs"',
    '<%= config.bin %> spaces create --title "API guides" --parent col_product --emoji 📘 --json',
  ];
  static override flags = {
    title: Flags.string({ description: 'Title of the space (at most 50 characters)', required: true }),
    parent: Flags.string({ description: 'Id of the collection to create it in (default: the top level)' }),
    emoji: Flags.string({ description: 'Emoji shown beside the title' }),
    language: Flags.string({
      description: "Language of the content, as the service's code (en, fr, de, ...)",
    }),
  };

  async run(): Promise<Space> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { title, parent, emoji, language } = this.flags;
    const body = {
      title,
      empty: true,
      ...(parent === undefined ? {} : { parent }),
      ...(emoji === undefined ? {} : { emoji }),
      ...(language === undefined ? {} : { language }),
    } as CreateSpace;
    const space = await client.spaces.create(organizationId, body);
    if (this.human) {
      this.output.success(`Created space ${space.id}`);
      printSpace(this.output, space);
    }
    return space;
  }
}
