import { Flags, type Command, type Interfaces } from '../../oclif.js';
import { isSecretName } from '../../sdk-redact.js';

/** The flags every command takes (oclif's `baseFlags` of the base command). */
export const globalFlags = {
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
 * A command's flags and the global ones. The global --timeout is left out of the type: a command
 * with --wait declares its own (the wait's bound), and the base reads the global one itself.
 */
export type FlagsOf<T extends typeof Command> = Interfaces.InferredFlags<
  Omit<typeof globalFlags, 'timeout'> & T['flags']
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
export const isSecretFlag = (name: string): boolean => name !== 'token' && isSecretName(name);

/** The global --timeout of parsed `flags` (a command's own flag named so takes its place). */
export function globalTimeout(
  declared: Record<string, unknown> | undefined,
  flags: { timeout?: unknown } | undefined,
): string | undefined {
  if (declared && Object.hasOwn(declared, 'timeout')) return undefined;
  return typeof flags?.timeout === 'string' ? flags.timeout : undefined;
}
