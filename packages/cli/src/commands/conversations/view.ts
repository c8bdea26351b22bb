import type { ConversationDetail } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { conversationArg, pickConversation, printConversation } from '../../lib/areas/conversations.js';

export default class ConversationsView extends BaseCommand<typeof ConversationsView> {
  static override summary = 'Show one conversation with its messages and metadata';
  static override description =
    "Prints the conversation's id, subject, source, dates, URL and attributes, then its messages, one per line after the speaker's role. --json prints the conversation object.\n\nIn a pipeline it never prompts: pass the conversation id and --org (or DOCS_ORG), or it exits 2. An unknown id is exit 3.\n\nNot in the service's published API document (@gitbook/api 0.202.0): the service may not offer it.";
  static override examples = [
    '<%= config.bin %> conversations view conv_cli_token --org org_acme',
    '<%= config.bin %> conversations view conv_invoice_vat --json',
  ];
  static override args = { conversation: conversationArg };

  async run(): Promise<ConversationDetail> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const conversationId = await this.argOrPick(this.args.conversation, 'the conversation id', () =>
      pickConversation(this.prompts, client, organizationId),
    );
    const detail = await client.conversations.get(organizationId, conversationId);
    if (this.human) printConversation(this.output, detail);
    return detail;
  }
}
