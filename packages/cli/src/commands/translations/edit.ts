import { Flags } from '../../oclif.js';
import type { Translation } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import {
  instructionsDocument,
  pickTranslation,
  printTranslation,
  translationArg,
} from '../../lib/areas/translations.js';

export default class TranslationsEdit extends BaseCommand<typeof TranslationsEdit> {
  static override summary = "Replace a translation's instructions";
  static override description =
    'Replaces the instructions the translation follows (tone, terms to keep, ...), plain text with one paragraph per line; - reads standard input. Prints the translation; --json prints the object.\n\nIn a pipeline it never prompts: pass the translation id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> translations edit tr_handbook_fr --instructions "Use the formal register (vous)."',
    'cat style-guide.txt | <%= config.bin %> translations edit tr_handbook_fr --instructions -',
  ];
  static override args = { translation: translationArg };
  static override flags = {
    instructions: Flags.string({
      char: 'i',
      description: 'New instructions as plain text, one paragraph per line (- reads standard input)',
      required: true,
    }),
  };

  async run(): Promise<Translation> {
    const instructions = await instructionsDocument(this.flags.instructions);
    const organizationId = await this.organizationId();
    const client = await this.client();
    const translationId = await this.argOrPick(this.args.translation, 'the translation id', () =>
      pickTranslation(this.prompts, client, organizationId),
    );
    const translation = await client.translations.update(organizationId, translationId, { instructions });
    if (this.human) {
      this.output.success(`Updated the instructions of translation ${translation.id}`);
      printTranslation(this.output, translation);
    }
    return translation;
  }
}
