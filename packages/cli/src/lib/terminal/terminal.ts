/**
 * What the process is attached to, read from the process each time (no state): tests spy on
 * these probes to pretend to be a terminal. `DOCS_FORCE_TTY=1` renders for a terminal even when
 * piped (as gh's GH_FORCE_TTY).
 */
export const terminal = {
  stdoutIsTTY(): boolean {
    return Boolean(process.stdout.isTTY) || process.env.DOCS_FORCE_TTY === '1';
  },
  /** Prompts only when a person can answer: both ends are terminals and not in CI. */
  canPrompt(): boolean {
    return Boolean(process.stdin.isTTY && process.stdout.isTTY) && !process.env.CI;
  },
  /** Colour in what stdout shows: a real terminal (not DOCS_FORCE_TTY), without NO_COLOR. */
  stdoutColor(): boolean {
    return Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
  },
  /** Colour in messages on stderr. */
  useColor(): boolean {
    return Boolean(process.stderr.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
  },
};

/** The stored editor, pager and browser (`docs config set`). */
export interface TerminalPreferences {
  editor?: string | undefined;
  pager?: string | undefined;
  browser?: string | undefined;
}

/** A command's terminal: the process's probes and what this command's run set on it. */
export interface Terminal {
  /** A pager is showing this command's output: Ctrl-C belongs to it, not to the command. */
  paging: boolean;
  /** The stored editor, pager and browser, read by the base command before `run`. */
  preferences: TerminalPreferences;
  /** What Ctrl-C says during a `--wait` (the work goes on server-side; how to follow it). */
  interruptNote: string | undefined;
  /** The editor command: DOCS_EDITOR, the stored editor, $VISUAL, $EDITOR; none: the prompt's default (vi). */
  editor(): string | undefined;
  /** The pager command: DOCS_PAGER, the stored pager, $PAGER, else `less -R`; `cat` or empty: none. */
  pager(): string;
  /** The browser command: DOCS_BROWSER, the stored browser, $BROWSER; none: the system's opener. */
  browser(): string | undefined;
  stdoutIsTTY(): boolean;
  canPrompt(): boolean;
  stdoutColor(): boolean;
  useColor(): boolean;
}

/** A terminal for one command: its own paging state and preferences over the process's probes. */
export function createTerminal(): Terminal {
  const own: Terminal = {
    paging: false,
    preferences: {},
    interruptNote: undefined,
    editor: () =>
      process.env.DOCS_EDITOR ||
      own.preferences.editor ||
      process.env.VISUAL ||
      process.env.EDITOR ||
      undefined,
    pager: () => process.env.DOCS_PAGER ?? own.preferences.pager ?? process.env.PAGER ?? 'less -R',
    browser: () => process.env.DOCS_BROWSER || own.preferences.browser || process.env.BROWSER || undefined,
    stdoutIsTTY: () => terminal.stdoutIsTTY(),
    canPrompt: () => terminal.canPrompt(),
    stdoutColor: () => terminal.stdoutColor(),
    useColor: () => terminal.useColor(),
  };
  return own;
}
