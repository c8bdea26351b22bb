import type { Space } from '@docs-api/sdk';
import { listFlags } from '../../base-command.js';
import { collectionArg, CollectionCommand } from '../../lib/areas/collections.js';
import { spaceColumns } from '../../lib/areas/spaces.js';

export default class CollectionsSpaces extends CollectionCommand<typeof CollectionsSpaces> {
  static override summary = 'List the spaces of a collection';
  static override description =
    'Only the spaces directly in it, in their order; nested collections have their own.\n\nPrints one row per space, as `docs spaces list` prints them. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the collection id, or it exits 2.';
  static override examples = [
    '<%= config.bin %> collections spaces col_product',
    '<%= config.bin %> collections spaces col_product --json',
  ];
  static override args = { collection: collectionArg };
  static override flags = { ...listFlags };

  async run(): Promise<Space[]> {
    const { client, collectionId } = await this.target();
    const spaces = await this.collect((limit) => client.collections.listSpaces(collectionId, { limit }));
    if (this.human) this.output.table(spaces, spaceColumns);
    return spaces;
  }
}
