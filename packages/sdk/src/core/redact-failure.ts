import { ErrorHeaders } from './error-headers.js';
import { REDACTED, containsSecret, redactText } from './redact.js';

/*
 * The redaction only a failure needs (redact.ts has the rest): an ApiError's headers and the
 * copy of a network error kept as `cause`. Loaded with failures.ts, when an attempt fails.
 */

/** Response headers whose value is a credential whatever it contains. */
const SENSITIVE_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/** A copy of response headers with credentials and any header carrying a secret replaced. */
export function redactHeaders(headers: Headers, secrets: readonly string[]): ErrorHeaders {
  const copy = new ErrorHeaders();
  headers.forEach((value, name) => {
    const hidden = SENSITIVE_HEADERS.has(name.toLowerCase()) || containsSecret(value, secrets);
    copy.append(name, hidden ? REDACTED : value);
  });
  return copy;
}

/**
 * A copy of an error (and its causes) that keeps what helps to diagnose it (name, message,
 * code, errno, syscall, stack) with secrets replaced, and drops everything else (sockets,
 * requests, headers), so that `util.inspect(error)` of an SDK error shows no secret.
 */
export function redactCause(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (depth > 4 || error === undefined || error === null) return undefined;
  if (typeof error === 'string') return redactText(error, secrets);
  if (typeof error !== 'object') return error;
  const source = error as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    errno?: unknown;
    syscall?: unknown;
    stack?: unknown;
    cause?: unknown;
    value?: unknown;
  };
  const copy = new Error(redactText(typeof source.message === 'string' ? source.message : '', secrets));
  copy.name = typeof source.name === 'string' ? source.name : 'Error';
  copy.stack =
    typeof source.stack === 'string' ? redactText(source.stack, secrets) : `${copy.name}: ${copy.message}`;
  for (const key of ['code', 'errno', 'syscall'] as const) {
    const value = source[key];
    if (typeof value === 'string' || typeof value === 'number') Object.assign(copy, { [key]: value });
  }
  // ky and some fetch wrappers put a thrown non-Error value in `.value`.
  const inner = source.cause ?? source.value;
  if (inner !== undefined) {
    Object.defineProperty(copy, 'cause', {
      value: redactCause(inner, secrets, depth + 1),
      enumerable: false,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
