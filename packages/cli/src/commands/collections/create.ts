import { Flags } from '../../oclif.js';
import type { Collection } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printCollection } from '../../lib/areas/collections.js';

export default class CollectionsCreate extends BaseCommand<typeof CollectionsCreate> {
  static override summary = 'Create a collection, optionally nested in another';
  static override description =
    'Creates a collection at the top level of the organization, or inside the collection given by --parent, and prints it: its fields at a terminal, the collection object with --json. The title is checked before sending (at most 50 characters): a bad one is exit 2 and nothing is sent.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> collections create --org org_acme --title "Product docs"',
    '<%= config.bin %> collections create --title Archive --parent col_product --json',
  ];
  static override flags = {
    title: Flags.string({ description: 'Title (at most 50 characters)', required: true }),
    parent: Flags.string({ description: 'Id of the collection to nest it in' }),
  };

  async run(): Promise<Collection> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { title, parent } = this.flags;
    const collection = await client.collections.create(organizationId, {
      title,
      ...(parent === undefined ? {} : { parent }),
    });
    if (this.human) {
      this.output.success(`Created collection ${collection.id}`);
      printCollection(this.output, collection);
    }
    return collection;
  }
}
