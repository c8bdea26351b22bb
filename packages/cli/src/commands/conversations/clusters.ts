import { Flags } from '../../oclif.js';
import type { ListIssuesClustersQuery, IssuesCluster } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { CLUSTER_SORT_OPTIONS, clusterColumns, ORDER_OPTIONS } from '../../lib/areas/conversations.js';

export default class ConversationsClusters extends BaseCommand<typeof ConversationsClusters> {
  static override summary = 'List the clusters of similar issues found in conversations';
  static override description =
    "Most recently updated first unless --order asc. LAST 13 WEEKS is the weekly count of issues, oldest week first.\n\nPrints one row per cluster: ID, LABEL, ISSUES, CONVERSATIONS, UPDATED, LAST 13 WEEKS. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.\n\nNot in the service's published API document (@gitbook/api 0.202.0): the service may not offer it.";
  static override examples = [
    '<%= config.bin %> conversations clusters --org org_acme',
    '<%= config.bin %> conversations clusters --order asc --json',
  ];
  static override flags = {
    ...listFlags,
    order: Flags.string({ description: 'Sort order', options: [...ORDER_OPTIONS] }),
    sort: Flags.string({ description: 'Property to sort by', options: [...CLUSTER_SORT_OPTIONS] }),
  };

  async run(): Promise<IssuesCluster[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const order = this.flags.order as ListIssuesClustersQuery['order'];
    const sort = this.flags.sort as ListIssuesClustersQuery['sort'];
    const clusters = await this.collect((limit) =>
      client.conversations.clusters.list(organizationId, {
        limit,
        ...(order === undefined ? {} : { order }),
        ...(sort === undefined ? {} : { sort }),
      }),
    );
    if (this.human) this.output.table(clusters, clusterColumns);
    return clusters;
  }
}
