import { Flags } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { configPath, readConfig, writeConfig } from '../../lib/config.js';
import { UsageError } from '../../lib/exit-codes.js';
import { output } from '../../lib/output.js';
import { prompts } from '../../lib/prompts.js';
import { displayUrl } from '../../lib/redact.js';
import { readStdin } from '../../lib/stdin.js';
import { terminal } from '../../lib/terminal.js';

/** The token piped in: without the one line break `echo` adds, and nothing else removed. */
export function pipedToken(input: string): string {
  return input.replace(/\r?\n$/, '');
}

export default class AuthLogin extends BaseCommand<typeof AuthLogin> {
  static override summary = 'Store an API token for later commands';
  static override description =
    "Verifies the token against the API, then stores it (and --api-url, if given) in the config file, readable by you only. DOCS_API_TOKEN, when set, always wins over the stored token.\n\nThe token is a personal access token, created in the service's developer settings (for the sandbox: sandbox-token). At a terminal the command asks for it (masked); elsewhere pipe it on standard input with --with-token, or it exits 2. A token that cannot be one (a line break, a space, ...) is exit 2 and a token the API refuses is exit 4: nothing is stored then. The token is never printed.";
  static override examples = [
    '<%= config.bin %> auth login',
    'echo "$TOKEN" | <%= config.bin %> auth login --with-token',
    'echo sandbox-token | <%= config.bin %> auth login --with-token --api-url http://127.0.0.1:4010/v1',
  ];
  static override flags = {
    'with-token': Flags.boolean({ description: 'Read the token from standard input' }),
  };

  async run(): Promise<{ loggedIn: true; apiUrl: string; organizations: number }> {
    let token: string;
    if (this.flags['with-token']) token = pipedToken(await readStdin());
    else if (terminal.canPrompt()) token = (await prompts.password('Paste your API token:')).trim();
    else throw new UsageError('No token: pipe it on stdin with --with-token, or set DOCS_API_TOKEN.');
    if (!token) throw new UsageError('The token is empty.');
    // Its form first (one line of visible ASCII): a bad one is exit 2 naming the problem, never
    // the token, before a client is built, a request is sent or anything is stored.
    const { checkToken } = await import('../../sdk.js');
    checkToken(token);

    const apiUrl = this.flags['api-url'];
    const client = await this.buildClient(token, apiUrl);
    // Any authenticated read proves the token; a 401 becomes exit code 4.
    const organizations = await client.organizations.list({ limit: 1 });
    const stored = await readConfig(this.config.configDir);
    await writeConfig(this.config.configDir, { ...stored, token, ...(apiUrl ? { apiUrl } : {}) });
    const baseUrl = displayUrl(client.baseUrl);
    if (this.human)
      output.success(`Logged in to ${baseUrl}; token stored in ${configPath(this.config.configDir)}`);
    return {
      loggedIn: true,
      apiUrl: baseUrl,
      organizations: organizations.count ?? organizations.items.length,
    };
  }
}
