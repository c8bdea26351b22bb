import { yesFlag } from '../../base-command.js';
import { collectionArg, CollectionCommand } from '../../lib/areas/collections.js';

export default class CollectionsDelete extends CollectionCommand<typeof CollectionsDelete> {
  static override summary = 'Delete a collection, the collections nested in it and their spaces';
  static override description =
    'Deletes the collection, the collections nested in it and their spaces. The spaces can be restored for 7 days with `docs spaces restore` (at the top level, since their collection is gone). Deleting a collection that does not exist succeeds.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the collection id and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> collections delete col_internal --yes'];
  static override args = { collection: collectionArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ deleted: string }> {
    const { client, collectionId } = await this.target();
    await this.confirm(
      `Delete collection ${collectionId}, the collections nested in it and their spaces? The spaces can be restored for 7 days.`,
    );
    await client.collections.delete(collectionId);
    if (this.human) this.output.success(`Deleted collection ${collectionId}`);
    return { deleted: collectionId };
  }
}
