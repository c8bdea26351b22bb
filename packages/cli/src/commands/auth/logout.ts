import { BaseCommand } from '../../base-command.js';
import { removeConfig } from '../../lib/config/config.js';

export default class AuthLogout extends BaseCommand<typeof AuthLogout> {
  static override summary = 'Remove the stored API token';
  static override description =
    'Removes the token stored by `docs auth login`; the settings (`docs config`: org, api-url) stay. Says on stderr whether there was a stored token, and warns when DOCS_API_TOKEN is still set, since that variable keeps authenticating every command. With --json prints {"removed": true|false}.\n\nSends nothing and never prompts: safe in a pipeline.';
  static override examples = ['<%= config.bin %> auth logout'];

  async run(): Promise<{ removed: boolean }> {
    const removed = await removeConfig(this.config.configDir);
    if (this.human) {
      this.output.info(removed ? 'Removed the stored token.' : 'No stored token to remove.');
      if (process.env.DOCS_API_TOKEN) this.output.warn('DOCS_API_TOKEN is still set in this environment.');
    }
    return { removed };
  }
}
