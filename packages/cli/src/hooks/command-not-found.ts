import type { Interfaces } from '../oclif.js';
import { ExitCode } from '../lib/failures/exit-codes.js';
import { createOutput } from '../lib/terminal/output.js';

/*
 * A mistyped command: say so, suggest what was probably meant, run nothing (gh's habit; oclif's
 * not-found plugin asked "run this? (Y/n)" and ran its guess on Enter). The guess compares the
 * typed words with each command's words position by position, so arguments after the command
 * (`docs cr veiw space_handbook 3`) do not pull the guess elsewhere. Exit 127, as a shell says
 * for an unknown command.
 */

interface CommandLike {
  id: string;
  hidden?: boolean;
  aliases?: string[];
}

/** Edit distance (Levenshtein), for short words only. */
export function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** How far a typed word is from a command's word: a transposition (`veiw`) counts as one edit. */
function wordDistance(typed: string, word: string): number {
  if (typed === word) return 0;
  if (word.startsWith(typed) && typed.length >= 2) return 0.5;
  const swapped = typed.length === word.length && [...typed].sort().join('') === [...word].sort().join('');
  return Math.min(distance(typed, word), swapped ? 1 : Infinity);
}

export interface Suggestion {
  /** The suggested command's words: `['cr', 'view']`. */
  command: string[];
  /** The typed words after the command's own, kept as its arguments. */
  args: string[];
}

/**
 * The commands closest to `words` (what was typed, topic first): each command of n words is
 * compared with the first n typed words; a command is kept when every word is within a third
 * of its length (at least one edit), best first, at most three.
 */
export function suggestCommands(words: readonly string[], commands: readonly CommandLike[]): Suggestion[] {
  const scored: Array<{ score: number; suggestion: Suggestion }> = [];
  for (const command of commands) {
    if (command.hidden) continue;
    for (const id of [command.id, ...(command.aliases ?? [])]) {
      const parts = id.split(':');
      if (parts.length > words.length) continue;
      let score = 0;
      let close = true;
      parts.forEach((part, i) => {
        const d = wordDistance(words[i] ?? '', part);
        if (d > Math.max(1, Math.floor(part.length / 3))) close = false;
        score += d;
      });
      if (close && score > 0)
        scored.push({ score, suggestion: { command: parts, args: words.slice(parts.length) } });
    }
  }
  scored.sort((a, b) => a.score - b.score || b.suggestion.command.length - a.suggestion.command.length);
  const best = scored[0]?.score;
  // Of equally close commands, the ones that explain the most typed words: `cr comments lst`
  // means `cr comments list`, not the alias `cr comment` with `lst` as its argument.
  const longest = scored[0]?.suggestion.command.length;
  return scored
    .filter((s) => s.score === best && s.suggestion.command.length === longest)
    .slice(0, 3)
    .map((s) => s.suggestion);
}

/** The longest run of typed words that names a topic: `cr comments` in `cr comments lst`. */
function knownTopic(words: readonly string[], config: Interfaces.Config): string | undefined {
  for (let n = words.length; n > 0; n--) {
    const topic = words.slice(0, n).join(':');
    if (config.findTopic(topic)) return topic;
  }
  return undefined;
}

// oclif's hook type is async; this one has nothing to wait for.
// eslint-disable-next-line @typescript-eslint/require-await
const hook: Interfaces.Hook<'command_not_found'> = async function (options) {
  const { config } = options;
  // Not a command: the hook prints through an output of its own.
  const output = createOutput();
  // oclif joins the typed words up to the first flag into the id; argv holds the rest.
  const words = options.id.split(':');
  const rest = options.argv ?? [];
  // `docs sites list org_acme`: a real command and a word it does not take (oclif joins the words
  // of a command without arguments into the id). An extra argument, not an unknown command: exit 2.
  for (let n = words.length - 1; n > 0; n--) {
    const command = config.findCommand(words.slice(0, n).join(':'));
    if (!command) continue;
    const line = `${config.bin} ${words.slice(0, n).join(' ')}`;
    const extra = words.slice(n);
    const hint =
      extra.length === 1 && command.flags.org ? ` Did you mean \`${line} --org ${extra[0] ?? ''}\`?` : '';
    output.error(
      `Unexpected argument${extra.length === 1 ? '' : 's'} "${extra.join(' ')}": \`${line}\` takes no arguments.${hint} See \`${line} --help\`.`,
    );
    this.exit(ExitCode.Usage);
  }
  const suggestions = suggestCommands(words, config.commands);
  const topic = knownTopic(words, config);
  const typed = words.slice(0, (topic?.split(':').length ?? 0) + 1).join(' ');
  const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);
  const lines = [`\`${config.bin} ${typed}\` is not a ${config.bin} command.`];
  if (suggestions.length > 0) {
    lines.push(suggestions.length === 1 ? 'Did you mean this?' : 'Did you mean one of these?');
    for (const { command, args } of suggestions)
      lines.push(`  ${[config.bin, ...command, ...[...args, ...rest].map(quote)].join(' ')}`);
  }
  lines.push(
    `Run \`${config.bin} help${topic ? ` ${topic.replaceAll(':', ' ')}` : ''}\` for the list of commands.`,
  );
  output.error(lines.join('\n'));
  // Nothing is run: oclif ends the process with this code, printing nothing more.
  this.exit(ExitCode.CommandNotFound);
};

export default hook;
