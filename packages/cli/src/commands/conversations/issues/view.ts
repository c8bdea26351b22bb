import type { ConversationIssueItem } from '@docs-api/sdk';
import { BaseCommand } from '../../../base-command.js';
import { issueArg, pickIssue, printIssue } from '../../../lib/areas/conversations.js';

export default class ConversationsIssuesView extends BaseCommand<typeof ConversationsIssuesView> {
  static override summary = 'Show one issue with the conversation it was found in';
  static override description =
    "Prints the issue's id, title, cluster, the conversation it was found in and its source, dates and summary. --json prints the issue object.\n\nIn a pipeline it never prompts: pass the issue id and --org (or DOCS_ORG), or it exits 2. An unknown id is exit 3.\n\nNot in the service's published API document (@gitbook/api 0.202.0): the service may not offer it.";
  static override examples = [
    '<%= config.bin %> conversations issues view issue_cli_windows --org org_acme',
    '<%= config.bin %> conversations issues view issue_cli_windows --json',
  ];
  static override args = { issue: issueArg };

  async run(): Promise<ConversationIssueItem> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const issueId = await this.argOrPick(this.args.issue, 'the issue id', () =>
      pickIssue(this.prompts, client, organizationId),
    );
    const item = await client.conversations.issues.get(organizationId, issueId);
    if (this.human) printIssue(this.output, item);
    return item;
  }
}
