import { BaseCommand } from '../../base-command.js';
import { configPath, readConfig } from '../../lib/config.js';
import { AuthRequiredError } from '../../lib/exit-codes.js';
import { output } from '../../lib/output.js';
import { displayUrl } from '../../lib/redact.js';

interface AuthStatusResult {
  loggedIn: boolean;
  apiUrl: string;
  tokenSource: 'DOCS_API_TOKEN' | 'config';
  organizations: string[];
}

export default class AuthStatus extends BaseCommand<typeof AuthStatus> {
  static override summary = 'Show whether a token is set and whether the API accepts it';
  static override description =
    'Says where the token comes from (DOCS_API_TOKEN or the config file) and which organizations it reaches, after one authenticated read; --json prints {loggedIn, apiUrl, tokenSource, organizations}. The token itself is never shown.\n\nExits 4 when no token is set or the API refuses it, so a pipeline can check its credentials first. Never prompts.';
  static override examples = ['<%= config.bin %> auth status', '<%= config.bin %> auth status --json'];

  async run(): Promise<AuthStatusResult> {
    const stored = await readConfig(this.config.configDir);
    const tokenSource = process.env.DOCS_API_TOKEN ? 'DOCS_API_TOKEN' : stored.token ? 'config' : undefined;
    if (!tokenSource) throw new AuthRequiredError('Not logged in.');
    const client = await this.client();
    const organizations = await client.organizations.list({ limit: 100 }).toArray({ max: 100 });
    const status: AuthStatusResult = {
      loggedIn: true,
      apiUrl: displayUrl(client.baseUrl),
      tokenSource,
      organizations: organizations.map((org) => org.id),
    };
    if (this.human) {
      output.success(`Logged in to ${status.apiUrl}`);
      output.fields([
        ['Token from', tokenSource === 'config' ? configPath(this.config.configDir) : 'DOCS_API_TOKEN'],
        ['Organizations', status.organizations.join(', ')],
      ]);
    }
    return status;
  }
}
