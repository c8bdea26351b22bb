import { BaseCommand } from '../../base-command.js';
import { readConfig } from '../../lib/config/config.js';
import { settingArg, settingField } from '../../lib/config/settings.js';

export default class ConfigGet extends BaseCommand<typeof ConfigGet> {
  static override summary = 'Print one stored setting';
  static override description =
    'Prints the stored value of org or api-url on stdout, as stored (a flag or a variable given to another command would win over it). Prints nothing on stdout (and says so on stderr) when the setting is not set; exit 0. --json prints {key, value}.';
  static override examples = ['<%= config.bin %> config get org'];
  static override args = { key: settingArg };

  async run(): Promise<{ key: string; value: string | null }> {
    const stored = await readConfig(this.config.configDir);
    const value = stored[settingField(this.args.key)];
    if (!this.human) return { key: this.args.key, value: value ?? null };
    // Unset is an answer, not a failure (as `gh config get`): nothing on stdout.
    if (value === undefined) this.output.info(`${this.args.key} is not set.`);
    else this.output.data(value);
    return { key: this.args.key, value: value ?? null };
  }
}
