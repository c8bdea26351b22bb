import type { Translation } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { pickTranslation, printTranslation, translationArg } from '../../lib/areas/translations.js';

export default class TranslationsView extends BaseCommand<typeof TranslationsView> {
  static override summary =
    'Show one translation: its status, languages, translated space and run statistics';
  static override description =
    "Prints the translation's id, status, source space, languages, translated space and revision, number of runs, dates and URL. At a terminal and piped it prints labelled fields, one per line; with --json, the full object.\n\nIn a pipeline it never prompts: pass the translation id and --org (or DOCS_ORG), or it exits 2. An unknown id is exit 3.";
  static override examples = [
    '<%= config.bin %> translations view tr_handbook_fr --org org_acme',
    '<%= config.bin %> translations view tr_handbook_fr --json',
  ];
  static override args = { translation: translationArg };

  async run(): Promise<Translation> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const translationId = await this.argOrPick(this.args.translation, 'the translation id', () =>
      pickTranslation(this.prompts, client, organizationId),
    );
    const translation = await client.translations.get(organizationId, translationId);
    if (this.human) printTranslation(this.output, translation);
    return translation;
  }
}
