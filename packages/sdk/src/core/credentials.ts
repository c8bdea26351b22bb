import { InvalidBaseUrlError, InvalidTokenError } from './errors.js';

/**
 * Checks on what the client is configured with, made before any request so that a bad value
 * fails with a typed error that names the problem, never the value.
 */

const CHARACTER_NAMES: Record<string, string> = {
  '\n': 'a line break',
  '\r': 'a carriage return',
  '\t': 'a tab',
  ' ': 'a space',
};

/**
 * A bearer token is one run of visible ASCII characters (an HTTP header value that needs no
 * quoting). Anything else is a copy-and-paste accident, and fetch would reject it with a
 * message quoting the header, token included.
 */
export function checkToken(token: string): void {
  for (let index = 0; index < token.length; index++) {
    const char = token.charAt(index);
    const code = token.charCodeAt(index);
    if (code >= 0x21 && code <= 0x7e) continue;
    const what =
      CHARACTER_NAMES[char] ??
      (code < 0x20 || code === 0x7f ? 'a control character' : 'a non-ASCII character');
    throw new InvalidTokenError(
      `The API token contains ${what} at position ${index + 1}; a token is one line of visible ASCII characters. Check how it was copied.`,
    );
  }
}

/** Removes `user:password@` from a URL for messages; leaves anything unparseable as it is. */
export function withoutCredentials(url: string): string {
  return url.replace(/^([^/]*\/\/)?[^/?#]*@/, '$1');
}

/** Strips a trailing `/` and `/v1`: operation paths carry the version themselves. */
export function normalizeBaseUrl(baseUrl: string): string {
  let url = baseUrl.trim().replace(/\/+$/, '');
  if (url.endsWith('/v1')) url = url.slice(0, -3);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidBaseUrlError(
      `baseUrl must be an absolute URL such as https://api.example.com/v1 (got "${withoutCredentials(baseUrl)}")`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InvalidBaseUrlError('baseUrl must be an http or https URL such as https://api.example.com/v1');
  }
  if (parsed.username || parsed.password) {
    throw new InvalidBaseUrlError(
      'baseUrl must not carry credentials (user:password@host): the API token is the only credential; pass it as the token.',
    );
  }
  return url;
}
