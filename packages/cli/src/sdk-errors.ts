/*
 * The SDK's error classes as the CLI loads them where it classifies an error: bundled apart from
 * the client (scripts/bundle.mjs), in a chunk that dist/sdk.js shares, so that a failure before
 * any request (a usage error) loads a few kilobytes, not the SDK. Import it lazily. See sdk.ts.
 */
export {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  DocsError,
  InvalidBaseUrlError,
  InvalidOptionError,
  InvalidTokenError,
  MergeConflictError,
  MissingTokenError,
  NotFoundError,
  PermissionDeniedError,
  RequestValidationError,
  TimeoutError,
} from '@docs-api/sdk';
