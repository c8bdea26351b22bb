import type { OrganizationAgentInstructions } from '@docs-api/sdk';
import { BaseCommand } from '../../../base-command.js';
import { documentText } from '../../../lib/areas/change-requests.js';
import { formatDate } from '../../../lib/terminal/output.js';

export default class AgentInstructionsView extends BaseCommand<typeof AgentInstructionsView> {
  static override summary = "Print an organization's agent instructions";
  static override description =
    'Prints the instructions as text, one paragraph per line, on stdout (ready for `set --file`); who changed them last, and when, on stderr. --json prints the document.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> orgs agent-instructions view --org org_acme',
    '<%= config.bin %> orgs agent-instructions view > instructions.txt',
  ];

  async run(): Promise<OrganizationAgentInstructions> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const instructions = await client.organizations.getAgentInstructions(organizationId);
    if (this.human) {
      const text = documentText(instructions.instructions);
      if (text) this.output.data(text);
      else this.output.info(`Organization ${organizationId} has no agent instructions.`);
      // The document gives the id of the member who changed them last.
      const who = instructions.updatedBy;
      if (instructions.updatedAt)
        this.output.info(`Updated ${formatDate(instructions.updatedAt)}${who ? ` by ${who}` : ''}`);
    }
    return instructions;
  }
}
