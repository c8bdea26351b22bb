import type { GlossaryEntry } from '@docs-api/sdk';
import { BaseCommand } from '../../../base-command.js';
import { glossaryEntryArg, pickGlossaryEntry, printGlossaryEntry } from '../../../lib/areas/translations.js';

export default class GlossaryView extends BaseCommand<typeof GlossaryView> {
  static override summary = 'Show one glossary entry: its term in each language';
  static override description =
    "Prints the entry's id, its term in each language and its dates. At a terminal and piped it prints labelled fields, one per line; with --json, the full object.\n\nIn a pipeline it never prompts: pass the entry id and --org (or DOCS_ORG), or it exits 2. An unknown id is exit 3.";
  static override examples = ['<%= config.bin %> translations glossary view gl_workspace --org org_acme'];
  static override args = { entry: glossaryEntryArg };

  async run(): Promise<GlossaryEntry> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const entryId = await this.argOrPick(this.args.entry, 'the glossary entry id', () =>
      pickGlossaryEntry(this.prompts, client, organizationId),
    );
    const entry = await client.glossary.get(organizationId, entryId);
    if (this.human) printGlossaryEntry(this.output, entry);
    return entry;
  }
}
