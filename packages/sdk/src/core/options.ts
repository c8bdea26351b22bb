import * as z from 'zod/mini';
import { nearest } from '../contract/nearest.js';
import { InvalidOptionError } from './errors.js';
import { LOGGER_METHODS } from './logger.js';

/*
 * The checks of the client's options and of each call's: zod object schemas, and one function
 * that turns the first issue into an `InvalidOptionError` naming the option, what is allowed and
 * (unless it may be a secret) what was given. An unknown key gets the near miss: `baseURL` →
 * `baseUrl`, `retries` → `maxRetries`.
 */

const HOOK_NAMES = ['beforeRequest', 'beforeRetry', 'afterResponse', 'beforeError'] as const;

const fn = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function');
const positiveMs = z.custom<number>((value) => typeof value === 'number' && value > 0);
const wholeFromZero = z.int().check(z.gte(0));

/** Per-call options: the last argument of every resource method. */
export const requestOptionsSchema = z.strictObject({
  signal: z.optional(
    z.custom<AbortSignal>(
      (value) =>
        typeof (value as AbortSignal | null)?.aborted === 'boolean' &&
        typeof value.addEventListener === 'function',
    ),
  ),
  timeout: z.optional(positiveMs),
  totalTimeout: z.optional(positiveMs),
  maxRetries: z.optional(wholeFromZero),
  headers: z.optional(z.record(z.string(), z.string())),
  extraBody: z.optional(z.record(z.string(), z.unknown())),
});

/** `new DocsClient(options)`. `responseValidation` is checked with its environment variable. */
export const clientOptionsSchema = z.strictObject({
  token: z.optional(z.string()),
  baseUrl: z.optional(z.string()),
  fetch: z.optional(fn),
  timeout: z.optional(positiveMs),
  totalTimeout: z.optional(positiveMs),
  maxRetries: z.optional(wholeFromZero),
  maxRetryDelay: z.optional(z.number().check(z.gte(0))),
  logger: z.optional(
    z.looseObject(Object.fromEntries(LOGGER_METHODS.map((method) => [method, z.optional(fn)]))),
  ),
  userAgent: z.optional(z.string()),
  responseValidation: z.optional(z.unknown()),
  onRetry: z.optional(fn),
  maxConcurrency: z.optional(
    z.custom<number>(
      (value) => typeof value === 'number' && value >= 1 && (value === Infinity || Number.isInteger(value)),
    ),
  ),
  onRateLimit: z.optional(fn),
  hooks: z.optional(
    z.strictObject(Object.fromEntries(HOOK_NAMES.map((name) => [name, z.optional(z.array(fn))]))),
  ),
});

const MILLISECONDS = 'a number of milliseconds greater than 0, such as 30000 (or Infinity for none)';

/** What each option allows, for messages. */
const ALLOWED: Record<string, string> = {
  token: 'a string (the API token)',
  baseUrl: 'a string',
  userAgent: 'a string',
  fetch: 'a function',
  onRetry: 'a function',
  onRateLimit: 'a function',
  timeout: MILLISECONDS,
  totalTimeout: MILLISECONDS,
  maxRetries: 'a whole number of 0 or more, such as 2',
  maxRetryDelay: 'a number of milliseconds of 0 or more, such as 60000',
  maxConcurrency: 'a whole number of 1 or more, such as 10 (or Infinity for no limit)',
  logger: `an object with some of the methods ${LOGGER_METHODS.join(', ')}`,
  hooks: `an object of ky hooks (${HOOK_NAMES.join(', ')})`,
  signal: 'an AbortSignal',
  headers: 'an object of header names to string values',
  extraBody: 'an object of body fields to send as given',
};

/** Options whose value is never echoed: it may be a secret. */
const SECRET_OPTIONS = new Set(['token']);

/**
 * Checks `options` against `schema`; throws an `InvalidOptionError` for the first problem.
 * `what` names the options in messages: `DocsClient option`, `request option`.
 */
export function checkOptions(schema: z.ZodMiniType, options: unknown, what: string, example: string): void {
  if (options === null || typeof options !== 'object') {
    throw new InvalidOptionError(`${what}s must be an object such as ${example}`);
  }
  const result = schema.safeParse(options);
  if (result.success) return;
  const issue = result.error.issues[0]!;
  const [key, member] = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const known = Object.keys(
      key === 'hooks' ? Object.fromEntries(HOOK_NAMES.map((name) => [name, 1])) : shapeKeys(schema),
    );
    throw new InvalidOptionError(
      unknownOption(issue.keys[0]!, known, key === 'hooks' ? 'hook list in the hooks option' : what),
    );
  }
  if (key === undefined) throw new InvalidOptionError(`${what}s are not valid: ${issue.message}`);
  const value = (options as Record<string, unknown>)[key];
  if (key === 'hooks' && member !== undefined) {
    throw new InvalidOptionError(`hooks.${member} must be an array of functions`);
  }
  if (key === 'logger' && member !== undefined) {
    const given = (value as Record<string, unknown>)[member];
    throw new InvalidOptionError(
      `the logger option's ${member} must be a function (a logger may have any of ${LOGGER_METHODS.join(', ')}); got ${describeValue(given)}`,
    );
  }
  const allowed = ALLOWED[key] ?? 'valid';
  const shown =
    SECRET_OPTIONS.has(key) || key === 'headers' || key === 'signal' ? '' : `; got ${describeValue(value)}`;
  throw new InvalidOptionError(`the ${key} option must be ${allowed}${shown}`);
}

function shapeKeys(schema: z.ZodMiniType): Record<string, unknown> {
  return schema === requestOptionsSchema ? requestOptionsSchema.shape : clientOptionsSchema.shape;
}

/** A value, shown for a message: numbers and short words as they are, anything else by its type (it may be a secret). */
export function describeValue(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (typeof value === 'string') return /^[\w .-]{0,12}$/.test(value) ? `"${value}"` : 'a string';
  return typeof value === 'function'
    ? 'a function'
    : Array.isArray(value)
      ? 'an array'
      : `a${typeof value === 'object' ? 'n object' : ` ${typeof value}`}`;
}

/** "unknown option `baseURL`; did you mean `baseUrl`?" */
export function unknownOption(key: string, known: readonly string[], what: string): string {
  const near = nearest(key, known);
  const shown = /^[\w$-]{1,40}$/.test(key) ? `\`${key}\`` : 'a key';
  return `unknown ${what} ${shown}${near ? `; did you mean \`${near}\`?` : ''} (allowed: ${known.join(', ')})`;
}

export { nearest };
