import { Flags } from '@oclif/core';
import type { Collection } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printCollection } from '../../lib/collections.js';
import { output } from '../../lib/output.js';

export default class CollectionsCreate extends BaseCommand<typeof CollectionsCreate> {
  static override summary = 'Create a collection, optionally nested in another';
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
      output.success(`Created collection ${collection.id}`);
      printCollection(collection);
    }
    return collection;
  }
}
