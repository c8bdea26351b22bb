import type { DocsClient, User } from '@docs-api/sdk';
import type { CommandContext } from '../../context.js';
import type { StoredConfig } from '../config/config.js';
import { AuthRequiredError } from '../failures/exit-codes.js';
import { Spinner } from '../terminal/activity.js';
import { cliClientOptions } from '../transport/client-options.js';
import { addSecret } from '../transport/redact.js';

/** What a session needs of its command: the context, oclif's config, the global flags read. */
export interface SessionHost {
  context: CommandContext;
  configDir: string;
  version: string;
  /** `--api-url` and the global `--timeout`, once the flags are parsed. */
  globals(): { apiUrl?: string | undefined; timeout?: string | undefined };
}

/**
 * A command's link to the API: the stored settings, the SDK client built on first use (with the
 * spinner watching its requests) and the user the token belongs to, each read once per command.
 */
export class ClientSession {
  /** The values of this run that came from the stored settings, for the errors they cause. */
  readonly fromSettings: { org?: string; apiUrl?: string } = {};
  /** The spinner of slow requests (stderr, a terminal only). */
  readonly spinner: Spinner;
  #stored: Promise<StoredConfig> | undefined;
  #client: DocsClient | undefined;
  #me: Promise<User> | undefined;

  constructor(private readonly host: SessionHost) {
    this.spinner = new Spinner(host.context.output);
  }

  /** The stored login and settings (read once per command). */
  storedConfig(): Promise<StoredConfig> {
    this.#stored ??= this.host.context.readConfig(this.host.configDir);
    return this.#stored;
  }

  /** The SDK client, built on first use from the environment or the stored login. */
  async client(): Promise<DocsClient> {
    if (this.#client) return this.#client;
    const stored = await this.storedConfig();
    const token = process.env.DOCS_API_TOKEN || stored.token;
    if (!token) throw new AuthRequiredError('Not logged in.');
    const given = this.host.globals().apiUrl;
    if (!given && stored.apiUrl) this.fromSettings.apiUrl = stored.apiUrl;
    this.#client = await this.buildClient(token, given ?? stored.apiUrl);
    return this.#client;
  }

  /** The user the token belongs to (`client.users.getAuthenticated()`), read once per command. */
  me(): Promise<User> {
    this.#me ??= this.client().then((client) => client.users.getAuthenticated());
    return this.#me;
  }

  /**
   * Builds a client for `token` through the context's `clientFactory`, with everything the CLI
   * adds: its user agent, the retry notices and bound (DOCS_MAX_RETRY_DELAY), the
   * response-validation policy and the logger. The token is registered with the redaction
   * first, so no line can carry it.
   */
  async buildClient(token: string, baseUrl: string | undefined): Promise<DocsClient> {
    addSecret(token);
    const { context, version } = this.host;
    const options = cliClientOptions(process.env, this.host.globals().timeout, context.output);
    const spinner = this.spinner;
    spinner.timeoutMs = options.totalTimeout;
    // The host the spinner names: the client's URL once it exists.
    const built: { client?: DocsClient } = {};
    built.client = await context.clientFactory(
      {
        token,
        ...(baseUrl ? { baseUrl } : {}),
        userAgent: `docs-cli/${version}`,
        ...options,
        // Each retry is reported once: by the spinner at a terminal, else by a line on stderr.
        onRetry: (event) => {
          if (spinner.active) spinner.onRetry(event, built.client?.baseUrl ?? baseUrl);
          else options.onRetry?.(event);
        },
      },
      (fetch) => spinner.wrap(fetch),
    );
    return built.client;
  }
}
