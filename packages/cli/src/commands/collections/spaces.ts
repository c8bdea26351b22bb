import type { Space } from '@docs-api/sdk';
import { listFlags } from '../../base-command.js';
import { collectionArg, CollectionCommand } from '../../lib/collections.js';
import { output } from '../../lib/output.js';
import { spaceColumns } from '../../lib/spaces.js';

export default class CollectionsSpaces extends CollectionCommand<typeof CollectionsSpaces> {
  static override summary = 'List the spaces of a collection';
  static override description =
    'Only the spaces directly in it, in their order; nested collections have their own.';
  static override examples = [
    '<%= config.bin %> collections spaces col_product',
    '<%= config.bin %> collections spaces col_product --json',
  ];
  static override args = { collection: collectionArg };
  static override flags = { ...listFlags };

  async run(): Promise<Space[]> {
    const { client, collectionId } = await this.target();
    const spaces = await this.collect((limit) => client.collections.listSpaces(collectionId, { limit }));
    if (this.human) output.table(spaces, spaceColumns);
    return spaces;
  }
}
