import { Flags } from '@oclif/core';
import type { Translation } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { CommandError } from '../../lib/exit-codes.js';
import { output } from '../../lib/output.js';
import {
  formatDuration,
  pickTranslation,
  printTranslation,
  runProgress,
  translationArg,
} from '../../lib/translations.js';

const DEFAULT_INTERVAL = 2;
const DEFAULT_TIMEOUT = 600;

export default class TranslationsRun extends BaseCommand<typeof TranslationsRun> {
  static override summary = 'Start a run of a translation, and with --wait follow it to the end';
  static override description =
    'Without --wait, starts the run and shows the translation as it is then. With --wait, reads it every --interval seconds until the run is over (progress on stderr at a terminal), prints the outcome and exits 1 if the run failed or --timeout passed first.';
  static override examples = [
    '<%= config.bin %> translations run tr_handbook_fr',
    '<%= config.bin %> translations run tr_handbook_fr --wait',
    '<%= config.bin %> translations run tr_handbook_fr --wait --timeout 1800 --json',
  ];
  static override args = { translation: translationArg };
  static override flags = {
    wait: Flags.boolean({ char: 'w', description: 'Wait for the run to finish' }),
    // No oclif defaults here: a default would count as given and trip `dependsOn`.
    interval: Flags.integer({
      description: `With --wait: seconds between two reads (default ${DEFAULT_INTERVAL})`,
      min: 1,
      dependsOn: ['wait'],
    }),
    timeout: Flags.integer({
      description: `With --wait: seconds to wait before giving up; the run goes on (default ${DEFAULT_TIMEOUT})`,
      min: 1,
      dependsOn: ['wait'],
    }),
  };

  async run(): Promise<Translation> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const translationId = await this.argOrPick(this.args.translation, 'the translation id', () =>
      pickTranslation(client, organizationId),
    );
    await client.translations.run(organizationId, translationId);
    if (!this.flags.wait) {
      const translation = await client.translations.get(organizationId, translationId);
      if (this.human) {
        output.success(`Started a run of translation ${translationId}`);
        printTranslation(translation);
        output.info(`Follow it with \`docs translations view ${translationId}\`, or pass --wait.`);
      }
      return translation;
    }

    const showProgress = runProgress.enabled();
    const started = Date.now();
    let translation: Translation;
    try {
      translation = await client.translations.waitForRun(organizationId, translationId, {
        interval: (this.flags.interval ?? DEFAULT_INTERVAL) * 1000,
        timeout: (this.flags.timeout ?? DEFAULT_TIMEOUT) * 1000,
        onPoll: (read) => {
          if (showProgress) {
            runProgress.show(
              `Translating ${translationId}: ${read.status} (${formatDuration(Date.now() - started)})`,
            );
          }
        },
      });
    } finally {
      if (showProgress) runProgress.clear();
    }

    const { isTranslationFailed } = await import('@docs-api/sdk');
    if (isTranslationFailed(translation)) {
      // Scripts get the final state too, on stdout, before the failure.
      if (!this.human) output.json(translation);
      else printTranslation(translation, 'stderr');
      throw new CommandError(`The run of translation ${translationId} ended ${translation.status}.`);
    }
    if (this.human) {
      const stats = translation.stats;
      output.success(
        `Run of ${translationId} ${translation.status}: ${stats?.latestPages ?? 0} pages, ${stats?.latestWords ?? 0} words`,
      );
      printTranslation(translation);
    }
    return translation;
  }
}
