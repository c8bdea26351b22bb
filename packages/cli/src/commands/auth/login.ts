import { Flags } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { configPath, writeConfig } from '../../lib/config/config.js';
import { CancelledError, UsageError } from '../../lib/failures/exit-codes.js';
import { displayUrl } from '../../lib/transport/redact.js';
import { readStdin } from '../../lib/input/stdin.js';
import { userLabel, userSummary, type UserSummary } from '../../lib/areas/users.js';

/** The token piped in: without the one line break `echo` adds, and nothing else removed. */
export function pipedToken(input: string): string {
  return input.replace(/\r?\n$/, '');
}

export default class AuthLogin extends BaseCommand<typeof AuthLogin> {
  static override summary = 'Store an API token for later commands';
  static override description =
    "Verifies the token against the API and names the user it belongs to and the default organization, then stores it (and --api-url, if given) in the config file, readable by you only. DOCS_API_TOKEN, when set, always wins over the stored token. The API is --api-url (or DOCS_API_URL), else the one stored by an earlier login or `docs config set api-url`, else the public API.\n\nThe token is a personal access token, created in the service's developer settings (for the sandbox: sandbox-token). At a terminal the command names the host it logs into and where to create a token, asks before replacing a stored login, asks for the token (masked) and offers to store a default organization (`docs config set org` changes it); elsewhere pipe it on standard input with --with-token, or it exits 2. A token that cannot be one (a line break, a space, ...) is exit 2 and a token the API refuses is exit 4: nothing is stored then. The token is never printed.";
  static override examples = [
    '<%= config.bin %> auth login',
    'echo "$TOKEN" | <%= config.bin %> auth login --with-token',
    'echo sandbox-token | <%= config.bin %> auth login --with-token --api-url http://127.0.0.1:4010/v1',
  ];
  static override flags = {
    'with-token': Flags.boolean({ description: 'Read the token from standard input' }),
  };

  async run(): Promise<{
    loggedIn: true;
    apiUrl: string;
    user: UserSummary;
    organizations: number;
    org?: string;
  }> {
    const stored = await this.storedConfig();
    // The API of this login: --api-url or DOCS_API_URL, then the stored one, then the public API.
    const apiUrl = this.flags['api-url'] ?? stored.apiUrl;
    const { checkToken, DEFAULT_BASE_URL } = await import('../../sdk.js');
    const target = displayUrl(apiUrl ?? DEFAULT_BASE_URL);
    const prompting = !this.flags['with-token'] && this.terminal.canPrompt();

    let token: string;
    if (this.flags['with-token']) token = pipedToken(await readStdin());
    else if (prompting) {
      this.output.info(`Logging in to ${hostOf(target)} (${target}).`);
      this.output.info(tokenHint(apiUrl ?? DEFAULT_BASE_URL));
      if (stored.token) {
        const where = stored.apiUrl ? hostOf(displayUrl(stored.apiUrl)) : hostOf(DEFAULT_BASE_URL);
        if (!(await this.prompts.confirm(`A login to ${where} is stored already. Replace it?`, false)))
          throw new CancelledError();
      }
      token = (await this.prompts.password('Paste your API token:')).trim();
    } else throw new UsageError('No token: pipe it on stdin with --with-token, or set DOCS_API_TOKEN.');
    if (!token) throw new UsageError('The token is empty.');
    // Its form first (one line of visible ASCII): a bad one is exit 2 naming the problem, never
    // the token, before a client is built, a request is sent or anything is stored.
    checkToken(token);

    const client = await this.buildClient(token, apiUrl);
    // Any authenticated read proves the token (a 401 becomes exit code 4); these two also say
    // whose it is and which organizations it reaches.
    const [user, organizations] = await Promise.all([
      client.users.getAuthenticated().then(userSummary),
      client.organizations.list({ limit: 100 }),
    ]);
    let org = stored.org;
    // Offered once, at a terminal, when no default is stored: `docs config set org` changes it.
    if (prompting && !org && organizations.items.length > 0)
      org = await this.offerDefaultOrganization(organizations.items);
    await writeConfig(this.config.configDir, {
      ...stored,
      token,
      ...(apiUrl ? { apiUrl } : {}),
      ...(org ? { org } : {}),
    });
    const baseUrl = displayUrl(client.baseUrl);
    if (this.human) {
      this.output.success(
        `Logged in to ${baseUrl} as ${userLabel(user)}; token stored in ${configPath(this.config.configDir)}`,
      );
      const title = organizations.items.find((item) => item.id === org)?.title;
      if (org)
        this.output.info(
          `Default organization: ${title ? `${org} (${title})` : org} (change it with \`docs config set org <id>\`).`,
        );
      else
        this.output.info(
          'No default organization: pass --org, or store one with `docs config set org <id>`.',
        );
      if (process.env.DOCS_API_TOKEN)
        this.output.warn('DOCS_API_TOKEN is set: it wins over the stored token while it stays set.');
    }
    return {
      loggedIn: true,
      apiUrl: baseUrl,
      user,
      organizations: organizations.count ?? organizations.items.length,
      ...(org ? { org } : {}),
    };
  }

  /** Asks which organization to use by default; `undefined` for none. */
  private async offerDefaultOrganization(
    organizations: ReadonlyArray<{ id: string; title?: string | null | undefined }>,
  ): Promise<string | undefined> {
    const none = '';
    const picked = await this.prompts.select(
      'Default organization (used when --org and DOCS_ORG are absent)',
      [
        ...organizations.map((o) => ({ name: `${o.title ?? o.id} (${o.id})`, value: o.id })),
        { name: 'No default: ask each time', value: none },
      ],
    );
    return picked || undefined;
  }
}

/** `api.gitbook.com` from a URL. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Where the person gets a token for the API at `url`. */
export function tokenHint(url: string): string {
  const host = hostOf(url);
  if (host === 'api.gitbook.com')
    return 'Create a personal access token at https://app.gitbook.com/account/developer (developer settings).';
  if (/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host))
    return 'A local sandbox (`docs sandbox`) takes the token sandbox-token, or the one its --token set.';
  return `Create a personal access token in the developer settings of the service behind ${host}.`;
}
