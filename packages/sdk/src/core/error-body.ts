/*
 * The server's own explanation, found in an error body of any shape, for `ApiError`'s message.
 */

const MESSAGE_KEYS = ['message', 'error_description', 'detail', 'title', 'error'] as const;

/** Finds a human message in an error body of any shape: `{error: {message}}`, `{message}`, text, ... */
export function messageFromBody(body: unknown, status: number): string {
  // A proxy's HTML error page: its title says more than its markup.
  if (typeof body === 'string' && /^\s*</.test(body)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
    return `${title || statusText(status)} (an HTML page)`;
  }
  const found = findMessage(body, 0);
  if (found) return found.length > 500 ? `${found.slice(0, 500)}…` : found;
  return statusText(status);
}

function findMessage(value: unknown, depth: number): string | undefined {
  if (depth > 3 || value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    const parts = value.map((item) => findMessage(item, depth + 1)).filter(Boolean);
    return parts.length ? parts.join('; ') : undefined;
  }
  const record = value as Record<string, unknown>;
  for (const key of MESSAGE_KEYS) {
    const found = findMessage(record[key], depth + 1);
    if (found) return found;
  }
  if (Array.isArray(record.errors)) return findMessage(record.errors, depth + 1);
  return undefined;
}

function statusText(status: number): string {
  const known: Record<number, string> = {
    400: 'bad request',
    401: 'authentication required or token invalid',
    403: 'permission denied',
    404: 'not found',
    409: 'conflict',
    422: 'unprocessable request',
    429: 'rate limited',
    500: 'internal server error',
    502: 'bad gateway',
    503: 'service unavailable',
    504: 'gateway timeout',
  };
  return known[status] ?? `HTTP ${status}`;
}
