/**
 * What the process is attached to. Kept in one object so tests can pretend to be a terminal.
 * `DOCS_FORCE_TTY=1` renders for a terminal even when piped (as gh's GH_FORCE_TTY).
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
