/* Response headers as an SDK error carries them. */

/**
 * Response headers as an error carries them: a `Headers` (`get`, `has`, iteration) that
 * `console.log`, `util.inspect` and `JSON.stringify` show as a plain object, where `Headers`
 * shows `Headers {}`. Sensitive headers are already replaced with `[redacted]`.
 */
export class ErrorHeaders extends Headers {
  toJSON(): Record<string, string> {
    const plain: Record<string, string> = {};
    this.forEach((value, name) => (plain[name] = value));
    return plain;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): Record<string, string> {
    return this.toJSON();
  }
}

export function errorHeaders(headers: Headers): ErrorHeaders {
  if (headers instanceof ErrorHeaders) return headers;
  const copy = new ErrorHeaders();
  headers.forEach((value, name) => copy.append(name, value));
  return copy;
}
