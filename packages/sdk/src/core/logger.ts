/**
 * Where the SDK reports requests, retries, failures and response drift. `console` fits, and so
 * does any object with some of these methods: the SDK calls only those it finds (request lines go
 * to `debug`, retries and response drift to `warn`). Lines never contain the token or a secret
 * query value.
 */
export interface Logger {
  debug?(message: string, details?: Record<string, unknown>): void;
  info?(message: string, details?: Record<string, unknown>): void;
  warn?(message: string, details?: Record<string, unknown>): void;
  error?(message: string, details?: Record<string, unknown>): void;
}

export const LOGGER_METHODS = ['debug', 'info', 'warn', 'error'] as const;
