import { Flags } from '../../oclif.js';
import type { Collection, UpdateCollectionByIdBody } from '@docs-api/sdk';
import { collectionArg, CollectionCommand, printCollection } from '../../lib/areas/collections.js';
import { UsageError } from '../../lib/failures/exit-codes.js';
import { DEFAULT_LEVEL_OPTIONS } from '../../lib/areas/spaces.js';

export default class CollectionsEdit extends CollectionCommand<typeof CollectionsEdit> {
  static override summary = "Change a collection's title, description or default level";
  static override description =
    'Changes only the fields given: --title, --description, --default-level (inherit: the level of its parent collection or organization). Prints the updated collection; --json prints the object. Without any of these flags it is exit 2 and nothing is sent.\n\nIn a pipeline it never prompts: pass the collection id, or it exits 2.';
  static override examples = [
    '<%= config.bin %> collections edit col_product --title "Customer docs"',
    '<%= config.bin %> collections edit col_product --description "Read by customers" --default-level comment',
  ];
  static override args = { collection: collectionArg };
  static override flags = {
    title: Flags.string({ description: 'New title (at most 50 characters)' }),
    description: Flags.string({ description: 'New description (at most 100 characters)' }),
    'default-level': Flags.string({
      description: 'Role everyone with access gets by default; inherit: that of its parent or organization',
      options: DEFAULT_LEVEL_OPTIONS,
    }),
  };

  async run(): Promise<Collection> {
    const f = this.flags;
    const body: UpdateCollectionByIdBody = {
      ...(f.title === undefined ? {} : { title: f.title }),
      ...(f.description === undefined ? {} : { description: f.description }),
      ...(f['default-level'] === undefined ? {} : { defaultLevel: f['default-level'] as 'read' }),
    };
    if (Object.keys(body).length === 0) {
      throw new UsageError(
        'Nothing to change: pass at least one of --title, --description, --default-level.',
      );
    }
    const { client, collectionId } = await this.target();
    const collection = await client.collections.update(collectionId, body);
    if (this.human) {
      this.output.success(`Updated collection ${collection.id}`);
      printCollection(this.output, collection);
    }
    return collection;
  }
}
