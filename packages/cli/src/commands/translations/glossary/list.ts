import type { GlossaryEntry } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../../base-command.js';
import { output } from '../../../lib/output.js';
import { glossaryColumns } from '../../../lib/translations.js';

export default class GlossaryList extends BaseCommand<typeof GlossaryList> {
  static override summary =
    "List the terms of the organization's translation glossary, one column per language";
  static override examples = [
    '<%= config.bin %> translations glossary list --org org_acme',
    '<%= config.bin %> translations glossary list --all --json > glossary.json',
  ];
  static override flags = { ...listFlags };

  async run(): Promise<GlossaryEntry[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const entries = await this.collect((limit) => client.glossary.list(organizationId, { limit }));
    if (this.human) output.table(entries, glossaryColumns(entries));
    return entries;
  }
}
