import type { Translation } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { output } from '../../lib/output.js';
import { translationColumns } from '../../lib/translations.js';

export default class TranslationsList extends BaseCommand<typeof TranslationsList> {
  static override summary = 'List the translations of an organization';
  static override examples = [
    '<%= config.bin %> translations list --org org_acme',
    '<%= config.bin %> translations list --all --json',
  ];
  static override flags = { ...listFlags };

  async run(): Promise<Translation[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const translations = await this.collect((limit) => client.translations.list(organizationId, { limit }));
    if (this.human) output.table(translations, translationColumns);
    return translations;
  }
}
