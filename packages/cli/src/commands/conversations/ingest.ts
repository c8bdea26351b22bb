import { Flags } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { readConversationsFile } from '../../lib/areas/conversations.js';

export default class ConversationsIngest extends BaseCommand<typeof ConversationsIngest> {
  static override summary = 'Ingest conversations from a JSON file: their issues are found and clustered';
  static override description =
    'The file holds one conversation or an array of them, each:\n  {"id": "ticket-4242", "subject": "...", "metadata": {"url": "https://...", "attributes": {"plan": "pro"}, "createdAt": "2026-01-19T09:30:00Z"},\n   "parts": [{"type": "message", "role": "user", "body": "..."}]}\nEvery conversation is checked before any is sent: a file that is not JSON, or a conversation that breaks the contract, is exit 2 and nothing is sent. Ingesting an id again replaces that conversation.\n\nSays on stderr which conversations were ingested and how to see the issues found in them; --json prints {"ingested": [ids]}. --file - reads standard input, so an export can be piped in.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.\n\nNot in the service\'s published API document (@gitbook/api 0.202.0): the service may not offer it.';
  static override examples = [
    '<%= config.bin %> conversations ingest --file conversation.json',
    'export-tickets | <%= config.bin %> conversations ingest --file - --json',
  ];
  static override flags = {
    file: Flags.string({
      char: 'f',
      description: 'JSON file of one conversation or an array of them (- reads standard input)',
      required: true,
    }),
  };

  async run(): Promise<{ ingested: string[] }> {
    const conversations = await readConversationsFile(this.flags.file);
    const organizationId = await this.organizationId();
    const client = await this.client();
    const ingested: string[] = [];
    for (const conversation of conversations) {
      await client.conversations.ingest(organizationId, conversation);
      ingested.push(conversation.id);
    }
    if (this.human) {
      const noun = ingested.length === 1 ? 'conversation' : 'conversations';
      this.output.success(`Ingested ${ingested.length} ${noun}: ${ingested.join(', ')}`);
      this.output.info(
        `See the issues found with: docs conversations issues list --conversation ${ingested[0] ?? '<id>'}`,
      );
    }
    return { ingested };
  }
}
