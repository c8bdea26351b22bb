import type { Collection } from '@docs-api/sdk';
import { collectionArg, CollectionCommand } from '../../lib/areas/collections.js';
import { moveBody, moveFlags } from '../../lib/areas/spaces.js';

export default class CollectionsMove extends CollectionCommand<typeof CollectionsMove> {
  static override summary =
    'Move a collection into another, to the top level, or next to a sibling space or collection';
  static override description =
    'Moves a collection into the collection given by --parent, to the top level with --root, and/or next to a sibling: a space with --before/--after, a collection with --before-collection/--after-collection. Says where it landed on stderr; --json prints the moved collection. Without any of these flags it is exit 2 and nothing is sent.\n\nIn a pipeline it never prompts: pass the collection id, or it exits 2.';
  static override examples = [
    '<%= config.bin %> collections move col_internal --root',
    '<%= config.bin %> collections move col_internal --parent col_product --before space_api',
    '<%= config.bin %> collections move col_internal --root --after-collection col_product',
  ];
  static override args = { collection: collectionArg };
  static override flags = { ...moveFlags };

  async run(): Promise<Collection> {
    const body = moveBody(this.flags);
    const { client, collectionId } = await this.target();
    const collection = await client.collections.move(collectionId, body);
    if (this.human) {
      this.output.success(
        `Moved collection ${collection.id} ${collection.parent ? `into collection ${collection.parent}` : 'to the top level'}`,
      );
    }
    return collection;
  }
}
