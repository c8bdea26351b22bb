import { Flags } from '../../../oclif.js';
import type { GlossaryEntry } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../../base-command.js';
import { glossaryColumns, languageCode } from '../../../lib/areas/translations.js';

export default class GlossaryList extends BaseCommand<typeof GlossaryList> {
  static override summary =
    "List the terms of the organization's translation glossary, one column per language";
  static override description =
    'The glossary holds the terms that translations keep consistent: one entry per term, with its form in each language. --order-by sorts by the term in one language.\n\nPrints one row per entry: ID, then one column per language. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> translations glossary list --org org_acme',
    '<%= config.bin %> translations glossary list --order-by fr',
    '<%= config.bin %> translations glossary list --all --json > glossary.json',
  ];
  static override flags = {
    ...listFlags,
    'order-by': Flags.string({
      description:
        'Sort the entries by their term in this language, e.g. fr (from the published API document)',
    }),
  };

  async run(): Promise<GlossaryEntry[]> {
    const given = this.flags['order-by'];
    const orderBy = given === undefined ? undefined : languageCode('--order-by', given);
    const organizationId = await this.organizationId();
    const client = await this.client();
    const entries = await this.collect((limit) =>
      client.glossary.list(organizationId, { limit, ...(orderBy === undefined ? {} : { orderBy }) }),
    );
    if (this.human) this.output.table(entries, glossaryColumns(entries));
    return entries;
  }
}
