import type { ClientOptions, Logger, RetryEvent } from '@docs-api/sdk';
import { UsageError } from '../failures/exit-codes.js';
import { createOutput, debugEnabled, type Output } from '../terminal/output.js';
import { formatDuration } from '../terminal/progress.js';

/*
 * How the CLI configures the SDK client beyond the token and the URL: the retry notices, the
 * bound on retry waits, the response-validation policy and the logger. Everything the client
 * reports is printed through the output layer (and so through its redaction).
 */

export type { ResponseValidation, RetryEvent } from '@docs-api/sdk';

export const MAX_RETRY_DELAY_VARIABLE = 'DOCS_MAX_RETRY_DELAY';
/** Seconds the CLI lets the SDK wait before a retry when DOCS_MAX_RETRY_DELAY is not set. */
export const DEFAULT_MAX_RETRY_DELAY_SECONDS = 60;
const MAX_RETRY_DELAY_LIMIT_SECONDS = 86_400;

export const TIMEOUT_VARIABLE = 'DOCS_TIMEOUT';
/**
 * Seconds a request may take in all, retries and their waits included, when neither --timeout
 * nor DOCS_TIMEOUT is given: a server that never answers is given up on within this.
 */
export const DEFAULT_TIMEOUT_SECONDS = 60;
const TIMEOUT_LIMIT_SECONDS = 3_600;

export const MAX_RETRIES_VARIABLE = 'DOCS_MAX_RETRIES';
const MAX_RETRIES_LIMIT = 10;

/** `raw` as a number of seconds (decimals allowed) within [min, max], or a usage error naming `source`. */
function seconds(raw: string, source: string, min: number, max: number, exclusiveMin = false): number {
  const value = /^\s*\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
  const aboveMin = exclusiveMin ? value > min : value >= min;
  if (!(aboveMin && value <= max)) {
    const range = exclusiveMin ? `more than ${min} and at most ${max}` : `from ${min} to ${max}`;
    throw new UsageError(`${source} must be a number of seconds ${range} (got "${raw.slice(0, 20)}").`);
  }
  return value;
}

/**
 * `DOCS_MAX_RETRY_DELAY` (seconds, decimals allowed, 0 to 86400) in milliseconds, 60 s when unset.
 * A value that is not such a number is a usage error naming the variable: nothing is sent.
 */
export function maxRetryDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[MAX_RETRY_DELAY_VARIABLE];
  if (raw === undefined || raw === '') return DEFAULT_MAX_RETRY_DELAY_SECONDS * 1000;
  return Math.round(seconds(raw, MAX_RETRY_DELAY_VARIABLE, 0, MAX_RETRY_DELAY_LIMIT_SECONDS) * 1000);
}

/**
 * The time a request may take in all, in milliseconds: `--timeout` if given, then DOCS_TIMEOUT,
 * then 60 s. Seconds, decimals allowed, more than 0 and at most 3600. It is both the SDK's
 * `totalTimeout` (the whole call, retries included) and its `timeout` (one attempt).
 */
export function requestTimeoutMs(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): number {
  if (flag !== undefined)
    return Math.round(seconds(flag, '--timeout', 0, TIMEOUT_LIMIT_SECONDS, true) * 1000);
  const raw = env[TIMEOUT_VARIABLE];
  if (raw === undefined || raw === '') return DEFAULT_TIMEOUT_SECONDS * 1000;
  return Math.round(seconds(raw, TIMEOUT_VARIABLE, 0, TIMEOUT_LIMIT_SECONDS, true) * 1000);
}

/** DOCS_MAX_RETRIES (a whole number from 0 to 10), or undefined for the SDK's default (2). */
export function maxRetries(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[MAX_RETRIES_VARIABLE];
  if (raw === undefined || raw === '') return undefined;
  const value = /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= 0 && value <= MAX_RETRIES_LIMIT)) {
    throw new UsageError(
      `${MAX_RETRIES_VARIABLE} must be a whole number from 0 to ${MAX_RETRIES_LIMIT} (got "${raw.slice(0, 20)}").`,
    );
  }
  return value;
}

/**
 * The stderr line announcing a retry, with its reason and its wait:
 * `Rate limited (HTTP 429): waiting 5 s before retry 1 of 2…`.
 */
export function retryNotice(event: RetryEvent): string {
  const what = event.reason === 'HTTP 429' ? 'Rate limited' : 'The request failed';
  return `${what} (${event.reason}): waiting ${formatDuration(Math.round(event.delayMs))} before retry ${event.attempt} of ${event.maxRetries}…`;
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
 * client, however many pages repeat it); debug lines, and any other warning, only with DOCS_DEBUG.
 * They go to `output`, the command's.
 */
export function cliLogger(
  output: Output = createOutput(),
): Logger & Required<Pick<Logger, 'debug' | 'warn'>> {
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

/** Announces every retry on stderr (with --json too: stdout stays data), on the command's `output`. */
export function onRetry(event: RetryEvent, output: Output = createOutput()): void {
  output.info(retryNotice(event));
}

/**
 * The SDK options the CLI adds to every client it builds. `timeout` is the --timeout flag's
 * value; `output`, the command's, says the retries and the logger's lines.
 */
export function cliClientOptions(
  env: NodeJS.ProcessEnv = process.env,
  timeout?: string,
  output: Output = createOutput(),
): ClientOptions & { totalTimeout: number } {
  const retries = maxRetries(env);
  const bound = requestTimeoutMs(timeout, env);
  return {
    timeout: bound,
    totalTimeout: bound,
    ...(retries === undefined ? {} : { maxRetries: retries }),
    maxRetryDelay: maxRetryDelayMs(env),
    onRetry: (event) => onRetry(event, output),
    logger: cliLogger(output),
    // The CLI tolerates a server's drift (issue 6): `warn` unless the user chose a policy.
    ...(env.DOCS_RESPONSE_VALIDATION ? {} : { responseValidation: 'warn' as const }),
  };
}
