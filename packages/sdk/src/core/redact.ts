import { withoutCredentials } from './credentials.js';

/**
 * Keeps secrets out of everything the SDK shows: error messages, error properties (`headers`,
 * `url`, `body`, `cause`), and log lines. A secret is the token, and the value of any query
 * parameter that names a secret (`shareKey`, `token`, `key`, `secret`, `password`,
 * `access_token`, ...) in the request at hand. What only a failure needs (the error's headers
 * and cause) is in redact-failure.ts, loaded with the failure path.
 */

export const REDACTED = '[redacted]';

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

/**
 * Names ending so hold a secret: `X-Amz-Signature`, `X-Goog-Signature`, `db_passwd`, an
 * integration's `secrets`, a SAML `certificate`, `credentials`, a cookie.
 */
const SECRET_ENDINGS = /(token|secrets?|passwords?|passwd|key|signature|credentials?|certificate|cookie)$/;

/**
 * Whether a query parameter, header or body field of this name holds a secret: listed, a share
 * link or key (`share`, `shareKey`, `shareLink`), or ending as SECRET_ENDINGS says. The one set of
 * rules of the SDK, the CLI and the sandbox.
 */
export function isSecretName(name: string): boolean {
  const plain = name.toLowerCase().replace(/[-_.]/g, '');
  return SECRET_NAMES.has(plain) || plain.startsWith('share') || SECRET_ENDINGS.test(plain);
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
