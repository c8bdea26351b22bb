import { Command, Errors, Flags, type Interfaces } from './oclif.js';
import type { Config } from '@oclif/core';
import type { DocsClient, PagePromise, User } from '@docs-api/sdk';
import { Spinner } from './lib/terminal/activity.js';
import { cliClientOptions } from './lib/transport/client-options.js';
import { configPath, type StoredConfig } from './lib/config/config.js';
import { defaultContext, type CommandContext } from './context.js';
import { describeError, describeOwnError } from './lib/failures/errors.js';
import { AuthRequiredError, CancelledError, ExitCode, UsageError } from './lib/failures/exit-codes.js';
import { checkJq } from './lib/terminal/jq.js';
import { waiting } from './lib/terminal/progress.js';
import { addSecret } from './lib/transport/redact.js';
import { isSecretName } from './sdk-redact.js';
import { parseUsageError, pickedArgument } from './lib/failures/usage.js';
import type { Body } from './lib/input/body.js';
import { selectFields, takeJsonFields } from './lib/terminal/json-fields.js';

/**
 * A command's flags and the global ones. The global --timeout is left out of the type: a command
 * with --wait declares its own (the wait's bound), and the base reads the global one itself.
 */
export type FlagsOf<T extends typeof Command> = Interfaces.InferredFlags<
  Omit<(typeof BaseCommand)['baseFlags'], 'timeout'> & T['flags']
>;
export type ArgsOf<T extends typeof Command> = Interfaces.InferredArgs<T['args']>;

/** Stands for the user the token belongs to wherever a user id is expected, as in gh. */
export const ME = '@me';

/** Flags shared by every list command. */
export const listFlags = {
  limit: Flags.integer({ description: 'Show at most this many items', default: 30, min: 1 }),
  all: Flags.boolean({ description: 'Fetch every page (ignores --limit)', default: false }),
};

/**
 * The flag every destructive command takes, and by which it declares itself destructive: the
 * base command refuses to start such a command without `--yes` where no one can be asked.
 */
export const yesFlag = Flags.boolean({
  char: 'y',
  description: 'Do not ask for confirmation (required when not at a terminal)',
  default: false,
});

/**
 * Flags named as the SDK names secrets (`isSecretName`, one rule set for the SDK, the CLI and the
 * sandbox), such as `--share-key`, hold values never printed in a message (see
 * lib/transport/redact.ts). Except `--token`: the API token never comes from a flag, and
 * `docs sandbox --token` is the sandbox's own, printed on purpose.
 */
const isSecretFlag = (name: string): boolean => name !== 'token' && isSecretName(name);

/**
 * Owns the global flags, the lazily built SDK client and the mapping of every error to one
 * stderr line and an exit code. Commands return their data: with `--json` oclif prints it.
 */
export abstract class BaseCommand<T extends typeof Command> extends Command {
  static override enableJsonFlag = true;

  static override baseFlags = {
    'api-url': Flags.string({
      description: 'API base URL (default: the stored login, then the public API)',
      env: 'DOCS_API_URL',
      helpGroup: 'GLOBAL',
    }),
    org: Flags.string({
      description: 'Organization id',
      env: 'DOCS_ORG',
      helpGroup: 'GLOBAL',
    }),
    // Read with DOCS_TIMEOUT in lib/transport/client-options.ts, not through oclif's `env`, which would
    // check it as a flag's value. A --wait has its own bound, --wait-timeout.
    timeout: Flags.string({
      description:
        'Seconds a request may take in all, retries included, before it fails (env: DOCS_TIMEOUT; default 60)',
      helpGroup: 'GLOBAL',
    }),
    // gh's --jq: the JSON output filtered by a jq expression (lib/terminal/jq.ts), --json implied.
    jq: Flags.string({
      description:
        'Print what this jq expression selects from the JSON output (implies --json; strings print raw, one result a line)',
      helpGroup: 'GLOBAL',
    }),
  };

  /**
   * Runs the command with `context` (gh's Factory, built by the caller: a test gives its own);
   * oclif's `run` gives the default one.
   */
  static async runIn(
    this: new (argv: string[], config: Config) => BaseCommand<typeof Command>,
    context: CommandContext,
    argv: string[],
    config: Config,
  ): Promise<unknown> {
    const command = new this(argv, config);
    command.#context = context;
    // As oclif's `run` names a command class run without an id.
    if (!command.id) {
      const id = command.constructor.name.toLowerCase();
      command.id = id;
      (command.ctor as { id?: string }).id = id;
    }
    return command._run();
  }

  #context: CommandContext | undefined;

  /** This run's context: the one given to `runIn`, else the default one, built once. */
  protected get context(): CommandContext {
    this.#context ??= defaultContext();
    return this.#context;
  }

  /** A destructive command is one that declares the `--yes` flag (`yesFlag`). */
  static get destructive(): boolean {
    return Object.hasOwn(this.flags ?? {}, 'yes');
  }

  /**
   * Whether this run of a destructive command needs `--yes` where no one can be asked; a command
   * whose flags make it change nothing (e.g. `docs cr merge --dry-run`) says no.
   */
  static needsConfirmation(_flags: Record<string, unknown>): boolean {
    return true;
  }

  protected flags!: FlagsOf<T>;
  protected args!: ArgsOf<T>;
  /** Every positional argument as oclif's parser read them (flags and their values left out). */
  protected positionals: string[] = [];
  #client: DocsClient | undefined;

  /**
   * Ctrl-C ends the process with the cancel code (2) after "Cancelled.", or, during a `--wait`,
   * what the wait says (the work goes on server-side; how to follow it). A command that handles
   * SIGINT itself (`docs sandbox`) sets `handlesInterrupt`.
   */
  /** The spinner of slow requests (stderr, a terminal only). */
  readonly #spinner = new Spinner();
  protected handlesInterrupt = false;
  readonly #onInterrupt = (): void => {
    // In a pager (`docs cr diff`), Ctrl-C is the pager's: the command ends when it does.
    if (this.context.terminal.paging) return;
    this.#spinner.stop();
    this.context.output.live(undefined);
    this.context.output.info(waiting.onInterrupt ? `\n${waiting.onInterrupt}` : '\nCancelled.');
    process.exit(ExitCode.Cancelled);
  };

  /** The fields of `--json field,field` (gh's), none for the full objects. */
  #jsonFields: string[] | undefined;

  override async init(): Promise<void> {
    const ctor = this.ctor as typeof BaseCommand;
    // gh's `--json field,field`, read once here for every command: oclif's --json is a boolean.
    if (ctor.enableJsonFlag) {
      try {
        const taken = takeJsonFields(
          this.argv,
          { ...ctor.baseFlags, ...ctor.flags },
          Object.keys(ctor.args ?? {}).length,
        );
        this.argv = taken.argv;
        this.#jsonFields = taken.fields;
      } catch (error) {
        // Mapped by catch(): init's errors are the command's.
        this.argv = this.argv.filter((arg) => !arg.startsWith('--json='));
        throw error;
      }
    }
    await super.init();
    if (!this.handlesInterrupt) process.on('SIGINT', this.#onInterrupt);
    // Required flags are checked below, after the positional arguments, in plain words: oclif
    // would name them first, in its own words.
    const declared = ctor.flags ?? {};
    const relaxed = Object.fromEntries(
      Object.entries(declared).map(([name, flag]) => [
        name,
        flag.required ? { ...flag, required: false } : flag,
      ]),
    ) as typeof declared;
    // Required arguments too: oclif says "Missing 1 required arg" without naming it.
    const declaredArgs = ctor.args ?? {};
    const relaxedArgs = Object.fromEntries(
      Object.entries(declaredArgs).map(([name, arg]) => [
        name,
        arg.required ? { ...arg, required: false } : arg,
      ]),
    ) as typeof declaredArgs;
    let parsed: { args: Record<string, unknown>; flags: Record<string, unknown>; argv: unknown[] };
    try {
      parsed = await this.parse({
        flags: relaxed,
        baseFlags: ctor.baseFlags,
        enableJsonFlag: ctor.enableJsonFlag,
        args: relaxedArgs,
        strict: ctor.strict,
      });
    } catch (error) {
      throw parseUsageError(
        error,
        this.commandLine(),
        { ...ctor.baseFlags, ...declared },
        Object.keys(ctor.args ?? {}),
      );
    }
    const { args, flags } = parsed;
    this.flags = flags as FlagsOf<T>;
    this.args = args as ArgsOf<T>;
    this.positionals = parsed.argv.map(String);
    for (const [name, value] of Object.entries(flags))
      if (isSecretFlag(name) && typeof value === 'string') addSecret(value);
    // One clear line for the first thing missing, in order: positional arguments, flags, the
    // command's own checks, then the confirmation. Nothing is sent before any of them.
    for (const [name, arg] of Object.entries(declaredArgs)) {
      if (arg.required && args[name] === undefined) {
        const line = this.commandLine();
        const what = arg.description ? `: ${arg.description.replace(/\.$/, '')}` : '';
        throw new UsageError(
          `Missing ${name.toUpperCase()}${what}. Pass it as an argument${line ? ` (\`${line} <${name}>\`)` : ''}; nothing was sent.`,
        );
      }
    }
    const canPrompt = this.context.terminal.canPrompt();
    if (!canPrompt) {
      for (const [name, arg] of Object.entries(ctor.args ?? {})) {
        const what = pickedArgument(arg.description);
        if (what && args[name] === undefined)
          throw new UsageError(`Missing ${what}: pass it as an argument.`);
      }
    }
    for (const [name, flag] of Object.entries(declared)) {
      if (flag.required && flags[name] === undefined)
        throw new UsageError(
          `Missing --${name}: ${flag.description ?? name} (--${name} <value>). Nothing was sent.`,
        );
    }
    // An expression jq cannot compile is bad input (exit 2): after the
    // arguments and required flags, before the command's own checks; nothing is sent.
    const jq = (flags as { jq?: string }).jq;
    if (jq !== undefined) {
      await checkJq(jq);
      this.context.output.setJq(jq);
    }
    ctor.checkInput(flags, { canPrompt });
    const { editor, pager, browser } = await this.storedConfig();
    this.context.terminal.preferences = { editor, pager, browser };
    // Before run(): a missing confirmation is a usage error, and nothing may be sent before it.
    if (
      ctor.destructive &&
      ctor.needsConfirmation(flags) &&
      !(flags as { yes?: boolean }).yes &&
      !canPrompt
    ) {
      const line = this.commandLine();
      throw new UsageError(
        `Confirmation needed: ${line ? `\`${line}\`` : 'this command'} changes data. Pass --yes to confirm when not at a terminal. Nothing was sent.`,
      );
    }
  }

  /** `docs cr merge`: the command as a person types it; none when run without its id (tests). */
  protected commandLine(): string | undefined {
    const command = this.id && this.config.findCommand(this.id) ? this.id.replaceAll(':', ' ') : undefined;
    return command ? `${this.config.bin} ${command}` : undefined;
  }

  /**
   * A command's own checks of its input, run after its arguments and required flags are known to
   * be there and before the confirmation: contradictory flags, a flag needed where no one can be
   * asked. Throws a UsageError; nothing has been sent.
   */
  static checkInput(_flags: Record<string, unknown>, _context: { canPrompt: boolean }): void {}

  #stored: Promise<StoredConfig> | undefined;

  /** The stored login and settings (read once per command). */
  protected storedConfig(): Promise<StoredConfig> {
    this.#stored ??= this.context.readConfig(this.config.configDir);
    return this.#stored;
  }

  /** The SDK client, built on first use from the environment or the stored login. */
  protected async client(): Promise<DocsClient> {
    if (this.#client) return this.#client;
    const stored = await this.storedConfig();
    const token = process.env.DOCS_API_TOKEN || stored.token;
    if (!token) throw new AuthRequiredError('Not logged in.');
    const apiUrl = this.flags['api-url'] ?? stored.apiUrl;
    if (!this.flags['api-url'] && stored.apiUrl) this.#fromSettings.apiUrl = stored.apiUrl;
    this.#client = await this.buildClient(token, apiUrl);
    return this.#client;
  }

  /** The values of this run that came from the stored settings, for the errors they cause. */
  readonly #fromSettings: { org?: string; apiUrl?: string } = {};

  /**
   * A line saying that a stored setting caused `error`, and how to change it: an organization
   * the API does not find (or refuses), an API URL that cannot be reached.
   */
  private async settingHint(error: unknown): Promise<string | undefined> {
    const { org, apiUrl } = this.#fromSettings;
    // Only a run that read a stored setting may have failed for it (the SDK is loaded then).
    if (!(error instanceof Error) || (!org && !apiUrl)) return undefined;
    const { ConnectionError, NotFoundError, PermissionDeniedError, TimeoutError } =
      await import('./sdk-errors.js');
    const file = configPath(this.config.configDir);
    if (
      org &&
      (error instanceof NotFoundError || error instanceof PermissionDeniedError) &&
      error.url.includes(`/orgs/${encodeURIComponent(org)}`)
    )
      return `The organization ${org} comes from your settings (${file}): pass --org, or change it with \`docs config set org <organization-id>\`.`;
    if (apiUrl && (error instanceof ConnectionError || error instanceof TimeoutError))
      return `The API URL ${apiUrl} comes from your settings (${file}): pass --api-url, or change it with \`docs config set api-url <url>\` (\`docs config unset api-url\` for the public API).`;
    return undefined;
  }

  /**
   * Builds a client for `token` through the context's `clientFactory`, with everything the CLI adds: its user
   * agent, the retry notices and bound (DOCS_MAX_RETRY_DELAY), the response-validation policy and
   * the logger. The token is registered with the redaction first, so no line can carry it.
   */
  protected async buildClient(token: string, baseUrl: string | undefined): Promise<DocsClient> {
    addSecret(token);
    const options = cliClientOptions(process.env, this.requestTimeoutFlag());
    const spinner = this.#spinner;
    spinner.timeoutMs = options.totalTimeout;
    // The host the spinner names: the client's URL once it exists.
    const built: { client?: DocsClient } = {};
    built.client = await this.context.clientFactory(
      {
        token,
        ...(baseUrl ? { baseUrl } : {}),
        userAgent: `docs-cli/${this.config.version}`,
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

  /** The global --timeout (a command of its own flag named so would take its place). */
  private requestTimeoutFlag(): string | undefined {
    const ctor = this.ctor as typeof BaseCommand;
    if (ctor.flags && Object.hasOwn(ctor.flags, 'timeout')) return undefined;
    const value = (this.flags as { timeout?: unknown } | undefined)?.timeout;
    return typeof value === 'string' ? value : undefined;
  }

  /** oclif's run, then the `--jq` expression forgotten (tests run several commands in one process). */
  protected override async _run<R>(): Promise<R> {
    try {
      return await super._run<R>();
    } finally {
      this.context.output.setJq(undefined);
    }
  }

  /** `--json`, or `--jq` (which implies it), before any `--`. */
  override jsonEnabled(): boolean {
    if (super.jsonEnabled()) return true;
    if (!(this.ctor as typeof BaseCommand).enableJsonFlag) return false;
    const end = this.argv.indexOf('--');
    const options = end === -1 ? this.argv : this.argv.slice(0, end);
    return options.some((arg) => arg === '--jq' || arg.startsWith('--jq='));
  }

  /** The command's result under `--json`: through the output layer, so `--jq` applies to it. */
  protected override logJson(json: unknown): void {
    try {
      const fields = this.#jsonFields;
      const selected = fields ? selectFields(json, fields) : json;
      if (this.context.output.jq === undefined) return super.logJson(selected);
      this.context.output.json(selected);
    } catch (error) {
      // An unknown field, a jq error on the data (oclif prints the result after catch(): it is
      // mapped here). Both are the CLI's own errors: oclif's printing is synchronous.
      const { message, exitCode } = describeOwnError(error) ?? {
        message: error instanceof Error ? error.message : String(error),
        exitCode: ExitCode.Failure,
      };
      this.context.output.error(message);
      this.exit(exitCode);
    }
  }

  #me: Promise<User> | undefined;

  /** The user the token belongs to (`client.users.getAuthenticated()`), read once per command. */
  protected async me(): Promise<User> {
    this.#me ??= this.client().then((client) => client.users.getAuthenticated());
    return this.#me;
  }

  /** A user id as given, `@me` (gh's word) being the user the token belongs to. */
  protected async userId(value: string): Promise<string> {
    return value === ME ? (await this.me()).id : value;
  }

  /** `userId` of a value that may be absent. */
  protected async userIdIfGiven(value: string | undefined): Promise<string | undefined> {
    return value === undefined ? undefined : this.userId(value);
  }

  /** Every user id of a list, `@me` resolved (one read of the user, whatever the count). */
  protected async userIds(values: readonly string[]): Promise<string[]> {
    return Promise.all(values.map((value) => this.userId(value)));
  }

  /** True when human output is wanted (no `--json`). */
  protected get human(): boolean {
    return !this.jsonEnabled();
  }

  /** `--org`, then `DOCS_ORG`, then the stored default (`docs config set org`); none without them. */
  protected async defaultOrganization(): Promise<string | undefined> {
    if (this.flags.org) return this.flags.org;
    const stored = (await this.storedConfig()).org;
    if (stored) this.#fromSettings.org = stored;
    return stored || undefined;
  }

  /** The default organization and where it came from (`--org`, `DOCS_ORG`, the stored one). */
  protected async defaultOrganizationSource(): Promise<
    { id: string; source: '--org' | 'DOCS_ORG' | 'config' } | undefined
  > {
    const given = this.flags.org;
    if (given) {
      // oclif gives DOCS_ORG as the flag's value: the argv tells them apart.
      const typed = this.argv.some((arg) => arg === '--org' || arg.startsWith('--org='));
      return { id: given, source: typed || process.env.DOCS_ORG !== given ? '--org' : 'DOCS_ORG' };
    }
    const stored = (await this.storedConfig()).org;
    return stored ? { id: stored, source: 'config' } : undefined;
  }

  /** The organization from `--org`/`DOCS_ORG`/the stored default, or picked at a terminal. */
  protected async organizationId(): Promise<string> {
    const given = await this.defaultOrganization();
    if (given) return given;
    if (!this.context.terminal.canPrompt())
      throw new UsageError(
        'Missing --org: pass --org <organization-id>, set DOCS_ORG, or store a default with `docs config set org <organization-id>`.',
      );
    const client = await this.client();
    const organizations = await client.organizations.list({ limit: 100 }).toArray({ max: 100 });
    const [only] = organizations;
    if (organizations.length === 1 && only) return only.id;
    if (!only) throw new UsageError('You belong to no organization; pass --org <organization-id>.');
    return this.context.prompts.select(
      'Organization',
      organizations.map((org) => ({ name: `${org.title ?? org.id} (${org.id})`, value: org.id })),
    );
  }

  /** A missing argument: picked at a terminal with `pick`, a usage error naming it elsewhere. */
  protected async argOrPick(
    value: string | undefined,
    name: string,
    pick: () => Promise<string>,
  ): Promise<string> {
    if (value) return value;
    if (this.context.terminal.canPrompt()) return pick();
    throw new UsageError(`Missing ${name}: pass it as an argument.`);
  }

  /**
   * Destructive actions need `--yes`, or a "yes" at a terminal. Without either, `init()` has
   * already refused the command; this asks at a terminal, once the question can show the data.
   */
  protected async confirm(question: string): Promise<void> {
    if (!(this.ctor as typeof BaseCommand).destructive)
      throw new Error(
        `${this.id ?? 'This command'} asks for confirmation but does not declare the --yes flag`,
      );
    if ((this.flags as { yes?: boolean }).yes) return;
    if (!this.context.terminal.canPrompt())
      throw new UsageError(`${question} Pass --yes to confirm when not at a terminal.`);
    if (!(await this.context.prompts.confirm(question))) throw new CancelledError();
  }

  /** Collects a list under `--limit`/`--all`. */
  protected async collect<Item>(list: (pageSize: number) => PagePromise<Item>): Promise<Item[]> {
    const { limit, all } = this.flags as unknown as { limit: number; all: boolean };
    return list(all ? 100 : Math.min(limit, 1000)).toArray({ max: all ? Infinity : limit });
  }

  protected override async finally(error: Error | undefined): Promise<unknown> {
    process.off('SIGINT', this.#onInterrupt);
    this.#spinner.stop();
    this.context.output.live(undefined);
    return super.finally(error);
  }

  /** Lines said after the error of a failed run, e.g. where a typed text was kept. */
  readonly #failureHints: string[] = [];

  /**
   * Posts a text: when the post fails and a person wrote the text in the editor, it is kept in a
   * file (lib/input/body.ts) that the error names, with the command that sends it again.
   */
  protected async postBody<R>(body: Body, what: string, resend: string, post: () => Promise<R>): Promise<R> {
    try {
      return await post();
    } catch (error) {
      if (body.typed) {
        const { keepDraft } = await import('./lib/input/body.js');
        const file = await keepDraft(this.config.configDir, what, body.text);
        this.#failureHints.push(
          `Your ${what} is kept in ${file}\nSend it again with: ${resend} --body-file ${file}`,
        );
      }
      throw error;
    }
  }

  protected override async catch(error: Error & { exitCode?: number }): Promise<unknown> {
    if (error instanceof Errors.ExitError) throw error;
    this.#spinner.stop();
    this.context.output.live(undefined);
    const described = await describeError(error);
    const { exitCode, plain } = described;
    const hints = [await this.settingHint(error), ...this.#failureHints].filter(Boolean);
    const message = [described.message, ...hints].join('\n');
    // output.error redacts the token and every other secret.
    if (plain) this.context.output.info(message);
    else this.context.output.error(message);
    this.exit(exitCode);
  }
}
