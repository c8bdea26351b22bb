import type { ConversationDetail } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { conversationArg, pickConversation, printConversation } from '../../lib/conversations.js';

export default class ConversationsView extends BaseCommand<typeof ConversationsView> {
  static override summary = 'Show one conversation with its messages and metadata';
  static override description =
    'Not in the published API document (@gitbook/api 0.202.0): an operation of the extract only, which the service may not offer.';
  static override examples = [
    '<%= config.bin %> conversations view conv_cli_token --org org_acme',
    '<%= config.bin %> conversations view zendesk-4242 --json',
  ];
  static override args = { conversation: conversationArg };

  async run(): Promise<ConversationDetail> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const conversationId = await this.argOrPick(this.args.conversation, 'the conversation id', () =>
      pickConversation(client, organizationId),
    );
    const detail = await client.conversations.get(organizationId, conversationId);
    if (this.human) printConversation(detail);
    return detail;
  }
}
