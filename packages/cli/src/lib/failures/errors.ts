import { AuthRequiredError, CancelledError, CommandError, ExitCode, UsageError } from './exit-codes.js';
import { formatDuration } from '../terminal/progress.js';

interface Described {
  message: string;
  exitCode: ExitCode;
  /** A plain line, not an error (a cancel). */
  plain?: boolean;
}

/**
 * The one place that turns any error into a line for stderr and an exit code (gh's model).
 * It reads SDK errors by name so that it needs no SDK import at start-up.
 */
export function describeError(error: unknown): Described {
  const described = describe(error);
  // A command may add what to do next to any error (`hint`), printed on the line after it.
  const hint = error instanceof Error ? (error as { hint?: unknown }).hint : undefined;
  return typeof hint === 'string' ? { ...described, message: `${described.message}\n${hint}` } : described;
}

function describe(error: unknown): Described {
  if (!(error instanceof Error)) return { message: String(error), exitCode: ExitCode.Failure };
  const oclifExit = (error as { oclif?: { exit?: number } }).oclif?.exit;
  const status = (error as { status?: number }).status;
  switch (error.name) {
    // JqError: a --jq expression that does not compile, or that fails on the command's output.
    case 'UsageError':
    case 'JqError':
      return { message: error.message, exitCode: ExitCode.Usage };
    case 'RequestValidationError':
      return { message: invalidInputMessage(error), exitCode: ExitCode.Usage };
    case 'InvalidTokenError':
    case 'InvalidBaseUrlError':
    case 'InvalidOptionError':
      return { message: error.message, exitCode: ExitCode.Usage };
    case 'AuthRequiredError':
    case 'MissingTokenError':
      return {
        message: `${error.message}\nRun \`docs auth login\` or set DOCS_API_TOKEN.`,
        exitCode: ExitCode.AuthRequired,
      };
    case 'AuthenticationError':
      return {
        // A login cannot help while the variable is set: it wins over the stored token.
        message: process.env.DOCS_API_TOKEN
          ? `The API refused the token in DOCS_API_TOKEN (HTTP ${status}). That variable is in use and wins over any stored login: set it to a valid token, or unset it to use \`docs auth login\`.`
          : `The API refused the token (HTTP ${status}). Run \`docs auth login\` with a valid token.`,
        exitCode: ExitCode.AuthRequired,
      };
    case 'NotFoundError':
      return { message: apiMessage(error), exitCode: ExitCode.NotFound };
    case 'TimeoutError':
      return {
        message: `${error.message}. --timeout <seconds> (or DOCS_TIMEOUT) sets how long a request may take, retries included.`,
        exitCode: ExitCode.Failure,
      };
    // Ctrl-C or Esc at an inquirer prompt, "no" at a confirmation, an interrupt.
    case 'ExitPromptError':
    case 'AbortPromptError':
    case 'CancelPromptError':
      return { message: 'Cancelled.', exitCode: ExitCode.Cancelled, plain: true };
    case 'CancelledError':
      return { message: error.message, exitCode: ExitCode.Cancelled, plain: true };
    default:
      break;
  }
  if (error instanceof CommandError) return { message: error.message, exitCode: error.exitCode };
  if (typeof status === 'number' && 'requestId' in error)
    return { message: apiMessage(error), exitCode: ExitCode.Failure };
  if (oclifExit === 2) return { message: error.message, exitCode: ExitCode.Usage };
  return { message: error.message, exitCode: ExitCode.Failure };
}

/** Names each offending field as a person typed it: `title`, not `body.title`. */
function invalidInputMessage(error: Error): string {
  const issues = (error as { issues?: Array<{ path: string; message: string }> }).issues ?? [];
  if (issues.length === 0) return error.message;
  const described = issues.map((i) => `${i.path.replace(/^(body|query|path)\./, '')}: ${i.message}`);
  return `Invalid input, nothing was sent. ${described.join('; ')}`;
}

function apiMessage(error: Error): string {
  const { status, serverMessage, requestId } = error as Error & {
    status?: number;
    serverMessage?: string;
    requestId?: string;
  };
  const details = [status ? `HTTP ${status}` : undefined, requestId ? `request id ${requestId}` : undefined]
    .filter(Boolean)
    .join(', ');
  return `${serverMessage ?? error.message}${details ? ` (${details})` : ''}${retryHint(error)}`;
}

/** A server message that already says when to try again: `retry in 5 s` (as the SDK reads it). */
const SAYS_WHEN = /\b(retry|try again|wait)\b[^.;]*\d/i;

/**
 * When to try again, for an error the SDK did not wait out (a `Retry-After` longer than
 * DOCS_MAX_RETRY_DELAY): `; retry in 5 min (at 2026-01-05T09:05:00.000Z)`.
 */
function retryHint(error: Error): string {
  const { retryAfterMs, retryAt, serverMessage } = error as {
    retryAfterMs?: unknown;
    retryAt?: unknown;
    serverMessage?: unknown;
  };
  if (typeof retryAfterMs !== 'number' || !(retryAfterMs >= 0)) return '';
  // The wait is said once: the server's message may already say it.
  if (typeof serverMessage === 'string' && SAYS_WHEN.test(serverMessage))
    return '. DOCS_MAX_RETRY_DELAY sets how long the CLI waits by itself.';
  const at =
    retryAt instanceof Date && !Number.isNaN(retryAt.getTime()) ? ` (at ${retryAt.toISOString()})` : '';
  return `; retry in ${formatDuration(Math.max(1000, retryAfterMs))}${at}. DOCS_MAX_RETRY_DELAY sets how long the CLI waits by itself.`;
}

export { AuthRequiredError, CancelledError, CommandError, ExitCode, UsageError };
