import { Args, Flags } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { configPath, readConfig, writeConfig, type SettingName } from '../../lib/config/config.js';
import { AuthRequiredError, CommandError, ExitCode } from '../../lib/failures/exit-codes.js';
import { checkSetting, settingArg, settingField } from '../../lib/config/settings.js';

export default class ConfigSet extends BaseCommand<typeof ConfigSet> {
  static override summary = 'Store a setting: default organization, API URL, editor, pager, browser';
  static override description =
    'Settings live in the config file of `docs auth login` (mode 0600). org is the organization used when --org and DOCS_ORG are absent; api-url is the API used when --api-url and DOCS_API_URL are absent; editor, pager and browser are the commands the CLI runs to write text (`cr review`, `cr comments add`), to page long output (`cr diff`) and to open `--web` (before $VISUAL/$EDITOR, $PAGER and $BROWSER; DOCS_EDITOR, DOCS_PAGER and DOCS_BROWSER win over them). A flag or a variable always wins over a setting.\n\n' +
    'An org is checked first: it must be an organization your token reaches (one read; exit 3 if not found, nothing stored), unless --force stores it unchecked. A bad value is exit 2 and nothing is stored. Never prompts.';
  static override examples = [
    '<%= config.bin %> config set org org_acme',
    '<%= config.bin %> config set api-url http://127.0.0.1:4010/v1',
    '<%= config.bin %> config set editor "code --wait"',
    '<%= config.bin %> config set pager "less -R"',
    '<%= config.bin %> config set org org_acme --force',
  ];
  static override args = {
    key: settingArg,
    value: Args.string({ description: 'The value to store', required: true }),
  };
  static override flags = {
    force: Flags.boolean({
      description: 'Store an org without checking that your token reaches it',
      default: false,
    }),
  };

  async run(): Promise<{ key: string; value: string }> {
    const key = this.args.key as SettingName;
    const value = checkSetting(key, this.args.value);
    if (key === 'org' && !this.flags.force) await this.checkOrganization(value);
    const stored = await readConfig(this.config.configDir);
    await writeConfig(this.config.configDir, { ...stored, [settingField(key)]: value });
    if (this.human) this.output.success(`Set ${key} to ${value} in ${configPath(this.config.configDir)}`);
    return { key, value };
  }

  /** The organization must be one the token reaches: a mistyped id would fail every later command. */
  private async checkOrganization(organizationId: string): Promise<void> {
    let client;
    try {
      client = await this.client();
    } catch (error) {
      if (error instanceof AuthRequiredError)
        throw new CommandError(
          `Cannot check organization ${organizationId}: not logged in. Run \`docs auth login\` (or set DOCS_API_TOKEN), or pass --force to store it unchecked. Nothing was stored.`,
          ExitCode.AuthRequired,
        );
      throw error;
    }
    try {
      await client.organizations.get(organizationId);
    } catch (error) {
      const { NotFoundError } = await import('../../sdk-errors.js');
      if (error instanceof NotFoundError)
        throw new CommandError(
          `Organization ${organizationId} was not found with your token: check the id (\`docs orgs list\`), or pass --force to store it anyway. Nothing was stored.`,
          ExitCode.NotFound,
        );
      throw error;
    }
  }
}
