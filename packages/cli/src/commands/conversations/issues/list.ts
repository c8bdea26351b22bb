import { Flags } from '@oclif/core';
import type { ConversationIssueItem } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../../base-command.js';
import { issueColumns } from '../../../lib/conversations.js';
import { output } from '../../../lib/output.js';

export default class ConversationsIssuesList extends BaseCommand<typeof ConversationsIssuesList> {
  static override summary = 'List the issues extracted from conversations';
  static override description =
    'Not in the published API document (@gitbook/api 0.202.0): an operation of the extract only, which the service may not offer.';
  static override examples = [
    '<%= config.bin %> conversations issues list --org org_acme',
    '<%= config.bin %> conversations issues list --cluster cluster_cli_questions',
    '<%= config.bin %> conversations issues list --conversation zendesk-4242 --json',
  ];
  static override flags = {
    ...listFlags,
    cluster: Flags.string({ char: 'c', description: 'Only issues of this cluster id' }),
    conversation: Flags.string({ description: 'Only issues extracted from this conversation id' }),
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
    if (this.human) output.table(items, issueColumns);
    return items;
  }
}
