import { BaseCommand } from '../../base-command.js';
import { readConfig, SETTING_NAMES, SETTINGS } from '../../lib/config/config.js';

export default class ConfigList extends BaseCommand<typeof ConfigList> {
  static override summary = 'Print the stored settings';
  static override description =
    'Prints each setting that is set, as `key=value`, one per line (the token is never shown; `docs auth status` says whether one is stored). --json prints an object with every setting, null when unset.';
  static override examples = ['<%= config.bin %> config list'];

  async run(): Promise<Record<string, string | null>> {
    const stored = await readConfig(this.config.configDir);
    const settings = Object.fromEntries(
      SETTING_NAMES.map((name) => [name, stored[SETTINGS[name].field] ?? null]),
    );
    if (this.human) {
      const set = Object.entries(settings).filter(([, value]) => value !== null);
      if (set.length === 0)
        this.output.info('No settings stored. Set one with `docs config set org <organization-id>`.');
      for (const [name, value] of set) this.output.data(`${name}=${value}`);
    }
    return settings;
  }
}
