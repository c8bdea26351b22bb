import { Flags } from '../../../oclif.js';
import type { ConversationIssueItem } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../../base-command.js';
import { issueColumns } from '../../../lib/areas/conversations.js';

export default class ConversationsIssuesList extends BaseCommand<typeof ConversationsIssuesList> {
  static override summary = 'List the issues found in conversations';
  static override description =
    "Lists the issues found in the organization's conversations; --cluster and --conversation keep those of one cluster or one conversation.\n\nPrints one row per issue: ID, TITLE, CLUSTER, CONVERSATION, CREATED. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.\n\nNot in the service's published API document (@gitbook/api 0.202.0): the service may not offer it.";
  static override examples = [
    '<%= config.bin %> conversations issues list --org org_acme',
    '<%= config.bin %> conversations issues list --cluster cluster_cli_questions',
    '<%= config.bin %> conversations issues list --conversation conv_cli_install --json',
  ];
  static override flags = {
    ...listFlags,
    cluster: Flags.string({ char: 'c', description: 'Only issues of this cluster id' }),
    conversation: Flags.string({ description: 'Only issues found in this conversation id' }),
  };

  async run(): Promise<ConversationIssueItem[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { cluster, conversation } = this.flags;
    const items = await this.collect((limit) =>
      client.conversations.issues.list(organizationId, {
        limit,
        ...(cluster === undefined ? {} : { cluster }),
        ...(conversation === undefined ? {} : { conversation }),
      }),
    );
    if (this.human) this.output.table(items, issueColumns);
    return items;
  }
}
