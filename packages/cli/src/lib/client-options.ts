import type { ClientOptions, Logger, RetryEvent } from '@docs-api/sdk';
import { UsageError } from './exit-codes.js';
import { debugEnabled, output } from './output.js';
import { formatDuration } from './progress.js';

/*
 * How the CLI configures the SDK client beyond the token and the URL: the retry notices, the
 * bound on retry waits, the response-validation policy and the logger. Everything the client
 * reports is printed through the output layer (and so through its redaction).
 */

export type { ResponseValidation, RetryEvent } from '@docs-api/sdk';

/** Waits up to this long pass silently; a longer one gets a line on stderr. */
export const QUIET_RETRY_WAIT_MS = 1000;

export const MAX_RETRY_DELAY_VARIABLE = 'DOCS_MAX_RETRY_DELAY';
/** Seconds the CLI lets the SDK wait before a retry when DOCS_MAX_RETRY_DELAY is not set. */
export const DEFAULT_MAX_RETRY_DELAY_SECONDS = 60;
const MAX_RETRY_DELAY_LIMIT_SECONDS = 86_400;

/**
 * `DOCS_MAX_RETRY_DELAY` (seconds, decimals allowed, 0 to 86400) in milliseconds, 60 s when unset.
 * A value that is not such a number is a usage error naming the variable: nothing is sent.
 */
export function maxRetryDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[MAX_RETRY_DELAY_VARIABLE];
  if (raw === undefined || raw === '') return DEFAULT_MAX_RETRY_DELAY_SECONDS * 1000;
  const seconds = /^\s*\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(seconds >= 0 && seconds <= MAX_RETRY_DELAY_LIMIT_SECONDS)) {
    throw new UsageError(
      `${MAX_RETRY_DELAY_VARIABLE} must be a number of seconds from 0 to ${MAX_RETRY_DELAY_LIMIT_SECONDS} (got "${raw.slice(0, 20)}").`,
    );
  }
  return Math.round(seconds * 1000);
}

/** The one stderr line for a retry wait long enough to be noticed: `Rate limited (HTTP 429): waiting 5 s before retry 1 of 2…`. */
export function retryNotice(event: RetryEvent): string | undefined {
  if (!(event.delayMs > QUIET_RETRY_WAIT_MS)) return undefined;
  const what = event.reason === 'HTTP 429' ? 'Rate limited' : 'The request failed';
  return `${what} (${event.reason}): waiting ${formatDuration(event.delayMs)} before retry ${event.attempt} of ${event.maxRetries}…`;
}

interface DriftDetails {
  operation?: unknown;
  path?: unknown;
  issue?: unknown;
}

/** The line for an answer whose shape the CLI does not know; undefined when `details` describe no drift. */
export function driftWarning(message: string, details: DriftDetails | undefined): string | undefined {
  if (!details || details.issue === undefined) return undefined;
  const operation = typeof details.operation === 'string' ? details.operation : 'a request';
  // The SDK gives the field path beside the issue (`{ operation, path, issue }`); an issue
  // object may carry its own.
  const issue = details.issue as { path?: unknown; message?: unknown } | string;
  const path = typeof issue === 'string' ? details.path : issue.path;
  const what =
    typeof issue === 'string' ? issue : typeof issue.message === 'string' ? issue.message : message;
  const described = `${typeof path === 'string' && path ? path : 'the body'}: ${what}`;
  return `the API answered ${operation} with a shape this CLI does not know (${described}); continuing.`;
}

/**
 * The logger the CLI gives the SDK: a response drift is one warning line (printed once per
 * process, however many pages repeat it); debug lines, and any other warning, only with DOCS_DEBUG.
 */
export function cliLogger(): Logger & Required<Pick<Logger, 'debug' | 'warn'>> {
  const warned = new Set<string>();
  return {
    debug: (message) => output.debug(message),
    warn: (message, details) => {
      const drift = driftWarning(message, details);
      if (drift === undefined) {
        if (debugEnabled()) output.warn(message);
        return;
      }
      if (warned.has(drift)) return;
      warned.add(drift);
      output.warn(drift);
    },
  };
}

/** Prints the notice of a noticeable retry wait on stderr (with --json too: stdout stays data). */
export function onRetry(event: RetryEvent): void {
  const notice = retryNotice(event);
  if (notice) output.info(notice);
}

/** The SDK options the CLI adds to every client it builds. */
export function cliClientOptions(env: NodeJS.ProcessEnv = process.env): ClientOptions {
  return {
    maxRetryDelay: maxRetryDelayMs(env),
    onRetry,
    logger: cliLogger(),
    // The CLI tolerates a server's drift (issue 6): `warn` unless the user chose a policy.
    ...(env.DOCS_RESPONSE_VALIDATION ? {} : { responseValidation: 'warn' as const }),
  };
}
