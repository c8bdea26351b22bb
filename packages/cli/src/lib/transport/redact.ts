/*
 * The CLI's single redaction point. Every message the output layer writes to stderr (errors,
 * warnings, progress, debug lines) passes through `redact`, so a token, a share key or the
 * credentials of a URL never reach a terminal or a CI log, whoever wrote the line: the CLI,
 * the SDK's logger, or a server echoing what it was sent.
 */

import { isSecretName, REDACTED } from '../../sdk-redact.js';

/** Secrets known to this process: the API token, share keys given as flags. */
const secrets = new Set<string>();

/** A query parameter in a URL: its name, and its value up to the next parameter or the URL's end. */
const PARAMETER = /([?&])([^=&#\s"'<>?]+)=([^&#\s"'<>]*)/g;

/** `scheme://user:password@` or `scheme://token@` in any URL. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@"'<>]+@/gi;

/** Remembers a value that must never be printed. Values shorter than 4 characters are ignored. */
export function addSecret(value: string | undefined): void {
  if (value && value.length >= 4) secrets.add(value);
}

/** Forgets every remembered secret (between in-process test runs). */
export function clearSecrets(): void {
  secrets.clear();
}

/** The text with every known secret, secret URL parameter and URL credential replaced. */
export function redact(text: string): string {
  let result = text;
  const fromEnvironment = process.env.DOCS_API_TOKEN;
  for (const secret of fromEnvironment && fromEnvironment.length >= 4
    ? [...secrets, fromEnvironment]
    : secrets)
    result = result.split(secret).join(REDACTED);
  // The SDK's rules name the secret parameters (one set for the SDK, the CLI and the sandbox).
  return result
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(PARAMETER, (whole, lead: string, name: string) =>
      isSecretName(decodeName(name)) ? `${lead}${name}=${REDACTED}` : whole,
    );
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** A URL to show people: without `user:password@`. Anything that is not a URL is redacted as text. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return redact(url);
    parsed.username = '';
    parsed.password = '';
    return redact(parsed.toString().replace(/\/$/, url.endsWith('/') ? '/' : ''));
  } catch {
    return redact(url);
  }
}
