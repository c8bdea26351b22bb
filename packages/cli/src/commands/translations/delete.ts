import { BaseCommand, yesFlag } from '../../base-command.js';
import { pickTranslation, translationArg } from '../../lib/areas/translations.js';

export default class TranslationsDelete extends BaseCommand<typeof TranslationsDelete> {
  static override summary = 'Delete a translation (its translated space stays)';
  static override description =
    'Deletes the translation; its translated space stays. Deleting a translation that does not exist succeeds too, as the service answers ("did not exist").\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the translation id, --org (or DOCS_ORG) and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> translations delete tr_handbook_fr --org org_acme --yes'];
  static override args = { translation: translationArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ deleted: string }> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const translationId = await this.argOrPick(this.args.translation, 'the translation id', () =>
      pickTranslation(this.prompts, client, organizationId),
    );
    await this.confirm(`Delete translation ${translationId}?`);
    await client.translations.delete(organizationId, translationId);
    if (this.human) this.output.success(`Deleted translation ${translationId}`);
    return { deleted: translationId };
  }
}
