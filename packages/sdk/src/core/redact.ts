import { withoutCredentials } from './credentials.js';
import { ErrorHeaders } from './error-headers.js';

/**
 * Keeps secrets out of everything the SDK shows: error messages, error properties (`headers`,
 * `url`, `body`, `cause`), and log lines. A secret is the token, and the value of any query
 * parameter that names a secret (`shareKey`, `token`, `key`, `secret`, `password`,
 * `access_token`, ...) in the request at hand.
 */

export const REDACTED = '[redacted]';

/** Response headers whose value is a credential whatever it contains. */
const SENSITIVE_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/** Query parameter names (lower case, without `_` and `-`) whose values are secrets. */
const SECRET_NAMES = new Set([
  'sharekey',
  'token',
  'key',
  'secret',
  'password',
  'passwd',
  'accesstoken',
  'refreshtoken',
  'apikey',
  'clientsecret',
  'signature',
  'sig',
  'auth',
  'authorization',
]);

/** Whether a query parameter name names a secret: listed, or ending in token/secret/password/key. */
export function isSecretName(name: string): boolean {
  const plain = name.toLowerCase().replace(/[-_]/g, '');
  return SECRET_NAMES.has(plain) || /(token|secret|password|key)$/.test(plain);
}

/** Secrets shorter than this are not searched for: replacing them would garble ordinary text. */
const MIN_SECRET_LENGTH = 4;

function usable(secrets: readonly string[]): string[] {
  const found = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    found.add(secret);
    // The same secret as it appears in a URL.
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) found.add(encoded);
  }
  // Longest first, so a secret that contains another is replaced whole.
  return [...found].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of each secret in `text`. */
export function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of usable(secrets)) result = result.split(secret).join(REDACTED);
  return result;
}

export function containsSecret(text: string, secrets: readonly string[]): boolean {
  return usable(secrets).some((secret) => text.includes(secret));
}

/** The secrets of one request: the token and the values of secret-named query parameters. */
export function secretsOf(token: string, search: URLSearchParams | undefined): string[] {
  const secrets = [token];
  search?.forEach((value, name) => {
    if (isSecretName(name) && value) secrets.push(value);
  });
  return secrets;
}

/**
 * A URL fit for a message or a log line: no `user:password@`, secret query values replaced,
 * and any secret elsewhere (a path segment, a fragment) replaced too. The rest is kept as
 * written, so the URL still says which request it was.
 */
export function safeUrl(url: string, secrets: readonly string[]): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = withoutCredentials(queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt));
  let query = queryAt < 0 ? '' : beforeHash.slice(queryAt);
  if (query) {
    query =
      '?' +
      query
        .slice(1)
        .split('&')
        .map((part) => {
          const eq = part.indexOf('=');
          const rawName = eq < 0 ? part : part.slice(0, eq);
          const value = eq < 0 ? '' : decodePart(part.slice(eq + 1));
          return isSecretName(decodePart(rawName)) || containsSecret(value, secrets)
            ? `${rawName}=${REDACTED}`
            : part;
        })
        .join('&');
  }
  return redactText(base + query + hash, secrets);
}

function decodePart(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A copy of response headers with credentials and any header carrying a secret replaced. */
export function redactHeaders(headers: Headers, secrets: readonly string[]): ErrorHeaders {
  const copy = new ErrorHeaders();
  headers.forEach((value, name) => {
    const hidden = SENSITIVE_HEADERS.has(name.toLowerCase()) || containsSecret(value, secrets);
    copy.append(name, hidden ? REDACTED : value);
  });
  return copy;
}

/** A body (parsed JSON or text) with every secret replaced; unchanged when it holds none. */
export function redactBody(body: unknown, secrets: readonly string[]): unknown {
  if (body === undefined) return body;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (text === undefined || !containsSecret(text, secrets)) return body;
  const cleaned = redactText(text, secrets);
  if (typeof body === 'string') return cleaned;
  try {
    return JSON.parse(cleaned) as unknown;
  } catch {
    return cleaned;
  }
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
