import type { Collection } from '@docs-api/sdk';
import { collectionArg, CollectionCommand, printCollection } from '../../lib/areas/collections.js';

export default class CollectionsView extends CollectionCommand<typeof CollectionsView> {
  static override summary = 'Show one collection';
  static override description =
    "Prints the collection's id, title, description, organization, parent collection, default level, whether you can administer it and its URL. At a terminal and piped it prints labelled fields, one per line; with --json, the full object.\n\nIn a pipeline it never prompts: pass the collection id, or it exits 2. An unknown id is exit 3.";
  static override examples = [
    '<%= config.bin %> collections view col_product',
    '<%= config.bin %> collections view col_product --json',
  ];
  static override args = { collection: collectionArg };

  async run(): Promise<Collection> {
    const { client, collectionId } = await this.target();
    const collection = await client.collections.get(collectionId);
    if (this.human) printCollection(this.output, collection);
    return collection;
  }
}
