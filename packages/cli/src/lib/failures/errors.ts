import { AuthRequiredError, CancelledError, CommandError, ExitCode, UsageError } from './exit-codes.js';
import type { ApiError, RequestValidationError } from '@docs-api/sdk';
import type * as SdkErrors from '../../sdk-errors.js';
import { JqError } from '../terminal/jq.js';
import { formatDuration } from '../terminal/progress.js';

interface Described {
  message: string;
  exitCode: ExitCode;
  /** A plain line, not an error (a cancel). */
  plain?: boolean;
}

/**
 * The one place that turns any error into a line for stderr and an exit code (gh's model). The
 * CLI's own errors are told apart here; the SDK's by its classes (`instanceof`, true across copies
 * of the SDK), loaded only when an error is none of the CLI's (sdk-errors.ts: a few kilobytes).
 */
export async function describeError(error: unknown): Promise<Described> {
  return withHint(
    error,
    describeOwnError(error) ?? describeSdkError(error, await import('../../sdk-errors.js')),
  );
}

/**
 * `describeError` for the CLI's own errors and those of its terminal (a `--jq` expression, a
 * prompt); none for the others. Synchronous, for oclif's printing of a result.
 */
export function describeOwnError(error: unknown): Described | undefined {
  const described = describeOwn(error);
  return described && withHint(error, described);
}

/** A command may add what to do next to any error (`hint`), printed on the line after it. */
function withHint(error: unknown, described: Described): Described {
  const hint = error instanceof Error ? (error as { hint?: unknown }).hint : undefined;
  return typeof hint === 'string' ? { ...described, message: `${described.message}\n${hint}` } : described;
}

function describeOwn(error: unknown): Described | undefined {
  if (!(error instanceof Error)) return { message: String(error), exitCode: ExitCode.Failure };
  // A --jq expression that does not compile, or that fails on the command's output.
  if (error instanceof UsageError || error instanceof JqError)
    return { message: error.message, exitCode: ExitCode.Usage };
  if (error instanceof AuthRequiredError) return authRequired(error);
  if (error instanceof CancelledError)
    return { message: error.message, exitCode: ExitCode.Cancelled, plain: true };
  if (error instanceof CommandError) return { message: error.message, exitCode: error.exitCode };
  // Ctrl-C or Esc at an inquirer prompt: inquirer's own classes, told by name so that a failure
  // does not load inquirer (lib/terminal/prompts.ts loads it only to ask).
  if (['ExitPromptError', 'AbortPromptError', 'CancelPromptError'].includes(error.name))
    return { message: 'Cancelled.', exitCode: ExitCode.Cancelled, plain: true };
  return undefined;
}

function describeSdkError(error: unknown, sdk: typeof SdkErrors): Described {
  if (!(error instanceof Error)) return { message: String(error), exitCode: ExitCode.Failure };
  if (error instanceof sdk.RequestValidationError)
    return { message: invalidInputMessage(error), exitCode: ExitCode.Usage };
  if (
    error instanceof sdk.InvalidTokenError ||
    error instanceof sdk.InvalidBaseUrlError ||
    error instanceof sdk.InvalidOptionError
  )
    return { message: error.message, exitCode: ExitCode.Usage };
  if (error instanceof sdk.MissingTokenError) return authRequired(error);
  if (error instanceof sdk.AuthenticationError)
    return {
      // A login cannot help while the variable is set: it wins over the stored token.
      message: process.env.DOCS_API_TOKEN
        ? `The API refused the token in DOCS_API_TOKEN (HTTP ${error.status}). That variable is in use and wins over any stored login: set it to a valid token, or unset it to use \`docs auth login\`.`
        : `The API refused the token (HTTP ${error.status}). Run \`docs auth login\` with a valid token.`,
      exitCode: ExitCode.AuthRequired,
    };
  if (error instanceof sdk.NotFoundError) return { message: apiMessage(error), exitCode: ExitCode.NotFound };
  if (error instanceof sdk.TimeoutError)
    return {
      message: `${error.message}. --timeout <seconds> (or DOCS_TIMEOUT) sets how long a request may take, retries included.`,
      exitCode: ExitCode.Failure,
    };
  if (error instanceof sdk.ApiError) return { message: apiMessage(error), exitCode: ExitCode.Failure };
  // oclif's own parse errors (exit 2).
  if ((error as { oclif?: { exit?: number } }).oclif?.exit === 2)
    return { message: error.message, exitCode: ExitCode.Usage };
  return { message: error.message, exitCode: ExitCode.Failure };
}

function authRequired(error: Error): Described {
  return {
    message: `${error.message}\nRun \`docs auth login\` or set DOCS_API_TOKEN.`,
    exitCode: ExitCode.AuthRequired,
  };
}

/** Names each offending field as a person typed it: `title`, not `body.title`. */
function invalidInputMessage(error: RequestValidationError): string {
  const { issues } = error;
  if (issues.length === 0) return error.message;
  const described = issues.map((i) => `${i.path.replace(/^(body|query|path)\./, '')}: ${i.message}`);
  return `Invalid input, nothing was sent. ${described.join('; ')}`;
}

function apiMessage(error: ApiError): string {
  const { status, serverMessage, requestId } = error;
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
function retryHint(error: ApiError): string {
  const { retryAfterMs, retryAt, serverMessage } = error;
  if (typeof retryAfterMs !== 'number' || !(retryAfterMs >= 0)) return '';
  // The wait is said once: the server's message may already say it.
  if (serverMessage && SAYS_WHEN.test(serverMessage))
    return '. DOCS_MAX_RETRY_DELAY sets how long the CLI waits by itself.';
  const at =
    retryAt instanceof Date && !Number.isNaN(retryAt.getTime()) ? ` (at ${retryAt.toISOString()})` : '';
  return `; retry in ${formatDuration(Math.max(1000, retryAfterMs))}${at}. DOCS_MAX_RETRY_DELAY sets how long the CLI waits by itself.`;
}

export { AuthRequiredError, CancelledError, CommandError, ExitCode, UsageError };
