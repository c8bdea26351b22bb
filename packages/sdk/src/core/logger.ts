/** Where the SDK reports requests, retries and failures. `console` fits. */
export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
}

/** Replaces every occurrence of `secret` in `text`, so a token echoed by a server never leaks. */
export function redact(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join('[redacted]');
}
