/*
 * What a failed `fetch` says, read for people: the error codes along its cause chain (Node's),
 * or a browser's fixed message, which hides the reason.
 */

/** Error codes along the cause chain; some wrappers put a thrown non-Error value in `.value`. */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, cause, value } = current as { code?: unknown; cause?: unknown; value?: unknown };
    if (typeof code === 'string') codes.push(code);
    current = cause ?? value;
  }
  return codes;
}

/** The retry reason for people: `connection refused`, `DNS lookup failed`, ... */
export function networkReason(codes: string[], phase: 'headers' | 'body'): string {
  if (codes.includes('ECONNREFUSED')) return 'connection refused';
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) return 'DNS lookup failed';
  if (codes.includes('EHOSTUNREACH') || codes.includes('ENETUNREACH')) return 'host unreachable';
  if (codes.includes('UND_ERR_CONNECT_TIMEOUT')) return 'connect timeout';
  if (phase === 'body') return 'connection reset mid-body';
  const resetCodes = ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'];
  return codes.some((code) => resetCodes.includes(code)) ? 'connection reset' : 'connection failed';
}

/** The messages of the `TypeError` a browser's fetch rejects with, all causes alike: Chromium, Firefox, Safari. */
const BROWSER_FETCH_FAILURE =
  /^(Failed to fetch|NetworkError when attempting to fetch resource|Load failed)\b/;

/** A browser's opaque fetch failure: no code anywhere, one of the browsers' fixed messages. */
export function isBrowserFetchFailure(error: unknown, codes: string[]): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return (
    codes.length === 0 &&
    name === 'TypeError' &&
    typeof message === 'string' &&
    BROWSER_FETCH_FAILURE.test(message)
  );
}

export function browserFailureHint(): string {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  const page = typeof origin === 'string' && origin !== 'null' ? `, ${origin}` : '';
  return `could not reach the server, or the browser blocked the call (CORS: the server must allow this page's origin${page}; the browser's console says which)`;
}

/** The network error's own words, with its code: `ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1`. */
export function describeNetworkError(error: unknown): string {
  const codes = errorCodes(error);
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  const detail =
    cause instanceof Error
      ? cause.message
      : error instanceof Error
        ? error.message
        : typeof (error as { message?: unknown } | undefined)?.message === 'string'
          ? (error as { message: string }).message
          : String(error);
  return codes[0] && !detail.includes(codes[0]) ? `${codes[0]}: ${detail}` : detail;
}
