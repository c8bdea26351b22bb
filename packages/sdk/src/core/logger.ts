/**
 * Where the SDK reports requests, retries, failures and response drift. `console` fits.
 * Lines never contain the token or a secret query value.
 */
export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
}
