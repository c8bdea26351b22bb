import type { Collection } from '@docs-api/sdk';
import { collectionArg, CollectionCommand, printCollection } from '../../lib/collections.js';

export default class CollectionsView extends CollectionCommand<typeof CollectionsView> {
  static override summary = 'Show one collection';
  static override examples = [
    '<%= config.bin %> collections view col_product',
    '<%= config.bin %> collections view col_product --json',
  ];
  static override args = { collection: collectionArg };

  async run(): Promise<Collection> {
    const { client, collectionId } = await this.target();
    const collection = await client.collections.get(collectionId);
    if (this.human) printCollection(collection);
    return collection;
  }
}
