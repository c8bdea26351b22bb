/*
 * Defaults that callers name too (the CLI's flags, the proxy, tests). Apart from sandbox.ts, so
 * that the package's public declarations can export them without reaching the server's.
 */

export const DEFAULT_TOKEN = 'sandbox-token';

/** The largest request body the sandbox reads: 1 MiB. A larger one is refused with a 413 unread. */
export const MAX_BODY_BYTES = 1024 * 1024;
