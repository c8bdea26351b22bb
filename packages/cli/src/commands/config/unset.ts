import { BaseCommand } from '../../base-command.js';
import { readConfig, writeConfig } from '../../lib/config/config.js';
import { settingArg, settingField } from '../../lib/config/settings.js';

export default class ConfigUnset extends BaseCommand<typeof ConfigUnset> {
  static override summary = 'Remove a stored setting';
  static override description =
    'Removes org or api-url from the config file; the stored token stays. Unsetting a setting that is not set succeeds. --json prints {key, removed}.';
  static override examples = ['<%= config.bin %> config unset org'];
  static override args = { key: settingArg };

  async run(): Promise<{ key: string; removed: boolean }> {
    const stored = await readConfig(this.config.configDir);
    const field = settingField(this.args.key);
    const removed = stored[field] !== undefined;
    if (removed) {
      const { [field]: _dropped, ...rest } = stored;
      await writeConfig(this.config.configDir, rest);
    }
    if (this.human) this.output.info(removed ? `Removed ${this.args.key}.` : `${this.args.key} was not set.`);
    return { key: this.args.key, removed };
  }
}
