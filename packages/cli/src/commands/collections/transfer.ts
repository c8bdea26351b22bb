import type { Collection } from '@docs-api/sdk';
import { yesFlag } from '../../base-command.js';
import { collectionArg, CollectionCommand } from '../../lib/areas/collections.js';
import { toOrgFlag } from '../../lib/areas/spaces.js';

export default class CollectionsTransfer extends CollectionCommand<typeof CollectionsTransfer> {
  static override summary =
    'Transfer a collection, with its nested collections and spaces, to another organization';
  static override description =
    'Transfers the collection, with its nested collections and spaces, to the organization given by --to-org. It lands at the top level of the other organization; its spaces leave the sites of their organization. A collection holding a locked space cannot be transferred.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the collection id and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> collections transfer col_product --to-org org_beta --yes'];
  static override args = { collection: collectionArg };
  static override flags = { 'to-org': toOrgFlag, yes: yesFlag };

  async run(): Promise<Collection> {
    const { client, collectionId } = await this.target();
    const organization = this.flags['to-org'];
    await this.confirm(
      `Transfer collection ${collectionId}, its nested collections and their spaces to organization ${organization}?`,
    );
    const collection = await client.collections.transfer(collectionId, { organization });
    if (this.human) {
      this.output.success(
        `Transferred collection ${collection.id} to organization ${collection.organization ?? organization}`,
      );
    }
    return collection;
  }
}
