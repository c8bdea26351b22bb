import { Flags } from '@oclif/core';
import type { GlossaryEntry } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../../base-command.js';
import { output } from '../../../lib/output.js';
import { glossaryColumns, languageCode } from '../../../lib/translations.js';

export default class GlossaryList extends BaseCommand<typeof GlossaryList> {
  static override summary =
    "List the terms of the organization's translation glossary, one column per language";
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
    const orderBy = given === undefined ? undefined : await languageCode('--order-by', given);
    const organizationId = await this.organizationId();
    const client = await this.client();
    const entries = await this.collect((limit) =>
      client.glossary.list(organizationId, { limit, ...(orderBy === undefined ? {} : { orderBy }) }),
    );
    if (this.human) output.table(entries, glossaryColumns(entries));
    return entries;
  }
}
