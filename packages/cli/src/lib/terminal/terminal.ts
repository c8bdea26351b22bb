/**
 * What the process is attached to. Kept in one object so tests can pretend to be a terminal.
 * `DOCS_FORCE_TTY=1` renders for a terminal even when piped (as gh's GH_FORCE_TTY).
 */
export const terminal = {
  /** A pager is showing output: Ctrl-C belongs to it, not to the command. */
  paging: false,
  /** The stored editor, pager and browser (`docs config set`), read by the base command. */
  preferences: {} as {
    editor?: string | undefined;
    pager?: string | undefined;
    browser?: string | undefined;
  },
  /** The editor command: DOCS_EDITOR, the stored editor, $VISUAL, $EDITOR; none: the prompt's default (vi). */
  editor(): string | undefined {
    return (
      process.env.DOCS_EDITOR ||
      terminal.preferences.editor ||
      process.env.VISUAL ||
      process.env.EDITOR ||
      undefined
    );
  },
  /** The pager command: DOCS_PAGER, the stored pager, $PAGER, else `less -R`; `cat` or empty: none. */
  pager(): string {
    return process.env.DOCS_PAGER ?? terminal.preferences.pager ?? process.env.PAGER ?? 'less -R';
  },
  /** The browser command: DOCS_BROWSER, the stored browser, $BROWSER; none: the system's opener. */
  browser(): string | undefined {
    return process.env.DOCS_BROWSER || terminal.preferences.browser || process.env.BROWSER || undefined;
  },
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
