import { CancelledError, CommandError } from '../failures/exit-codes.js';
import { wrapLine, type Output } from './output.js';
import { displayWidth, truncate } from './table.js';

/**
 * Prompts, loaded only when asked (inquirer is not needed to start). Callers must check
 * `terminal.canPrompt()` first; tests replace these functions.
 */
/**
 * A question wrapped at words to the terminal's width, its lines under its first after inquirer's
 * `? `: inquirer leaves the wrapping to the terminal, which breaks words (`abs|ent`).
 */
export function fitQuestion(message: string): string {
  const width = (process.stdout.columns || 80) - 1;
  return wrapLine(`? ${message}`, width, '  ').join('\n').slice(2);
}

/** The keyboard's questions, as a command's context holds them (`context.prompts`). */
export type Prompts = typeof prompts;

export const prompts = {
  async confirm(message: string, defaultValue = false): Promise<boolean> {
    const { confirm } = await import('@inquirer/prompts');
    return confirm({ message: fitQuestion(message), default: defaultValue });
  },
  /**
   * Picks one of `choices`: arrows and Enter, or type to narrow the list (inquirer's `search`):
   * typing `7` puts `#7` first, whatever its row, and names are matched past a leading emoji
   * (see `rankChoices`). inquirer's `select` took a digit for a row number and matched names
   * from their first character, emoji included.
   */
  async select<T>(
    message: string,
    choices: Array<{ name: string; value: T; description?: string }>,
  ): Promise<T> {
    const { search } = await import('@inquirer/prompts');
    // Each row on one line: cut to the terminal's width (the id at its end kept), never wrapped.
    const width = (process.stdout.columns || 80) - 3;
    const value = await search<T>(
      {
        message: fitQuestion(message),
        pageSize: Math.max(5, Math.min(15, (process.stdout.rows || 24) - 4)),
        source: (term) =>
          rankChoices(choices, term ?? '').map((choice) => ({
            ...choice,
            name: fitChoice(choice.name, width),
            ...(choice.description === undefined
              ? {}
              : { description: fitChoice(choice.description, width) }),
          })),
      },
      // The list leaves the screen when the prompt ends, answered or cancelled (Ctrl-C, Esc).
      { clearPromptOnDone: true },
    );
    const chosen = choices.find((choice) => choice.value === value);
    if (chosen) process.stderr.write(`✔ ${message}: ${fitChoice(chosen.name, width - message.length)}\n`);
    return value;
  },
  /**
   * One of a few `choices` (arrows and Enter; inquirer's `select`), `initial` highlighted: a
   * question whose answers are actions, not a list to search.
   */
  async choose<T>(message: string, choices: Array<{ name: string; value: T }>, initial?: T): Promise<T> {
    const { select } = await import('@inquirer/prompts');
    // The list leaves the screen when the prompt ends, answered or cancelled; the answer stays.
    const value = await select<T>(
      { message: fitQuestion(message), choices, ...(initial === undefined ? {} : { default: initial }) },
      { clearPromptOnDone: true },
    );
    const chosen = choices.find((choice) => choice.value === value);
    if (chosen) process.stderr.write(`✔ ${message} ${chosen.name}\n`);
    return value;
  },
  /**
   * Text written in the person's editor (DOCS_EDITOR, the stored editor, $VISUAL, $EDITOR, else
   * vi), opened at once on a temporary `.md` file as gh does. An editor that exits with an error
   * (vim's `:cq`) cancels, as git and gh take it: nothing is read or sent.
   */
  async editor(message: string, output: Output): Promise<string> {
    const [{ spawn }, fs, os, path] = await Promise.all([
      import('node:child_process'),
      import('node:fs/promises'),
      import('node:os'),
      import('node:path'),
    ]);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docs-edit-'));
    const file = path.join(dir, 'text.md');
    try {
      await fs.writeFile(file, '', { mode: 0o600 });
      // Through the output layer: wrapped at words, as every message.
      output.info(`${message}: waiting for your editor to close the file…`);
      const command = output.terminal.editor() ?? (process.platform === 'win32' ? 'notepad' : 'vi');
      // The file goes through the environment: a command with its own arguments (`code --wait`)
      // needs the shell, and the path is never quoted into it.
      const status = await new Promise<number | null>((resolve, reject) => {
        const child = spawn(`${command} "$DOCS_EDIT_FILE"`, {
          shell: true,
          stdio: 'inherit',
          env: { ...process.env, DOCS_EDIT_FILE: file },
        });
        child.on('error', reject);
        child.on('exit', (code, signal) => resolve(signal ? null : code));
      });
      if (status !== 0)
        throw new CancelledError(
          `The editor exited with ${status === null ? 'a signal' : `status ${status}`}: cancelled, nothing was sent.`,
        );
      return await fs.readFile(file, 'utf8');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  },
  async password(message: string): Promise<string> {
    const { password } = await import('@inquirer/prompts');
    return password({ message: fitQuestion(message), mask: '*' });
  },
  /** A line of text; `validate` returns true or what is wrong, shown until the answer fits. */
  async input(
    message: string,
    defaultValue?: string,
    validate?: (value: string) => true | string,
  ): Promise<string> {
    const { input } = await import('@inquirer/prompts');
    return input({
      message: fitQuestion(message),
      ...(defaultValue === undefined ? {} : { default: defaultValue }),
      ...(validate ? { validate } : {}),
    });
  },
};

/**
 * A choice's name cut to `width` display columns, keeping a trailing ` (id)` whole: `Reword the
 * welc… (space_guides)`. Names that fit are left as they are.
 */
export function fitChoice(name: string, width: number): string {
  if (displayWidth(name) <= width) return name;
  const id = / \([^()]+\)$/.exec(name)?.[0] ?? '';
  const room = width - displayWidth(id);
  if (id && room >= 8) return `${truncate(name.slice(0, -id.length), room)}${id}`;
  return truncate(name, Math.max(4, width));
}

/** A name without what leads it and is not text: emoji, their joiners, flags, spaces. */
const LEADING_SYMBOLS =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\u{FE0F}|\u{200D}|\u{20E3}|\s)+/u;

export function withoutLeadingEmoji(name: string): string {
  return name.replace(LEADING_SYMBOLS, '');
}

/**
 * The choices matching `term`, best first: a number (`7` or `#7`) matching a `#7` name exactly,
 * then names starting with the term once leading emoji are set aside, then names holding it
 * anywhere (ids in parentheses included). Case is ignored; an empty term keeps every choice.
 */
export function rankChoices<C extends { name: string }>(choices: readonly C[], term: string): C[] {
  const wanted = term.trim().toLowerCase();
  if (!wanted) return [...choices];
  const number = /^#?(\d+)$/.exec(wanted)?.[1];
  const scored = choices.flatMap((choice) => {
    const name = withoutLeadingEmoji(choice.name).toLowerCase();
    if (number !== undefined && name.startsWith(`#${number} `)) return [{ choice, score: 0 }];
    if (name.startsWith(wanted) || name.startsWith(`#${wanted}`)) return [{ choice, score: 1 }];
    if (choice.name.toLowerCase().includes(wanted)) return [{ choice, score: 2 }];
    return [];
  });
  // Array.prototype.sort is stable: equal scores keep the list's order.
  return scored.sort((a, b) => a.score - b.score).map(({ choice }) => choice);
}

export interface Choice {
  name: string;
  value: string;
  description?: string;
}

/** Asks a person (through the command's `prompts`) to pick one of `items`; with none to pick from, fails with `empty`. */
export async function pickOne<T>(
  prompts: Prompts,
  message: string,
  items: readonly T[],
  empty: string,
  choice: (item: T) => Choice,
): Promise<string> {
  if (items.length === 0) throw new CommandError(empty);
  return prompts.select(message, items.map(choice));
}
