import { isSecretName, REDACTED, redactText } from '@docs-api/sdk';

/*
 * What the recording proxy hides before anything reaches a cassette or a report, by the SDK's
 * rules (`isSecretName`, one set for the SDK, the CLI and the sandbox: share keys and links,
 * tokens, keys, secrets, passwords, signatures, an integration's `secrets` map, a SAML provider's
 * `certificate`, cookies and credentials). A hidden value is replaced whole, whatever its type.
 */

export { REDACTED };

/** Whether a body field, header or query parameter of this name holds a secret: the SDK's rules. */
export function isSecretField(name: string): boolean {
  return isSecretName(name);
}

/** Collects the string values a redaction hides, so the same values can be scrubbed elsewhere. */
function collect(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collect(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collect(item, into);
}

/** Query parameters that carry a secret in the URLs an answer holds: a share link's key (`?share=`). */
const SECRET_URL_PARAMETERS = new Set(['share']);

/** Pushes to `found` the secret query values of `text` when it is a URL (the key of a share link's URL). */
function secretsOfUrl(text: string, found: string[]): void {
  if (!/^https?:\/\/[^?]*\?/i.test(text)) return;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return;
  }
  url.searchParams.forEach((value, name) => {
    if (value && (SECRET_URL_PARAMETERS.has(name.toLowerCase()) || isSecretField(name))) found.push(value);
  });
}

/**
 * A copy of a JSON value with the value of every secret-named field replaced by `[redacted]`;
 * the hidden strings are pushed to `found` (so that an answer echoing them is scrubbed too).
 * Secrets in URLs are found too: a secret query value (`?share=<key>`), and the whole published
 * URL of a share link (`object: "share-link"`), which is its key in whatever form the service
 * gives it.
 */
export function redactFields(value: unknown, found: string[], depth = 0): unknown {
  if (typeof value === 'string') {
    secretsOfUrl(value, found);
    return redactUrlCredentials(value, found);
  }
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactFields(item, found, depth + 1));
  const record = value as Record<string, unknown>;
  if (record.object === 'share-link' && record.urls && typeof record.urls === 'object') {
    const urls = record.urls as Record<string, unknown>;
    if (typeof urls.published === 'string' && urls.published && urls.published !== REDACTED) {
      found.push(urls.published);
      secretsOfUrl(urls.published, found);
      return redactFields({ ...record, urls: { ...urls, published: REDACTED } }, found, depth);
    }
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    // Flags and counts named like secrets (`trackingCookie: true`) hold none.
    if (
      isSecretField(key) &&
      (typeof item === 'string' ? item !== '' : typeof item === 'object' && item !== null)
    ) {
      collect(item, found);
      copy[key] = REDACTED;
    } else {
      copy[key] = redactFields(item, found, depth + 1);
    }
  }
  return copy;
}

const URL_CREDENTIALS = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@\s]+)@/i;

/**
 * A URL whose `user:password@` is hidden as `[redacted]@` (a Git repository URL "can contain
 * basic auth credentials", says the published document); the hidden text goes to `found`.
 * Any other string is kept.
 */
export function redactUrlCredentials(text: string, found: string[]): string {
  const match = URL_CREDENTIALS.exec(text);
  if (!match?.[2]) return text;
  const userinfo = match[2];
  found.push(userinfo);
  const password = userinfo.slice(userinfo.indexOf(':') + 1);
  if (userinfo.includes(':') && password) found.push(password);
  return `${match[1]}${REDACTED}@${text.slice(match[0].length)}`;
}

/** Query pairs with the values of secret-named parameters hidden (their values go to `found`). */
export function redactQuery(search: URLSearchParams, found: string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  search.forEach((value, name) => {
    if (isSecretField(name) && value) {
      found.push(value);
      pairs.push([name, REDACTED]);
    } else {
      pairs.push([name, value]);
    }
  });
  return pairs;
}

/** The bearer token (or whatever credential) of an `Authorization` header, to scrub wherever it appears. */
export function credentialOf(authorization: string | null): string[] {
  if (!authorization) return [];
  const match = /^\s*\S+\s+(.+)$/.exec(authorization);
  return [authorization.trim(), ...(match?.[1] ? [match[1].trim()] : [])];
}

/** A JSON value with every known secret string replaced, wherever it appears. */
export function scrub<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const text = JSON.stringify(value);
  if (text === undefined) return value;
  // Secrets are matched as they appear inside JSON strings.
  const escaped = secrets.map((secret) => JSON.stringify(secret).slice(1, -1));
  const cleaned = redactText(text, [...secrets, ...escaped]);
  return cleaned === text ? value : (JSON.parse(cleaned) as T);
}

/** A URL to show or store: no `user:password@`, secret query values hidden. */
export function safeUpstream(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  const found: string[] = [];
  const pairs = redactQuery(copy.searchParams, found);
  copy.search = pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
  return copy.href.replace(/\/$/, '');
}
