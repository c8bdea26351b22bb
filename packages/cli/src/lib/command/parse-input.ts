import type { Interfaces } from '../../oclif.js';
import { UsageError } from '../failures/exit-codes.js';
import { parseUsageError, pickedArgument } from '../failures/usage.js';
import { addSecret } from '../transport/redact.js';
import { isSecretFlag } from './flags.js';

/** What reading a command's input needs of its class. */
export interface InputShape {
  flags?: Interfaces.FlagInput;
  baseFlags: Interfaces.FlagInput;
  args?: Interfaces.ArgInput;
  enableJsonFlag: boolean;
  strict: boolean;
}

/** oclif's parser as the command calls it (`this.parse`). */
export type Parse = (options: {
  flags: Interfaces.FlagInput;
  baseFlags: Interfaces.FlagInput;
  enableJsonFlag: boolean;
  args: Interfaces.ArgInput;
  strict: boolean;
}) => Promise<{ args: Record<string, unknown>; flags: Record<string, unknown>; argv: unknown[] }>;

export interface CommandInput {
  args: Record<string, unknown>;
  flags: Record<string, unknown>;
  /** Every positional argument as oclif's parser read them (flags and their values left out). */
  positionals: string[];
}

/** `entries` with `required` taken off: the base command names what is missing itself. */
function relaxed<T extends Record<string, { required?: boolean | undefined }>>(entries: T): T {
  return Object.fromEntries(
    Object.entries(entries).map(([name, entry]) => [
      name,
      entry.required ? { ...entry, required: false } : entry,
    ]),
  ) as T;
}

/**
 * The arguments and flags of a command, or a UsageError for the first thing missing, in order:
 * positional arguments, then flags; nothing is sent before. oclif would name required flags
 * first, in its own words, and say "Missing 1 required arg" without naming it. Values of secret
 * flags are registered with the redaction.
 */
export async function readCommandInput(
  shape: InputShape,
  parse: Parse,
  commandLine: string | undefined,
  canPrompt: boolean,
): Promise<CommandInput> {
  const declared = shape.flags ?? {};
  const declaredArgs = shape.args ?? {};
  let parsed: Awaited<ReturnType<Parse>>;
  try {
    parsed = await parse({
      flags: relaxed(declared),
      baseFlags: shape.baseFlags,
      enableJsonFlag: shape.enableJsonFlag,
      args: relaxed(declaredArgs),
      strict: shape.strict,
    });
  } catch (error) {
    throw parseUsageError(error, commandLine, { ...shape.baseFlags, ...declared }, Object.keys(declaredArgs));
  }
  const { args, flags } = parsed;
  for (const [name, value] of Object.entries(flags))
    if (isSecretFlag(name) && typeof value === 'string') addSecret(value);
  for (const [name, arg] of Object.entries(declaredArgs)) {
    if (arg.required && args[name] === undefined) {
      const what = arg.description ? `: ${arg.description.replace(/\.$/, '')}` : '';
      throw new UsageError(
        `Missing ${name.toUpperCase()}${what}. Pass it as an argument${commandLine ? ` (\`${commandLine} <${name}>\`)` : ''}; nothing was sent.`,
      );
    }
  }
  if (!canPrompt) {
    for (const [name, arg] of Object.entries(declaredArgs)) {
      const what = pickedArgument(arg.description);
      if (what && args[name] === undefined) throw new UsageError(`Missing ${what}: pass it as an argument.`);
    }
  }
  for (const [name, flag] of Object.entries(declared)) {
    if (flag.required && flags[name] === undefined)
      throw new UsageError(
        `Missing --${name}: ${flag.description ?? name} (--${name} <value>). Nothing was sent.`,
      );
  }
  return { args, flags, positionals: parsed.argv.map(String) };
}
