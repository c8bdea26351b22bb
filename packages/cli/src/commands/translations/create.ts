import { Flags } from '../../oclif.js';
import type { Translation, CreateTranslationBody } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import {
  instructionsDocument,
  languageCode,
  printTranslation,
  spaceLanguage,
} from '../../lib/areas/translations.js';

export default class TranslationsCreate extends BaseCommand<typeof TranslationsCreate> {
  static override summary = 'Create a translation of a space into a language';
  static override description =
    "The translation starts pending: run it with `docs translations run <id> --wait`. Languages are the service's codes (en, fr, de, es, pt-br, zh-tw, ...; any case). The language the space is written in is read from the space unless --source-language gives it. Prints the translation (its id first); --json prints the object.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> translations create --space space_handbook --language de --source-language en',
    '<%= config.bin %> translations create --space space_api --language pt-br --source-language en --instructions "Keep code identifiers in English." --json',
    'cat style-guide.txt | <%= config.bin %> translations create --space space_guides --language ja --source-language en --instructions -',
  ];
  static override flags = {
    space: Flags.string({ char: 's', description: 'Id of the space to translate', required: true }),
    language: Flags.string({
      char: 'l',
      description: 'Target language code, e.g. fr, de, pt-br',
      required: true,
    }),
    'source-language': Flags.string({
      description: 'Language code the space is written in (default: the space language)',
    }),
    instructions: Flags.string({
      char: 'i',
      description:
        'Instructions for the translator as plain text, one paragraph per line (- reads standard input)',
    }),
  };

  async run(): Promise<Translation> {
    const { space, instructions } = this.flags;
    // Every flag is checked before anything is sent.
    const language = languageCode('--language', this.flags.language);
    const given = this.flags['source-language'];
    const sourceLanguage = given === undefined ? undefined : languageCode('--source-language', given);
    const document = instructions === undefined ? undefined : await instructionsDocument(instructions);
    const organizationId = await this.organizationId();
    const client = await this.client();
    const body: CreateTranslationBody = {
      language,
      // The published API document requires the source language: read it from the space if not given.
      source: { space, language: sourceLanguage ?? (await spaceLanguage(client, space)) },
      ...(document === undefined ? {} : { instructions: document }),
    };
    const translation = await client.translations.create(organizationId, body);
    if (this.human) {
      this.output.success(`Created translation ${translation.id}`);
      printTranslation(this.output, translation);
    }
    return translation;
  }
}
