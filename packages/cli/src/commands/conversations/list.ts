import { Flags } from '../../oclif.js';
import type { Conversation } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { conversationColumns } from '../../lib/areas/conversations.js';

export default class ConversationsList extends BaseCommand<typeof ConversationsList> {
  static override summary = 'List the ingested conversations of an organization';
  static override description =
    "Lists the conversations ingested into the organization; --source keeps those of one source (api, intercom, ...).\n\nPrints one row per conversation: ID, SUBJECT, SOURCE, CREATED, PROCESSED. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.\n\nNot in the service's published API document (@gitbook/api 0.202.0): the service may not offer it.";
  static override examples = [
    '<%= config.bin %> conversations list --org org_acme',
    '<%= config.bin %> conversations list --source intercom --json',
  ];
  static override flags = {
    ...listFlags,
    source: Flags.string({
      char: 's',
      description: 'Only conversations from this source, e.g. api or intercom',
    }),
  };

  async run(): Promise<Conversation[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { source } = this.flags;
    const conversations = await this.collect((limit) =>
      client.conversations.list(organizationId, { limit, ...(source === undefined ? {} : { source }) }),
    );
    if (this.human) this.output.table(conversations, conversationColumns);
    return conversations;
  }
}
