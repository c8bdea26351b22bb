import { Flags } from '../../../oclif.js';
import type { GlossaryEntry } from '@docs-api/sdk';
import { BaseCommand } from '../../../base-command.js';
import { UsageError } from '../../../lib/failures/exit-codes.js';
import { glossaryColumns, parseTerms, readEntriesFile, sameTerms } from '../../../lib/areas/translations.js';

export default class GlossaryAdd extends BaseCommand<typeof GlossaryAdd> {
  static override summary = 'Add terms to the glossary: one entry from --term flags, or many from a file';
  static override description =
    'Each --term gives the term in one language; together they make one entry. --file reads a JSON array of entries, each {"en": "...", "fr": "..."} or an object with such a map under "translations" (the form `glossary list --json` prints). All entries are added in one request: if one is refused, none is added.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> translations glossary add --term en=reviewer --term fr=relecteur --term de=Prüfer',
    '<%= config.bin %> translations glossary add --file entries.json',
    '<%= config.bin %> translations glossary list --org org_acme --json | <%= config.bin %> translations glossary add --org org_beta --file -',
  ];
  static override flags = {
    term: Flags.string({
      char: 't',
      description: 'A term as language=term, e.g. en=workspace (repeatable: one per language)',
      multiple: true,
      exclusive: ['file'],
    }),
    file: Flags.string({
      char: 'f',
      description: 'JSON file of entries (- reads standard input)',
      exclusive: ['term'],
    }),
  };

  async run(): Promise<GlossaryEntry[]> {
    const { term, file } = this.flags;
    if (!term?.length && file === undefined) {
      throw new UsageError('Nothing to add: pass --term language=term (repeatable) or --file entries.json.');
    }
    const entries = term?.length ? [parseTerms(term)] : await readEntriesFile(file ?? '-');
    const organizationId = await this.organizationId();
    const client = await this.client();
    await client.glossary.insert(organizationId, entries);

    // The answer is empty: find the new entries to show their ids.
    const added: GlossaryEntry[] = [];
    const wanted = [...entries];
    for await (const entry of client.glossary.list(organizationId, { limit: 100 })) {
      const index = wanted.findIndex((terms) => sameTerms(terms, entry.translations ?? {}));
      if (index < 0) continue;
      added.push(entry);
      wanted.splice(index, 1);
      if (wanted.length === 0) break;
    }
    if (this.human) {
      this.output.success(`Added ${entries.length} glossary ${entries.length === 1 ? 'entry' : 'entries'}`);
      this.output.table(added, glossaryColumns(added));
    }
    return added;
  }
}
