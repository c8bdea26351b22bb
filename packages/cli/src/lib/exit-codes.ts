/** Exit codes, documented in docs/cli.md. Scripts may rely on them. */
export const ExitCode = {
  Ok: 0,
  Failure: 1,
  Usage: 2,
  NotFound: 3,
  AuthRequired: 4,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

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
