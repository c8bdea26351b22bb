import { BaseCommand } from '../../base-command.js';
import { configPath, readConfig } from '../../lib/config/config.js';
import { AuthRequiredError } from '../../lib/failures/exit-codes.js';
import { displayUrl } from '../../lib/transport/redact.js';
import {
  defaultOrganizationLabel,
  userLabel,
  userSummary,
  type DefaultOrganization,
  type UserSummary,
} from '../../lib/areas/users.js';

interface AuthStatusResult {
  loggedIn: boolean;
  apiUrl: string;
  tokenSource: 'DOCS_API_TOKEN' | 'config';
  /** The user the token belongs to. */
  user: UserSummary;
  /** The organization commands use when --org is not given; absent when none is set. */
  defaultOrganization?: DefaultOrganization;
  organizations: string[];
}

export default class AuthStatus extends BaseCommand<typeof AuthStatus> {
  static override summary = 'Show whether a token is set, whose it is and whether the API accepts it';
  static override description =
    'Says where the token comes from (DOCS_API_TOKEN or the config file), the user it belongs to, the default organization (from --org, DOCS_ORG or `docs config set org`, with a warning when the token does not reach it) and which organizations it reaches, after two authenticated reads; --json prints {loggedIn, apiUrl, tokenSource, user, defaultOrganization, organizations}. The token itself is never shown.\n\nExits 4 when no token is set or the API refuses it, so a pipeline can check its credentials first. Never prompts.';
  static override examples = [
    '<%= config.bin %> auth status',
    '<%= config.bin %> auth status --json',
    "<%= config.bin %> auth status --jq '.user.id'",
  ];

  async run(): Promise<AuthStatusResult> {
    const stored = await readConfig(this.config.configDir);
    const tokenSource = process.env.DOCS_API_TOKEN ? 'DOCS_API_TOKEN' : stored.token ? 'config' : undefined;
    if (!tokenSource) throw new AuthRequiredError('Not logged in.');
    const client = await this.client();
    const [user, organizations, given] = await Promise.all([
      this.me(),
      client.organizations.list({ limit: 100 }).toArray({ max: 100 }),
      this.defaultOrganizationSource(),
    ]);
    const found = given && organizations.find((org) => org.id === given.id);
    const status: AuthStatusResult = {
      loggedIn: true,
      apiUrl: displayUrl(client.baseUrl),
      tokenSource,
      user: userSummary(user),
      ...(given
        ? {
            defaultOrganization: {
              ...given,
              ...(found?.title ? { title: found.title } : {}),
              reachable: found !== undefined,
            },
          }
        : {}),
      organizations: organizations.map((org) => org.id),
    };
    if (this.human) {
      const file = configPath(this.config.configDir);
      this.output.success(`Logged in to ${status.apiUrl} as ${userLabel(status.user)}`);
      this.output.fields([
        ['Token from', tokenSource === 'config' ? file : 'DOCS_API_TOKEN'],
        [
          'Default organization',
          status.defaultOrganization
            ? defaultOrganizationLabel(status.defaultOrganization, file)
            : 'none (set one with `docs config set org <id>`)',
        ],
        ['Organizations', status.organizations.join(', ')],
      ]);
    }
    return status;
  }
}
