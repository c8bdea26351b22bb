import { Command, Errors } from './oclif.js';
import type { Config } from '@oclif/core';
import type { DocsClient, PagePromise, User } from '@docs-api/sdk';
import { defaultContext, type CommandContext } from './context.js';
import { describeError, describeOwnError } from './lib/failures/errors.js';
import { ExitCode, messageOf } from './lib/failures/exit-codes.js';
import type { StoredConfig } from './lib/config/config.js';
import type { Body } from './lib/input/body.js';
import type { Output } from './lib/terminal/output.js';
import type { Terminal } from './lib/terminal/terminal.js';
import type { Prompts } from './lib/terminal/prompts.js';
import { takeJsonFields } from './lib/terminal/json-fields.js';
import { ClientSession } from './lib/command/client-session.js';
import { checkConfirmable, confirmAction } from './lib/command/confirmation.js';
import { globalFlags, globalTimeout, type ArgsOf, type FlagsOf } from './lib/command/flags.js';
import type { FailureHints } from './lib/command/hints.js';
import { onInterrupt } from './lib/command/interrupt.js';
import { jqGiven, selectJson } from './lib/command/json-output.js';
import { Resolver } from './lib/command/organization.js';
import { readCommandInput } from './lib/command/parse-input.js';

export { listFlags, ME, yesFlag, type ArgsOf, type FlagsOf } from './lib/command/flags.js';

/**
 * Owns the global flags and maps every error to one stderr line and an exit code; the jobs are
 * lib/command's (reading the input, the client, the organization, confirmation, SIGINT, hints,
 * `--json`/`--jq`), composed here over the command's context. Commands return their data: with
 * `--json` the base command prints it.
 */
export abstract class BaseCommand<T extends typeof Command> extends Command {
  static override enableJsonFlag = true;

  static override baseFlags = globalFlags;

  /**
   * Runs the command with `context` (gh's Factory, built by the caller: a test gives its own);
   * oclif's `run` gives a new default one.
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

  /** This run's context: the one given to `runIn`, else a default one, built once. */
  protected get context(): CommandContext {
    this.#context ??= defaultContext();
    return this.#context;
  }

  /** Where the command writes: its context's output. */
  protected get output(): Output {
    return this.context.output;
  }

  /** What the command's process is attached to: its context's terminal. */
  protected get terminal(): Terminal {
    return this.context.terminal;
  }

  /** The questions the command asks a person: its context's prompts (a test gives its own). */
  protected get prompts(): Prompts {
    return this.context.prompts;
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

  /**
   * A command's own checks of its input, run after its arguments and required flags are known to
   * be there and before the confirmation: contradictory flags, a flag needed where no one can be
   * asked, a folder argument that is not a folder. Throws a UsageError; nothing has been sent.
   */
  static checkInput(
    _flags: Record<string, unknown>,
    _context: { canPrompt: boolean; args: Record<string, unknown> },
  ): void | Promise<void> {}

  protected flags!: FlagsOf<T>;
  protected args!: ArgsOf<T>;
  /** Every positional argument as oclif's parser read them (flags and their values left out). */
  protected positionals: string[] = [];
  /** A command that handles SIGINT itself (`docs sandbox`) sets it. */
  protected handlesInterrupt = false;
  #removeInterrupt: (() => void) | undefined;
  #session: ClientSession | undefined;
  #resolver: Resolver | undefined;
  #hints: FailureHints | undefined;

  /** The stored settings, the client and the user of this run (built on first use). */
  get #api(): ClientSession {
    this.#session ??= new ClientSession({
      context: this.context,
      configDir: this.config.configDir,
      version: this.config.version,
      globals: () => ({
        apiUrl: this.flags?.['api-url'],
        timeout: globalTimeout(this.ctor.flags, this.flags as { timeout?: unknown } | undefined),
      }),
    });
    return this.#session;
  }

  get #resolve(): Resolver {
    this.#resolver ??= new Resolver(this.context, this.#api, () => ({
      org: this.flags.org,
      argv: this.argv,
    }));
    return this.#resolver;
  }

  /** Where a failed post keeps its text (loaded on first use: not needed to start). */
  async #failureHints(): Promise<FailureHints> {
    if (!this.#hints) {
      const { FailureHints } = await import('./lib/command/hints.js');
      this.#hints ??= new FailureHints(this.config.configDir);
    }
    return this.#hints;
  }

  override async init(): Promise<void> {
    const ctor = this.ctor as typeof BaseCommand;
    let jsonFields: string[] | undefined;
    if (ctor.enableJsonFlag) {
      try {
        const taken = takeJsonFields(
          this.argv,
          { ...ctor.baseFlags, ...ctor.flags },
          Object.keys(ctor.args ?? {}).length,
        );
        this.argv = taken.argv;
        jsonFields = taken.fields;
      } catch (error) {
        // Mapped by catch(): init's errors are the command's.
        this.argv = this.argv.filter((arg) => !arg.startsWith('--json='));
        throw error;
      }
    }
    await super.init();
    if (!this.handlesInterrupt) this.#removeInterrupt = onInterrupt(this.context, this.#api.spinner);
    const canPrompt = this.terminal.canPrompt();
    const input = await readCommandInput(
      ctor,
      (options) => this.parse(options),
      this.commandLine(),
      canPrompt,
    );
    this.flags = input.flags as FlagsOf<T>;
    this.args = input.args as ArgsOf<T>;
    this.positionals = input.positionals;
    await selectJson(this.output, jsonFields, (input.flags as { jq?: string }).jq);
    await ctor.checkInput(input.flags, { canPrompt, args: input.args });
    const { editor, pager, browser } = await this.storedConfig();
    this.terminal.preferences = { editor, pager, browser };
    checkConfirmable(ctor, input.flags, canPrompt, this.commandLine());
  }

  /** `docs cr merge`: the command as a person types it; none when run without its id (tests). */
  protected commandLine(): string | undefined {
    const command = this.id && this.config.findCommand(this.id) ? this.id.replaceAll(':', ' ') : undefined;
    return command ? `${this.config.bin} ${command}` : undefined;
  }

  /** The stored login and settings (read once per command). */
  protected storedConfig(): Promise<StoredConfig> {
    return this.#api.storedConfig();
  }

  /** The SDK client, built on first use from the environment or the stored login. */
  protected client(): Promise<DocsClient> {
    return this.#api.client();
  }

  /** A client for `token` with everything the CLI adds (lib/command/client-session.ts). */
  protected buildClient(token: string, baseUrl: string | undefined): Promise<DocsClient> {
    return this.#api.buildClient(token, baseUrl);
  }

  /** `--json`, or `--jq` (which implies it), before any `--`. */
  override jsonEnabled(): boolean {
    if (super.jsonEnabled()) return true;
    return (this.ctor as typeof BaseCommand).enableJsonFlag && jqGiven(this.argv);
  }

  /** The command's result under `--json`: through its output, so `--json a,b` and `--jq` apply. */
  protected override logJson(json: unknown): void {
    try {
      this.output.result(json);
    } catch (error) {
      // An unknown field, a jq error on the data (oclif prints the result after catch(): it is
      // mapped here). Both are the CLI's own errors: oclif's printing is synchronous.
      const { message, exitCode } = describeOwnError(error) ?? {
        message: messageOf(error),
        exitCode: ExitCode.Failure,
      };
      this.output.error(message);
      this.exit(exitCode);
    }
  }

  /** The user the token belongs to (`client.users.getAuthenticated()`), read once per command. */
  protected me(): Promise<User> {
    return this.#api.me();
  }

  /** A user id as given, `@me` (gh's word) being the user the token belongs to. */
  protected userId(value: string): Promise<string> {
    return this.#resolve.userId(value);
  }

  /** `userId` of a value that may be absent. */
  protected async userIdIfGiven(value: string | undefined): Promise<string | undefined> {
    return value === undefined ? undefined : this.userId(value);
  }

  /** Every user id of a list, `@me` resolved (one read of the user, whatever the count). */
  protected userIds(values: readonly string[]): Promise<string[]> {
    return Promise.all(values.map((value) => this.userId(value)));
  }

  /** True when human output is wanted (no `--json`). */
  protected get human(): boolean {
    return !this.jsonEnabled();
  }

  /** `--org`, then `DOCS_ORG`, then the stored default (`docs config set org`); none without them. */
  protected defaultOrganization(): Promise<string | undefined> {
    return this.#resolve.defaultOrganization();
  }

  /** The default organization and where it came from (`--org`, `DOCS_ORG`, the stored one). */
  protected defaultOrganizationSource(): Promise<
    { id: string; source: '--org' | 'DOCS_ORG' | 'config' } | undefined
  > {
    return this.#resolve.defaultOrganizationSource();
  }

  /** The organization from `--org`/`DOCS_ORG`/the stored default, or picked at a terminal. */
  protected organizationId(): Promise<string> {
    return this.#resolve.organizationId();
  }

  /** A missing argument: picked at a terminal with `pick`, a usage error naming it elsewhere. */
  protected argOrPick(value: string | undefined, name: string, pick: () => Promise<string>): Promise<string> {
    return this.#resolve.argOrPick(value, name, pick);
  }

  /** Asks before a destructive action, unless `--yes` (lib/command/confirmation.ts). */
  protected confirm(question: string): Promise<void> {
    const ctor = this.ctor as typeof BaseCommand;
    const yes = Boolean((this.flags as { yes?: boolean }).yes);
    return confirmAction(this.context, { id: this.id, destructive: ctor.destructive, yes }, question);
  }

  /** Collects a list under `--limit`/`--all`. */
  protected async collect<Item>(list: (pageSize: number) => PagePromise<Item>): Promise<Item[]> {
    const { limit, all } = this.flags as unknown as { limit: number; all: boolean };
    return list(all ? 100 : Math.min(limit, 1000)).toArray({ max: all ? Infinity : limit });
  }

  /** A line said after the error if this run fails: the way out of that failure. */
  protected async failureHint(line: string): Promise<void> {
    (await this.#failureHints()).lines.push(line);
  }

  /** Posts a text a person may have typed: kept in a file the error names if the post fails. */
  protected async postBody<R>(body: Body, what: string, resend: string, post: () => Promise<R>): Promise<R> {
    return (await this.#failureHints()).postBody(body, what, resend, post);
  }

  protected override async finally(error: Error | undefined): Promise<unknown> {
    this.#removeInterrupt?.();
    this.#session?.spinner.stop();
    this.output.live(undefined);
    return super.finally(error);
  }

  protected override async catch(error: Error & { exitCode?: number }): Promise<unknown> {
    if (error instanceof Errors.ExitError) throw error;
    this.#session?.spinner.stop();
    this.output.live(undefined);
    const described = await describeError(error);
    const { exitCode, plain } = described;
    const fromSettings = this.#session?.fromSettings ?? {};
    const { settingHint } = await import('./lib/command/hints.js');
    const hints = [
      await settingHint(error, fromSettings, this.config.configDir),
      ...(this.#hints?.lines ?? []),
    ].filter(Boolean);
    const message = [described.message, ...hints].join('\n');
    // output.error redacts the token and every other secret.
    if (plain) this.output.info(message);
    else this.output.error(message);
    this.exit(exitCode);
  }
}
