import { distance } from '../../hooks/command-not-found.js';
import { UsageError } from './exit-codes.js';

/*
 * Usage errors in plain words, one line each: what oclif's parser refuses (an unknown flag, with
 * the flag probably meant; an extra argument; a value not among a flag's options; flags that
 * cannot go together) said as the rest of the CLI says things, with where to read more.
 */

/**
 * What a positional argument picked from a list at a terminal names, for "Missing the space id":
 * read from its description ("Space id (picked from a list at a terminal when omitted)"); none
 * for an argument that is not picked.
 */
export function pickedArgument(description: string | undefined): string | undefined {
  const match = /^(.*?)\s*\(picked from [^)]* at a terminal when omitted\)/.exec(description ?? '');
  if (!match?.[1]) return undefined;
  const what = match[1].replace(/\s*\(e\.g\.[^)]*\)/g, '');
  // "Space id" -> "space id"; "SAML provider id" keeps its capitals.
  return `the ${/^[A-Z][a-z]/.test(what) ? what.charAt(0).toLowerCase() + what.slice(1) : what}`;
}

interface FlagLike {
  char?: string | undefined;
  allowNo?: boolean | undefined;
}

/** The flag closest to `typed` (`--orgg` -> `--org`), when one is close enough to be meant. */
export function closestFlag(typed: string, flags: Record<string, FlagLike>): string | undefined {
  const wanted = typed.replace(/^--?/, '').split('=')[0] ?? '';
  if (!wanted) return undefined;
  const names = Object.entries(flags).flatMap(([name, flag]) =>
    flag.allowNo ? [name, `no-${name}`] : [name],
  );
  names.push('help', 'json');
  let best: { name: string; score: number } | undefined;
  for (const name of names) {
    const score = name.startsWith(wanted) && wanted.length >= 3 ? 0.5 : distance(wanted, name);
    if (!best || score < best.score) best = { name, score };
  }
  if (!best || best.score > Math.max(1, Math.floor(best.name.length / 3))) return undefined;
  return `--${best.name}`;
}

/**
 * oclif's parse error as a UsageError in plain words; any other error as it is. `command` is the
 * command as typed (`docs cr review`), `flags` its flags, `args` its positional arguments' names.
 */
export function parseUsageError(
  error: unknown,
  command: string | undefined,
  flags: Record<string, FlagLike>,
  args: readonly string[] = [],
): unknown {
  // oclif's parse errors carry what was parsed so far; a flag's own parse fails with "Parsing --x".
  if (!(error instanceof Error) || !('parse' in error || error.message.startsWith('Parsing --')))
    return error;
  const help = command ? `See \`${command} --help\`.` : 'See --help.';
  const raw = error.message.replace(/\nSee more help with --help$/, '');
  const { flags: unknown } = error as { flags?: unknown };
  if (Array.isArray(unknown) && unknown.length > 0) {
    const typed = String(unknown[0]);
    const closest = closestFlag(typed, flags);
    return new UsageError(
      `Unknown flag ${typed.split('=')[0]}${closest ? `. Did you mean ${closest}?` : '.'} ${help}`,
    );
  }
  const unexpected = /^Unexpected arguments?: (.*)$/.exec(raw);
  if (unexpected) {
    const names = args.map((name) => name.toUpperCase());
    const takes =
      names.length === 0
        ? 'takes no arguments'
        : `takes ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`}`;
    return new UsageError(
      `Unexpected argument "${unexpected[1]}": ${command ? `\`${command}\`` : 'the command'} ${takes}. ${help}`,
    );
  }
  const options = /^Expected --([\w-]+)=(.*) to be one of: (.*)$/s.exec(raw);
  if (options)
    return new UsageError(`--${options[1]} must be one of: ${options[3]} (got "${options[2]}"). ${help}`);
  const argOptions = /^Expected (.*) to be one of: (.*)$/s.exec(raw);
  if (argOptions) return new UsageError(`"${argOptions[1]}" must be one of: ${argOptions[2]}. ${help}`);
  const integer = /^Parsing --([\w-]+)\s*\n\s*Expected an integer but received: (.*)$/s.exec(raw);
  if (integer) return new UsageError(`--${integer[1]} must be a whole number (got "${integer[2]}"). ${help}`);
  const bound =
    /^Parsing --([\w-]+)\s*\n\s*Expected an integer (greater|less) than or equal to (-?\d+) but received: (.*)$/s.exec(
      raw,
    );
  if (bound)
    return new UsageError(
      `--${bound[1]} must be ${bound[2] === 'greater' ? 'at least' : 'at most'} ${bound[3]} (got "${bound[4]}"). ${help}`,
    );
  const parsing = /^Parsing --([\w-]+)\s*\n\s*(.*)$/s.exec(raw);
  if (parsing) return new UsageError(`--${parsing[1]}: ${parsing[2]?.trim().replace(/\.?$/, '.')} ${help}`);
  // Flag relationships: `--a=true cannot also be provided when using --b`, `... must be provided ...`.
  const reasons = raw
    // oclif dims the reasons with colour codes.
    // eslint-disable-next-line no-control-regex -- the escape character of those codes
    .replace(/\u001b\[[\d;]*m/g, '')
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter(Boolean);
  if (/^The following errors? occurred:/.test(raw) && reasons.length > 0) {
    const exclusive = reasons
      .map((reason) => /^--([\w-]+)=\S+ cannot also be provided when using --([\w-]+)/.exec(reason))
      .find(Boolean);
    if (exclusive)
      return new UsageError(
        `--${exclusive[1]} and --${exclusive[2]} cannot be used together: pass one of them. ${help}`,
      );
    return new UsageError(`${reasons[0]}. ${help}`);
  }
  return new UsageError(`${raw.split('\n')[0]} ${help}`);
}
