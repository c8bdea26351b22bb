import type { Translation } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { CommandError } from '../../lib/failures/exit-codes.js';
import { plural } from '../../lib/terminal/output.js';
import { waitFlags, waitWithProgress } from '../../lib/terminal/progress.js';
import { pickTranslation, printTranslation, translationArg } from '../../lib/areas/translations.js';

export default class TranslationsRun extends BaseCommand<typeof TranslationsRun> {
  static override summary = 'Start a run of a translation, and with --wait follow it to the end';
  static override description =
    'Without --wait, starts the run and shows the translation as it is then. With --wait, reads it every --interval seconds until the run is over (progress on stderr at a terminal), prints the outcome and exits 1 if the run failed or --wait-timeout passed first. With --wait, a run already under way (HTTP 409) is followed instead of failing; Ctrl-C stops waiting (exit 2) and prints the command that follows the run, which goes on on the server.\n\nIn a pipeline it never prompts: pass the translation id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> translations run tr_handbook_fr',
    '<%= config.bin %> translations run tr_handbook_fr --wait',
    '<%= config.bin %> translations run tr_handbook_fr --wait --wait-timeout 1800 --json',
  ];
  static override args = { translation: translationArg };
  static override flags = waitFlags({ wait: 'Wait for the run to finish', goesOn: 'the run goes on' });

  async run(): Promise<Translation> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const translationId = await this.argOrPick(this.args.translation, 'the translation id', () =>
      pickTranslation(this.prompts, client, organizationId),
    );
    const follow = `docs translations run ${translationId} --wait --org ${organizationId}`;
    try {
      await client.translations.run(organizationId, translationId);
    } catch (error) {
      const { ConflictError } = await import('../../sdk-errors.js');
      // A run already under way (409): --wait follows it rather than failing.
      if (!(this.flags.wait && error instanceof ConflictError)) {
        // The API's line first (status, request id), then how to follow the run under way.
        if (error instanceof ConflictError)
          Object.assign(error, { hint: `Follow the run under way with \`${follow}\`.` });
        throw error;
      }
      if (this.human) this.output.info(`A run of ${translationId} is under way already: following it.`);
    }
    if (!this.flags.wait) {
      const translation = await client.translations.get(organizationId, translationId);
      if (this.human) {
        this.output.success(`Started a run of translation ${translationId}`);
        printTranslation(this.output, translation);
        this.output.info(`Follow it with \`docs translations view ${translationId}\`, or pass --wait.`);
      }
      return translation;
    }

    const translation = await waitWithProgress<Translation>(
      this.output,
      this.flags,
      (read) => `Translating ${translationId}: ${read.status ?? 'no status'}`,
      (waitOptions) => client.translations.waitForRun(organizationId, translationId, waitOptions),
      {
        starting: `Translating ${translationId}`,
        onInterrupt: `Stopped waiting: the run of ${translationId} continues on the server. Follow it with \`${follow}\`.`,
      },
    );

    const { isTranslationFailed } = await import('../../sdk.js');
    if (isTranslationFailed(translation)) {
      // Scripts get the final state too, on stdout, before the failure.
      if (!this.human) this.output.json(translation);
      else printTranslation(this.output, translation, 'stderr');
      throw new CommandError(
        `The run of translation ${translationId} ended ${translation.status ?? 'failed'}.`,
      );
    }
    if (this.human) {
      const stats = translation.stats;
      this.output.success(
        `Run of ${translationId} ${translation.status ?? 'ended'}: ${plural(stats?.latestPages ?? 0, 'page')}, ${plural(stats?.latestWords ?? 0, 'word')}`,
      );
      printTranslation(this.output, translation);
    }
    return translation;
  }
}
