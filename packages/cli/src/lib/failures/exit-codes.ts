/** Exit codes, documented in docs/cli.md. Scripts may rely on them. */
export const ExitCode = {
  Ok: 0,
  Failure: 1,
  Usage: 2,
  /** A cancel: "no" at a confirmation, Ctrl-C (gh's exit code for a cancel). */
  Cancelled: 2,
  NotFound: 3,
  AuthRequired: 4,
  /** The command did its work but not all of it: `docs push` left entries of the folder out. */
  Incomplete: 5,
  /** A mistyped command: suggestions printed, nothing run (as a shell's 127). */
  CommandNotFound: 127,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * A person said no, pressed Ctrl-C or Esc at a prompt, or interrupted the command: one plain
 * "Cancelled." (not an error) and exit 2, as gh's cancel.
 */
export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor(message = 'Cancelled.') {
    super(message);
  }
}

/** A bad or missing argument or flag: nothing was sent. Exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** No token anywhere, or the API refused it. Exit 4. */
export class AuthRequiredError extends Error {
  override name = 'AuthRequiredError';
}

/** A command's own failure with a message meant for people. Exit 1 unless given. */
export class CommandError extends Error {
  override name = 'CommandError';
  readonly exitCode: ExitCode;
  constructor(message: string, exitCode: ExitCode = ExitCode.Failure) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** What a caught value says: an error's message, or the value itself as text (a thrown string). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
