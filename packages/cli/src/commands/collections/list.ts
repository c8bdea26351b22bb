import { Flags } from '../../oclif.js';
import type { Collection } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { collectionColumns } from '../../lib/areas/collections.js';

export default class CollectionsList extends BaseCommand<typeof CollectionsList> {
  static override summary = 'List the collections of an organization';
  static override description =
    'Only top-level collections unless --nested is given (the command always says which it wants: the service alone would list nested ones too).\n\nPrints one row per collection: ID, TITLE, PARENT, DEFAULT LEVEL, DESCRIPTION. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> collections list --org org_acme',
    '<%= config.bin %> collections list --nested --json',
  ];
  static override flags = {
    ...listFlags,
    nested: Flags.boolean({ description: 'List nested collections too', default: false }),
  };

  async run(): Promise<Collection[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { nested } = this.flags;
    const collections = await this.collect((limit) =>
      client.collections.list(organizationId, { limit, nested }),
    );
    if (this.human) this.output.table(collections, collectionColumns);
    return collections;
  }
}
