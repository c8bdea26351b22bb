import { Args } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { configPath, readConfig, writeConfig, type SettingName } from '../../lib/config.js';
import { output } from '../../lib/output.js';
import { checkSetting, settingArg, settingField } from '../../lib/settings.js';

export default class ConfigSet extends BaseCommand<typeof ConfigSet> {
  static override summary = 'Store a setting: the default organization or the API URL';
  static override description =
    'Settings live in the config file of `docs auth login` (mode 0600). org is the organization used when --org and DOCS_ORG are absent; api-url is the API used when --api-url and DOCS_API_URL are absent. A flag or a variable always wins over a setting.\n\nA bad value is exit 2 and nothing is stored. Sends nothing and never prompts.';
  static override examples = [
    '<%= config.bin %> config set org org_acme',
    '<%= config.bin %> config set api-url http://127.0.0.1:4010/v1',
  ];
  static override args = {
    key: settingArg,
    value: Args.string({ description: 'The value to store', required: true }),
  };

  async run(): Promise<{ key: string; value: string }> {
    const key = this.args.key as SettingName;
    const value = checkSetting(key, this.args.value);
    const stored = await readConfig(this.config.configDir);
    await writeConfig(this.config.configDir, { ...stored, [settingField(key)]: value });
    if (this.human) output.success(`Set ${key} to ${value} in ${configPath(this.config.configDir)}`);
    return { key, value };
  }
}
