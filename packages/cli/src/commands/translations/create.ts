import { Flags } from '@oclif/core';
import type { Translation, TranslationCreateBody } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { output } from '../../lib/output.js';
import { instructionsDocument, printTranslation } from '../../lib/translations.js';

export default class TranslationsCreate extends BaseCommand<typeof TranslationsCreate> {
  static override summary = 'Create a translation of a space into a language';
  static override description =
    'The translation starts pending: run it with `docs translations run <id> --wait`. The source language is inferred from the space unless --source-language gives it.';
  static override examples = [
    '<%= config.bin %> translations create --space space_handbook --language de',
    '<%= config.bin %> translations create --space space_api --language pt-BR --instructions "Keep code identifiers in English." --json',
    'cat style-guide.txt | <%= config.bin %> translations create --space space_guides --language ja --instructions -',
  ];
  static override flags = {
    space: Flags.string({ char: 's', description: 'Id of the space to translate' }),
    language: Flags.string({
      char: 'l',
      description: 'Target language code, e.g. fr, de, pt-BR',
      required: true,
    }),
    'source-language': Flags.string({
      description: 'Language code the space is written in (default: the space language)',
      dependsOn: ['space'],
    }),
    instructions: Flags.string({
      char: 'i',
      description:
        'Instructions for the translator as plain text, one paragraph per line (- reads standard input)',
    }),
  };

  async run(): Promise<Translation> {
    const { space, language, instructions } = this.flags;
    const sourceLanguage = this.flags['source-language'];
    const organizationId = await this.organizationId();
    const body: TranslationCreateBody = {
      language,
      ...(space === undefined
        ? {}
        : { source: { space, ...(sourceLanguage === undefined ? {} : { language: sourceLanguage }) } }),
      ...(instructions === undefined ? {} : { instructions: await instructionsDocument(instructions) }),
    };
    const client = await this.client();
    const translation = await client.translations.create(organizationId, body);
    if (this.human) {
      output.success(`Created translation ${translation.id}`);
      printTranslation(translation);
    }
    return translation;
  }
}
