import { Args } from '../../oclif.js';
import type { SearchSpaceResult } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { searchColumns, searchRows } from '../../lib/areas/organizations.js';

export default class OrgsSearch extends BaseCommand<typeof OrgsSearch> {
  static override summary = "Search the content of an organization's spaces";
  static override description =
    'Looks for the text in page titles and content. Prints one row per matching page (space, page, title with its parents, path, URL); --json prints the results per space, with the matching sections. --limit counts spaces.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> orgs search "rate limits" --org org_acme',
    '<%= config.bin %> orgs search install --all --json',
  ];
  static override args = {
    query: Args.string({ description: 'Text to look for', required: true }),
  };
  static override flags = { ...listFlags };

  async run(): Promise<SearchSpaceResult[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const query = this.args.query;
    const items = await this.collect((limit) =>
      client.organizations.search(organizationId, { query, limit }),
    );
    if (this.human) this.output.table(searchRows(items), searchColumns);
    return items;
  }
}
