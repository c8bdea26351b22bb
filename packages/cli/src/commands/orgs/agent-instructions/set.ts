import { Flags } from '../../../oclif.js';
import type { JSONDocumentParam, OrganizationAgentInstructions } from '@docs-api/sdk';
import { BaseCommand } from '../../../base-command.js';
import { UsageError } from '../../../lib/failures/exit-codes.js';
import { readText } from '../../../lib/input/files.js';

/** A JSON rich-text document as given, or plain text made into one paragraph per line. */
async function readInstructions(file: string): Promise<JSONDocumentParam> {
  const text = (await readText('--file', file)).replace(/\s+$/, '');
  if (!text.trim()) throw new UsageError(`--file: ${file} is empty.`);
  if (text.trimStart().startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { object?: unknown };
      if (parsed.object === 'document') return parsed as JSONDocumentParam;
    } catch {
      // Not JSON: plain text that starts with a brace.
    }
  }
  // The contract helpers pull in zod: load them only when instructions are sent.
  const { documentFromText } = await import('../../../sdk-contract.js');
  return documentFromText(text);
}

export default class AgentInstructionsSet extends BaseCommand<typeof AgentInstructionsSet> {
  static override summary = "Replace an organization's agent instructions";
  static override description =
    'Reads plain text (one paragraph per line) or a JSON rich-text document (`"object": "document"`, as `view --json` prints under `instructions`) from a file, or from standard input with `--file -`. Organization admins only. Says on stderr that they were replaced; --json prints the service\'s answer.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> orgs agent-instructions set --org org_acme --file instructions.txt',
    'echo "Answer in English." | <%= config.bin %> orgs agent-instructions set --file -',
  ];
  static override flags = {
    file: Flags.string({
      char: 'f',
      description: 'Text or JSON document file, or - for standard input',
      required: true,
    }),
  };

  async run(): Promise<OrganizationAgentInstructions> {
    const instructions = await readInstructions(this.flags.file);
    const organizationId = await this.organizationId();
    const client = await this.client();
    const result = await client.organizations.updateAgentInstructions(organizationId, instructions);
    if (this.human) this.output.success(`Replaced the agent instructions of ${organizationId}`);
    return result;
  }
}
