import type { Translation } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { translationColumns } from '../../lib/areas/translations.js';

export default class TranslationsList extends BaseCommand<typeof TranslationsList> {
  static override summary = 'List the translations of an organization';
  static override description =
    'Lists the translations of the organization: which space, from and into which language, and how far they are.\n\nPrints one row per translation: ID, SOURCE SPACE, FROM, TO, STATUS, RUNS, UPDATED. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> translations list --org org_acme',
    '<%= config.bin %> translations list --all --json',
  ];
  static override flags = { ...listFlags };

  async run(): Promise<Translation[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const translations = await this.collect((limit) => client.translations.list(organizationId, { limit }));
    if (this.human) this.output.table(translations, translationColumns);
    return translations;
  }
}
